import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { updateAccountSchema } from '#shared/schemas/accounts';
import type { Account } from '../api/list-accounts';
import { useChangeAccount } from '../api/change-account';
import { AccountFormDialog } from './account-form-dialog';

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
    <AccountFormDialog
      title="Edit account"
      description="Correct the name or the email address this person signs in with."
      opener={opener}
      onClose={onClose}
      onSubmit={save}
      error={error}
      pending={update.isPending}
    >
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
    </AccountFormDialog>
  );
}
