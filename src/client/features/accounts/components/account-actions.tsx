import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-action';
import { RowActionsMenu, type RowMenuEntry } from '@/components/row-actions-menu';
import { Button } from '@/components/ui/button';
import { useMe } from '@/features/auth/api/get-me';
import type { Account } from '../api/list-accounts';
import { useChangeAccount } from '../api/change-account';
import { EditAccountDialog } from './edit-account-dialog';
import { RoleDialog } from './role-dialog';
import { TemporaryPasswordDialog } from './temporary-password-dialog';

type Question = 'temporary' | 'two-factor' | 'deactivate';

/** What the menu's three confirmations ask; each confirms with its own action below. */
const QUESTIONS: Record<Question, (who: string) => { title: string; description: string; confirmLabel: string }> = {
  temporary: (who) => ({
    title: `Set a temporary password for ${who}?`,
    description: `${who} is signed out everywhere and must choose a new password at their next sign-in. You will see the temporary password once, to give them.`,
    confirmLabel: 'Set temporary password',
  }),
  'two-factor': (who) => ({
    title: `Reset two-factor sign-in for ${who}?`,
    description: `For a lost phone: ${who}'s two-factor sign-in is turned off and they are signed out everywhere. If their role requires it, they set it up again at their next sign-in.`,
    confirmLabel: 'Reset two-factor',
  }),
  deactivate: (who) => ({
    title: `Deactivate ${who}?`,
    description:
      'They are signed out everywhere at once and cannot sign in until an admin reactivates the account. Nothing they made is removed.',
    confirmLabel: 'Deactivate',
  }),
};

const failed = (what: string) => (err: unknown) =>
  toast.error(`Failed to ${what}`, { description: err instanceof Error ? err.message : String(err) });

/**
 * Edit, deactivate (after a confirmation) or reactivate, send a password link or set a
 * temporary password, and reset a lost second factor. Edit, and Reactivate for a deactivated
 * account, are buttons; the rest wait in the row's "More actions" menu (decision 0159). The server
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
  // The question stays set while its dialog closes, so the text does not vanish mid-animation.
  const [question, setQuestion] = useState<Question | null>(null);
  const [asking, setAsking] = useState(false);
  // The menu's button, once an entry was picked from it: where its dialogs give the focus back.
  const [menuButton, setMenuButton] = useState<HTMLElement | null>(null);
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
  const setTemporaryPassword = () =>
    change.setTemporaryPassword.mutate(account.id, {
      // The focus returns to the menu's button once the password has been read.
      onSuccess: ({ password }) => setTemporary({ password, opener: menuButton }),
      onError: failed('set a temporary password'),
    });
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

  // The dialogs give the focus back to the menu's button when they close.
  const ask = (asked: Question) => (button: HTMLElement) => {
    setMenuButton(button);
    setQuestion(asked);
    setAsking(true);
  };
  const mayChangeRole = me?.role === 'admin' && !isMe;
  const active = !account.deactivatedAt;
  const entries: RowMenuEntry[] = [
    ...(mayChangeRole ? [{ label: 'Change role…', onSelect: setChangingRole }] : []),
    ...(active
      ? [
          {
            label: 'Send password link',
            opensDialog: false,
            disabled: change.sendReset.isPending,
            onSelect: sendReset,
          },
          ...(!isMe
            ? [
                {
                  label: 'Set temporary password…',
                  disabled: change.setTemporaryPassword.isPending,
                  onSelect: ask('temporary'),
                },
              ]
            : []),
          ...(account.twoFactorEnabled ? [{ label: 'Reset two-factor…', onSelect: ask('two-factor') }] : []),
          ...(!isMe ? [{ label: 'Deactivate…', destructive: true, onSelect: ask('deactivate') }] : []),
        ]
      : []),
  ];

  return (
    <div className="flex items-center gap-2">
      <Button size="sm" variant="outline" onClick={(e) => setEditing(e.currentTarget)} aria-label={`Edit ${who}`}>
        Edit
      </Button>
      {!active && (
        <Button size="sm" variant="outline" onClick={reactivate} disabled={change.reactivate.isPending}>
          Reactivate
        </Button>
      )}
      <RowActionsMenu name={who} size="sm" variant="outline" entries={entries} />
      {question && (
        <ConfirmDialog
          open={asking}
          onOpenChange={setAsking}
          returnFocusTo={() => menuButton}
          {...QUESTIONS[question](who)}
          onConfirm={{ temporary: setTemporaryPassword, 'two-factor': resetTwoFactor, deactivate }[question]}
        />
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
