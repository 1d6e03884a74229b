import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmAction } from '@/components/confirm-action';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth/api/get-me';
import type { Account } from '../api/list-accounts';
import { useChangeAccount } from '../api/change-account';
import { EditAccountDialog } from './edit-account-dialog';
import { RoleDialog } from './role-dialog';
import { TemporaryPasswordDialog } from './temporary-password-dialog';

const failed = (what: string) => (err: unknown) =>
  toast.error(`Failed to ${what}`, { description: err instanceof Error ? err.message : String(err) });

/**
 * Edit, deactivate (after a confirmation) or reactivate, send a password link or set a
 * temporary password, and reset a lost second factor. The server
 * refuses what the person may not do (an admin's account for a coordinator, oneself, the last
 * admin) with a reason, shown as the toast's description.
 */
export function AccountActions({ account }: { account: Account }) {
  const { data: me } = useMe();
  const change = useChangeAccount();
  // The button that opened a dialog, to give the focus back to when it closes.
  const [editing, setEditing] = useState<HTMLElement | null>(null);
  const [changingRole, setChangingRole] = useState<HTMLElement | null>(null);
  const [temporary, setTemporary] = useState<{ password: string; opener: HTMLElement | null } | null>(null);
  const who = account.name || account.email;
  const isMe = me?.user.id === account.id;

  const deactivate = () =>
    change.deactivate.mutate(account.id, {
      onSuccess: () => toast.success('Account deactivated', { description: `${who} is signed out everywhere.` }),
      onError: failed('deactivate the account'),
    });
  const reactivate = () =>
    change.reactivate.mutate(account.id, {
      onSuccess: () => toast.success('Account reactivated', { description: `${who} can sign in again.` }),
      onError: failed('reactivate the account'),
    });
  const setTemporaryPassword = () => {
    // The confirmation's button: the focus returns there once the password has been read.
    const opener = document.querySelector<HTMLElement>(`[data-temporary-password="${account.id}"]`);
    change.setTemporaryPassword.mutate(account.id, {
      onSuccess: ({ password }) => setTemporary({ password, opener }),
      onError: failed('set a temporary password'),
    });
  };
  const resetTwoFactor = () =>
    change.resetTwoFactor.mutate(account.id, {
      onSuccess: () =>
        toast.success('Two-factor sign-in reset', {
          description: `${who} is signed out everywhere and signs in with their password alone, or sets it up again if their role requires it.`,
        }),
      onError: failed('reset two-factor sign-in'),
    });
  const sendReset = () =>
    change.sendReset.mutate(account.id, {
      onSuccess: ({ emailed }) =>
        toast.success('Password link ready', {
          description: emailed
            ? `A link to choose a new password was emailed to ${account.email}. It works once, for 24 hours.`
            : 'Email is off on this portal: the link waits in Admin > Email, for you to pass on.',
        }),
      onError: failed('send the password link'),
    });

  return (
    <div className="flex flex-wrap gap-2">
      <Button size="sm" variant="outline" onClick={(e) => setEditing(e.currentTarget)} aria-label={`Edit ${who}`}>
        Edit
      </Button>
      {me?.role === 'admin' && !isMe && (
        <Button
          size="sm"
          variant="outline"
          onClick={(e) => setChangingRole(e.currentTarget)}
          aria-label={`Change the role of ${who}`}
        >
          Role
        </Button>
      )}
      {account.deactivatedAt ? (
        <Button size="sm" variant="outline" onClick={reactivate} disabled={change.reactivate.isPending}>
          Reactivate
        </Button>
      ) : (
        <>
          <Button
            size="sm"
            variant="outline"
            onClick={sendReset}
            disabled={change.sendReset.isPending}
            aria-label={`Send ${who} a password link`}
          >
            Send password link
          </Button>
          {!isMe && (
            <ConfirmAction
              trigger={
                <Button
                  size="sm"
                  variant="outline"
                  data-temporary-password={account.id}
                  disabled={change.setTemporaryPassword.isPending}
                  aria-label={`Set a temporary password for ${who}`}
                >
                  Temporary password
                </Button>
              }
              title={`Set a temporary password for ${who}?`}
              description={`${who} is signed out everywhere and must choose a new password at their next sign-in. You will see the temporary password once, to give them.`}
              confirmLabel="Set temporary password"
              onConfirm={setTemporaryPassword}
            />
          )}
          {account.twoFactorEnabled && (
            <ConfirmAction
              trigger={
                <Button size="sm" variant="outline" aria-label={`Reset two-factor sign-in for ${who}`}>
                  Reset two-factor
                </Button>
              }
              title={`Reset two-factor sign-in for ${who}?`}
              description={`For a lost phone: ${who}'s two-factor sign-in is turned off and they are signed out everywhere. If their role requires it, they set it up again at their next sign-in.`}
              confirmLabel="Reset two-factor"
              onConfirm={resetTwoFactor}
            />
          )}
          {!isMe && (
            <ConfirmAction
              trigger={
                <Button size="sm" variant="outline" aria-label={`Deactivate ${who}`}>
                  Deactivate
                </Button>
              }
              title={`Deactivate ${who}?`}
              description="They are signed out everywhere at once and cannot sign in until an admin reactivates the account. Nothing they made is removed."
              confirmLabel="Deactivate"
              onConfirm={deactivate}
            />
          )}
        </>
      )}
      {editing && <EditAccountDialog account={account} opener={editing} onClose={() => setEditing(null)} />}
      {changingRole && <RoleDialog account={account} opener={changingRole} onClose={() => setChangingRole(null)} />}
      {temporary && (
        <TemporaryPasswordDialog
          who={who}
          password={temporary.password}
          opener={temporary.opener}
          onClose={() => setTemporary(null)}
        />
      )}
    </div>
  );
}
