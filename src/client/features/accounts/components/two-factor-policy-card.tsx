import { useState } from 'react';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
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
  const [asking, setAsking] = useState<(typeof ROLES)[number] | null>(null);
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
                disabled={!isAdmin || save.isPending}
                onCheckedChange={(on) => {
                  if (on) setAsking(entry);
                  else
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
      <AlertDialog open={asking !== null} onOpenChange={(open) => !open && setAsking(null)}>
        <AlertDialogContent
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (asking) document.getElementById(`policy-${asking.role}`)?.focus();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{asking?.label}?</AlertDialogTitle>
            <AlertDialogDescription>
              {asking?.people} who have not set up two-factor sign-in are asked to at their next step, before anything
              else{asking?.role === 'admin' ? ', you included' : ''}. They need an authenticator app on their phone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction
              onClick={() => {
                if (asking && policy.data)
                  apply({ ...policy.data, [asking.role]: true }, `${asking.people} must use two-factor sign-in.`);
              }}
            >
              Require it
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </Card>
  );
}
