import type { ComponentProps, ReactElement, ReactNode } from 'react';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';

/** What every confirmation says: the question, what will happen, and the one button that does it. */
interface Confirmation {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirm button waits (e.g. while the question's figures load). */
  confirmDisabled?: boolean;
  /** The description changes while the question is open (a count arriving): read out when it does. */
  liveDescription?: boolean;
  /** The button that changes nothing; "Cancel" unless that would read as the action's opposite. */
  cancelLabel?: string;
}

function ConfirmContent({
  title,
  description,
  confirmLabel,
  onConfirm,
  confirmDisabled,
  liveDescription,
  cancelLabel = 'Cancel',
  onCloseAutoFocus,
}: Confirmation & { onCloseAutoFocus?: (event: Event) => void }) {
  return (
    <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
      <AlertDialogHeader>
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription aria-live={liveDescription ? 'polite' : undefined}>
          {description}
        </AlertDialogDescription>
      </AlertDialogHeader>
      <AlertDialogFooter>
        <AlertDialogCancel>{cancelLabel}</AlertDialogCancel>
        <AlertDialogAction onClick={onConfirm} disabled={confirmDisabled}>
          {confirmLabel}
        </AlertDialogAction>
      </AlertDialogFooter>
    </AlertDialogContent>
  );
}

/**
 * A button that asks before it acts: the confirmation names what will happen; Cancel and Escape
 * change nothing and give the focus back to the button.
 */
export function ConfirmAction({ trigger, ...confirmation }: Confirmation & { trigger: ReactElement }) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <ConfirmContent {...confirmation} />
    </AlertDialog>
  );
}

/**
 * The same confirmation, opened by the screen instead of a trigger of its own: a switch turned on,
 * a row's button in a list that redraws, a menu entry (issue 27 item 8: one confirmation dialog).
 * `returnFocusTo` is where the focus goes when it closes, if that element is still on the page
 * (the row may be gone after a delete); otherwise the browser's default applies.
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  returnFocusTo,
  ...confirmation
}: Confirmation & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  returnFocusTo?: HTMLElement | null | (() => HTMLElement | null | undefined);
}) {
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <ConfirmContent
        {...confirmation}
        onCloseAutoFocus={(event) => {
          const target = typeof returnFocusTo === 'function' ? returnFocusTo() : returnFocusTo;
          if (target?.isConnected) {
            event.preventDefault();
            target.focus();
          }
        }}
      />
    </AlertDialog>
  );
}

/**
 * "Discard your changes?" with Keep editing and Discard: the one question before typed work is
 * dropped, asked by a form's dialog (decision 0156) and by a page that replaces an editor (0157).
 */
export function DiscardChangesDialog(
  props: Omit<ComponentProps<typeof ConfirmDialog>, 'title' | 'cancelLabel' | 'confirmLabel'>,
) {
  return <ConfirmDialog {...props} title="Discard your changes?" cancelLabel="Keep editing" confirmLabel="Discard" />;
}

/** `ConfirmAction` with a plain button as its trigger: the button's props, and its label as children. */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  onConfirm,
  ...button
}: Omit<ComponentProps<typeof Button>, 'onClick' | 'title'> & {
  children: ReactNode;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm: () => void;
}) {
  return (
    <ConfirmAction
      trigger={<Button {...button}>{children}</Button>}
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
    />
  );
}
