import { useLayoutEffect, type KeyboardEvent, type RefObject } from 'react';

/**
 * Roving focus in the chat's log (decision 0170). Every message of one's own carried Edit and
 * Delete in the Tab order, with the links and files of every message, so reaching the message
 * box past a long conversation took some seventy presses. Now one message at a time is in the
 * Tab order with what it holds (the newest until another is chosen); the arrow keys move between
 * messages, Home and End go to the first and the newest. A mouse reaches every button as before.
 */

const MESSAGE = '[data-message-id]';
const KEYS = new Set(['ArrowUp', 'ArrowDown', 'Home', 'End']);

/** Moves the focus between messages for the arrow keys, Home and End, pressed on the log or on a message itself. */
export function moveBetweenMessages(event: KeyboardEvent<HTMLElement>, log: HTMLElement | null) {
  if (!log || !KEYS.has(event.key)) return;
  const target = event.target as HTMLElement;
  const current = target.closest<HTMLElement>(MESSAGE);
  // Keys pressed in a button, a link or the edit box are theirs.
  if (target !== log && target !== current) return;
  const messages = [...log.querySelectorAll<HTMLElement>(MESSAGE)];
  if (messages.length === 0) return;
  const at = current ? messages.indexOf(current) : messages.length;
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? messages.length - 1
        : event.key === 'ArrowUp'
          ? Math.max(0, at - 1)
          : Math.min(messages.length - 1, current ? at + 1 : messages.length - 1);
  event.preventDefault();
  messages[next]!.focus();
}

const FOCUSABLE = 'a[href], button, textarea, input, [tabindex]';
const LEFT_OUT = 'data-roving-off';

/**
 * Keeps what a message holds (its actions, links, pictures and files) out of the Tab order
 * unless it is the message in the Tab order. Run after every render, as the message's content
 * can change (an edit, a picture's button); it only touches what it left out itself.
 */
export function useTabStopsWithin(message: RefObject<HTMLElement | null>, inTabOrder: boolean) {
  useLayoutEffect(() => {
    const root = message.current;
    if (!root) return;
    for (const element of root.querySelectorAll<HTMLElement>(FOCUSABLE)) {
      if (inTabOrder) {
        if (element.hasAttribute(LEFT_OUT)) {
          element.removeAttribute(LEFT_OUT);
          element.removeAttribute('tabindex');
        }
      } else if (!element.hasAttribute(LEFT_OUT) && !element.hasAttribute('tabindex')) {
        element.setAttribute(LEFT_OUT, '');
        element.setAttribute('tabindex', '-1');
      }
    }
  });
}
