import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { updateAccountSchema } from '#shared/schemas/accounts';
import type { Account } from '../api/list-accounts';
import { useChangeAccount } from '../api/change-account';

/** Corrects a person's name or email; the same rules as the server, checked before sending. */
export function EditAccountDialog({
  account,
  opener,
  onClose,
}: {
  account: Account;
  /** The button that opened it: it gets the focus back (the dialog has no trigger of its own). */
  opener: HTMLElement;
  onClose: () => void;
}) {
  const id = useId();
  const { update } = useChangeAccount();
  const [name, setName] = useState(account.name);
  const [email, setEmail] = useState(account.email);
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const parsed = updateAccountSchema.safeParse({
      ...(name.trim() !== account.name ? { name } : {}),
      ...(email.trim().toLowerCase() !== account.email ? { email } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]!.message);
      return;
    }
    update.mutate(
      { id: account.id, values: parsed.data },
      {
        onSuccess: () => {
          toast.success('Account saved');
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={(e) => {
          e.preventDefault();
          opener.focus();
        }}
      >
        <DialogHeader>
          <DialogTitle>Edit account</DialogTitle>
          <DialogDescription>Correct the name or the email address this person signs in with.</DialogDescription>
        </DialogHeader>
        <form className="flex flex-col gap-4" onSubmit={save} noValidate>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-name`}>Name</Label>
            <Input id={`${id}-name`} value={name} maxLength={100} onChange={(e) => setName(e.target.value)} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              id={`${id}-email`}
              type="email"
              value={email}
              maxLength={255}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving...' : 'Save'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
