import type { FormEvent, ReactNode } from 'react';
import { Button } from '@/components/ui/button';
import { FormDialogContent } from '@/components/form-dialog-content';
import { Dialog, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

/**
 * The frame of the account dialogs (edit, role): a form with the server's refusal shown as an
 * alert, Cancel and Save. Opened by a button that is not its trigger, it gives that button the
 * focus back when it closes.
 */
export function AccountFormDialog({
  title,
  description,
  opener,
  onClose,
  onSubmit,
  error,
  pending,
  submitDisabled = false,
  children,
}: {
  title: string;
  description: string;
  opener: HTMLElement;
  onClose: () => void;
  onSubmit: (event: FormEvent) => void;
  error: string | null;
  pending: boolean;
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <FormDialogContent
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={onSubmit} noValidate>
          {children}
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending || submitDisabled}>
              {pending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </FormDialogContent>
    </Dialog>
  );
}
