import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-action';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Switch } from '@/components/ui/switch';
import { useMe } from '@/features/auth/api/get-me';
import type { TwoFactorPolicy } from '#shared/schemas/two-factor';
import { useSetTwoFactorPolicy, useTwoFactorPolicy } from '../api/two-factor-policy';

const ROLES = [
  { role: 'admin', label: 'Require two-factor sign-in for admins', people: 'Admins' },
  { role: 'coordinator', label: 'Require two-factor sign-in for coordinators', people: 'Coordinators' },
] as const;

/**
 * Admin > Accounts: who must use two-factor sign-in. Switching one on asks first: everyone of
 * that role without it is held at setting it up from their next step on. Admins only; others
 * with user management see the setting.
 */
export function TwoFactorPolicyCard() {
  const { data: me } = useMe();
  const policy = useTwoFactorPolicy();
  const save = useSetTwoFactorPolicy();
  // Kept after the question closes, so its words stay and the focus can go back to its switch.
  const [asking, setAsking] = useState<(typeof ROLES)[number] | null>(null);
  const [open, setOpen] = useState(false);
  const isAdmin = me?.role === 'admin';

  const apply = (next: TwoFactorPolicy, what: string) =>
    save.mutate(next, {
      onSuccess: () => toast.success('Sign-in security saved', { description: what }),
      onError: (err) => toast.error('Failed to save sign-in security', { description: err.message }),
    });

  return (
    <Card className="mb-6">
      <CardHeader>
        <CardTitle className="text-xl">Sign-in security</CardTitle>
        <CardDescription>
          {isAdmin
            ? 'Require a code from an authenticator app at every sign-in. Everyone can turn it on for themselves in Settings > Security.'
            : 'Set by admins. Everyone can turn two-factor sign-in on for themselves in Settings > Security.'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {policy.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : policy.isError ? (
          <p className="text-sm text-destructive">The setting could not be loaded: {policy.error.message}</p>
        ) : (
          ROLES.map((entry) => (
            <div key={entry.role} className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <Label htmlFor={`policy-${entry.role}`}>{entry.label}</Label>
              <Switch
                id={`policy-${entry.role}`}
                checked={policy.data[entry.role]}
                disabled={!isAdmin}
                pending={save.isPending}
                onCheckedChange={(on) => {
                  if (on) {
                    setAsking(entry);
                    setOpen(true);
                  } else
                    apply(
                      { ...policy.data, [entry.role]: false },
                      `${entry.people} may sign in with a password alone.`,
                    );
                }}
              />
            </div>
          ))
        )}
      </CardContent>
      <ConfirmDialog
        open={open}
        onOpenChange={setOpen}
        // Back to the switch that asked.
        returnFocusTo={() => (asking ? document.getElementById(`policy-${asking.role}`) : null)}
        title={`${asking?.label ?? ''}?`}
        description={`${asking?.people ?? ''} who have not set up two-factor sign-in are asked to at their next step, before anything else${asking?.role === 'admin' ? ', you included' : ''}. They need an authenticator app on their phone.`}
        confirmLabel="Require it"
        onConfirm={() => {
          if (asking && policy.data)
            apply({ ...policy.data, [asking.role]: true }, `${asking.people} must use two-factor sign-in.`);
        }}
      />
    </Card>
  );
}
