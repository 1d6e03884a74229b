import { Dialog as DialogPrimitive } from 'radix-ui';
import { useCallback, useRef, useState, type ComponentProps } from 'react';
import { DiscardChangesDialog } from '@/components/confirm-action';
import { DialogContent } from '@/components/ui/dialog';
import { useFieldEdits } from '@/components/ui/use-field-edits';
import { useUnsavedChanges } from '@/lib/unsaved-changes';

/**
 * The content of a dialog that holds a form (decision 0156). Escape, a click beside the dialog or
 * its corner's close button would drop what the person typed without a word: once a field has
 * changed, they ask "Discard your changes?" first, and Keep editing returns to the form as it
 * was. The form's own Cancel button, and closing after a save, close at once as before.
 */
export function FormDialogContent({
  onOpenAutoFocus,
  onEscapeKeyDown,
  onInteractOutside,
  onCloseButtonClick,
  ref,
  children,
  ...props
}: ComponentProps<typeof DialogContent>) {
  const edits = useFieldEdits();
  const content = useRef<HTMLDivElement | null>(null);
  const close = useRef<HTMLButtonElement>(null);
  const discarding = useRef(false);
  const [asking, setAsking] = useState(false);
  // Where the person was when they tried to leave: the focus goes back there on Keep editing.
  const [returnTo, setReturnTo] = useState<HTMLElement | null>(null);
  // What was typed also holds the page: the browser's Back (a phone's back gesture) asks "Leave
  // this page?" like any unsaved form, instead of leaving with the dialog and its words.
  const [dirty, setDirty] = useState(false);
  // After the field watcher has noted the edit (it listens on the content, below React's root).
  const noteEdit = () => queueMicrotask(() => setDirty(content.current !== null && edits.changed(content.current)));
  const releasePage = useUnsavedChanges(dirty);

  // Stable, so React does not detach and attach the field watcher on every render.
  const setContent = useCallback(
    (element: HTMLDivElement | null) => {
      content.current = element;
      edits.observe(element);
      // Closed (saved, cancelled or discarded): the page is let go in the same commit that takes
      // the dialog away. Waiting for the state below to render again, Back pressed just after a
      // save could still ask "Leave this page?" over words already saved.
      if (!element) releasePage();
      if (typeof ref === 'function') ref(element);
      else if (ref) ref.current = element;
    },
    [edits, ref, releasePage],
  );

  /** Keeps the dialog open and asks, when something typed would be lost. */
  const ask = (event: { preventDefault: () => void }) => {
    if (discarding.current || !content.current || !edits.changed(content.current)) return;
    event.preventDefault();
    setReturnTo(document.activeElement instanceof HTMLElement ? document.activeElement : null);
    setAsking(true);
  };

  return (
    <DialogContent
      {...props}
      ref={setContent}
      // This component stays mounted while its dialog is closed: each opening starts afresh.
      onOpenAutoFocus={(event) => {
        edits.reset();
        discarding.current = false;
        setDirty(false);
        onOpenAutoFocus?.(event);
      }}
      onCloseAutoFocus={(event) => {
        // Closed (saved, cancelled or discarded): nothing of it holds the page any more.
        setDirty(false);
        props.onCloseAutoFocus?.(event);
      }}
      onInputCapture={noteEdit}
      onChangeCapture={noteEdit}
      onEscapeKeyDown={(event) => {
        onEscapeKeyDown?.(event);
        // Radix hands Escape to the layer that was on top at its last render: for a moment after
        // the question opens, that is still this dialog. An Escape from inside the question is
        // its Keep editing, whichever layer receives it.
        if (event.target instanceof Element && event.target.closest('[role="alertdialog"]')) {
          event.preventDefault();
          setAsking(false);
          return;
        }
        // A part of the form that closes on Escape itself (a partner's tag editor) takes it: the
        // dialog stays open, and the part's own key handler, which runs after this one, closes it.
        if (event.target instanceof Element && event.target.closest('[data-own-escape]')) {
          event.preventDefault();
          return;
        }
        if (!event.defaultPrevented) ask(event);
      }}
      onInteractOutside={(event) => {
        onInteractOutside?.(event);
        if (!event.defaultPrevented) ask(event);
      }}
      onCloseButtonClick={(event) => {
        onCloseButtonClick?.(event);
        if (!event.defaultPrevented) ask(event);
      }}
    >
      {children}
      {/* Closes the dialog the way its corner button does, once the person chose to discard. */}
      <DialogPrimitive.Close ref={close} hidden tabIndex={-1} />
      <DiscardChangesDialog
        open={asking}
        onOpenChange={setAsking}
        returnFocusTo={returnTo}
        description="What you typed in this form will be lost."
        onConfirm={() => {
          discarding.current = true;
          close.current?.click();
        }}
      />
    </DialogContent>
  );
}
