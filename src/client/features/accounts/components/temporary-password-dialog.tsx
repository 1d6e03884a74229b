import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

/**
 * A temporary password, shown once to the admin who set it, to pass on in person or by phone.
 * Opened by a confirmation, not a trigger of its own: the focus goes back to `opener`.
 */
export function TemporaryPasswordDialog({
  who,
  password,
  opener,
  onClose,
}: {
  who: string;
  password: string;
  opener: HTMLElement | null;
  onClose: () => void;
}) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password);
      toast.success('Copied');
    } catch {
      toast.error('Could not copy', { description: 'Select the password and copy it by hand.' });
    }
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          opener?.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Temporary password for {who}</DialogTitle>
          <DialogDescription>
            Give it to {who} in person or by phone. It is shown only this once. At their next sign-in they choose their
            own.
          </DialogDescription>
        </DialogHeader>
        <p
          className="select-all rounded-md border bg-muted/40 p-3 text-center font-mono text-2xl tracking-wider"
          aria-label="Temporary password"
        >
          {password}
        </p>
        <DialogFooter>
          <Button variant="outline" onClick={() => void copy()}>
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
