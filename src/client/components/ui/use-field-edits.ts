import { useState } from 'react';

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Stands for a value that was not seen before the person changed it. */
const UNSEEN = '\u0000unseen';

/** A form's own field: filters and searches outside a `<form>` are ways of looking, not edits. */
function fieldOf(target: EventTarget | null): Field | null {
  if (!(
    target instanceof HTMLInputElement ||
    target instanceof HTMLTextAreaElement ||
    target instanceof HTMLSelectElement
  ))
    return null;
  return target.closest('form') ? target : null;
}

function valueOf(field: Field): string {
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return String(field.checked);
  if (field instanceof HTMLSelectElement && field.multiple)
    return [...field.selectedOptions].map((option) => option.value).join('\n');
  return field.value;
}

/**
 * Whether a person changed a form's fields. A field's value is noted just before the person first
 * edits it (`beforeinput`), so values a form fills in by itself after opening are never taken
 * for edits; typing something and deleting it again is no change. A field changed without that
 * event (a select, a checkbox, a date, the browser's autofill) is noted from the change itself:
 * a checkbox was the opposite, a radio was off, anything else counts as changed. `observe` the
 * element that holds the fields; `reset` forgets everything (a dialog opened again).
 */
export function useFieldEdits() {
  // One watcher for the component's life: its functions keep their identity between renders.
  const [edits] = useState(watchFieldEdits);
  return edits;
}

function watchFieldEdits() {
  let before = new WeakMap<Field, string>();
  let observed: { element: HTMLElement; stop: () => void } | null = null;

  const noteBeforeEdit = (event: Event) => {
    const field = fieldOf(event.target);
    if (field && !before.has(field)) before.set(field, valueOf(field));
  };
  const noteChange = (event: Event) => {
    const field = fieldOf(event.target);
    if (!field || before.has(field)) return;
    const checkable = field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio');
    before.set(field, checkable ? String(field.type === 'checkbox' ? !field.checked : false) : UNSEEN);
  };

  const observe = (element: HTMLElement | null) => {
    if (observed?.element === element) return;
    observed?.stop();
    observed = null;
    if (!element) return;
    element.addEventListener('beforeinput', noteBeforeEdit, true);
    element.addEventListener('input', noteChange, true);
    element.addEventListener('change', noteChange, true);
    observed = {
      element,
      stop: () => {
        element.removeEventListener('beforeinput', noteBeforeEdit, true);
        element.removeEventListener('input', noteChange, true);
        element.removeEventListener('change', noteChange, true);
      },
    };
  };
  const changed = (root: HTMLElement) =>
    [...root.querySelectorAll<Field>('input, textarea, select')].some((field) => {
      const was = before.get(field);
      return was !== undefined && was !== valueOf(field);
    });
  const reset = () => {
    before = new WeakMap();
  };
  return { observe, changed, reset };
}
