import { useId, useState, type FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import type { AccountRole } from '#shared/schemas/accounts';
import type { Account } from '../api/list-accounts';
import { useChangeAccount } from '../api/change-account';
import { AccountFormDialog } from './account-form-dialog';

const WHAT_IT_MEANS: Record<AccountRole, string> = {
  admin: 'An admin can use every feature and manage every account, roles included.',
  coordinator: 'A coordinator uses the features their switches on User Management allow.',
  none: 'Without a role, the person can sign in to Settings only.',
};

/** An admin changes a person's role; the person's open tabs follow at once. */
export function RoleDialog({
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
  const { setRole } = useChangeAccount();
  const [role, setRoleChoice] = useState<AccountRole>(account.role);
  const [error, setError] = useState<string | null>(null);

  const save = (event: FormEvent) => {
    event.preventDefault();
    setRole.mutate(
      { id: account.id, role },
      {
        onSuccess: () => {
          toast.success('Role changed', {
            description: `${account.name || account.email}: ${role === 'none' ? 'no role' : role}`,
          });
          onClose();
        },
        onError: (err) => setError(err.message),
      },
    );
  };

  return (
    <AccountFormDialog
      title="Change role"
      description={account.name || account.email}
      opener={opener}
      onClose={onClose}
      onSubmit={save}
      error={error}
      pending={setRole.isPending}
      submitDisabled={role === account.role}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect
          id={`${id}-role`}
          value={role}
          onChange={(e) => {
            setRoleChoice(e.target.value as AccountRole);
            setError(null);
          }}
        >
          <option value="admin">Admin</option>
          <option value="coordinator">Coordinator</option>
          <option value="none">No role</option>
        </NativeSelect>
        <p className="text-sm text-muted-foreground">{WHAT_IT_MEANS[role]}</p>
      </div>
    </AccountFormDialog>
  );
}
