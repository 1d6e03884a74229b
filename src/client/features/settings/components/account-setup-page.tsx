import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { toast } from '@/lib/toast';
import { AuthScreen } from '@/components/auth-screen';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { meQueryOptions, useMe, type Me } from '@/features/auth/api/get-me';
import { useSignOut } from '@/features/auth/api/sign-out';
import { landingPath } from '#shared/navigation';
import { ChangePasswordForm } from './change-password-form';
import { TwoFactorEnrolment } from './two-factor-enrolment';
import { usePageTitle } from '@/lib/page-title';

const SETUP_RECHECK_MS = 5_000;

/**
 * A step before anything else (the server refuses every other call until it is taken): a
 * temporary password from an admin is replaced, or two-factor sign-in that the person's role
 * requires is set up. Once done, who-am-I is read again and the person goes to their page.
 */
export function AccountSetupPage() {
  usePageTitle('Account setup');
  const { data: me, isPending } = useMe();
  const queryClient = useQueryClient();
  const signOut = useSignOut();
  // Two-factor sign-in is on as soon as the code is checked, before the recovery codes shown
  // once have been saved: who-am-I read again meanwhile (the window focused after a minute, the
  // live stream) says no step is left, and would take the person, and the codes, away. From
  // that moment the enrolment stays until its Done. Before it, the step follows who-am-I: a
  // requirement lifted by an admin lets the person in (they stayed stuck on the set-up).
  type Step = NonNullable<Me['setup']>;
  const [holding, setHolding] = useState(false);
  const [finished, setFinished] = useState<Step | null>(null);
  // This page has no live stream (the server answers nothing else until the step is taken), so
  // who-am-I is asked again every few seconds while a required second factor waits: an admin
  // may lift the requirement meanwhile.
  useQuery({
    ...meQueryOptions,
    refetchInterval: (query) => (!holding && query.state.data?.setup === 'enrol-two-factor' ? SETUP_RECHECK_MS : false),
  });

  if (isPending) return <Spinner className="min-h-screen" />;
  if (!me) return <Navigate to="/auth" replace />;
  const shown: Step | null = holding ? 'enrol-two-factor' : me.setup !== finished ? me.setup : null;
  // Done, and who-am-I not read again yet: wait for it rather than show the step once more.
  if (!shown && me.setup) return <Spinner className="min-h-screen" />;
  if (!shown) return <Navigate to={landingPath(me.permissions)} replace />;

  const done = (message: string) => {
    toast.success(message);
    setFinished(shown);
    setHolding(false);
    void queryClient.invalidateQueries({ queryKey: meQueryOptions.queryKey });
  };
  const signOutButton = (
    <Button variant="link" className="mt-4 h-auto p-0" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
      Sign out
    </Button>
  );

  if (shown === 'change-password')
    return (
      <AuthScreen
        title="Choose your own password"
        description="You signed in with a temporary password from an admin. Choose a new one to continue."
      >
        <ChangePasswordForm
          email={me.user.email}
          currentLabel="Temporary password"
          onChanged={() => done('Password changed')}
        />
        {signOutButton}
      </AuthScreen>
    );

  return (
    <AuthScreen
      title="Set up two-factor sign-in"
      description="Your ministry asks everyone in your role to confirm their sign-in with a code from their phone."
    >
      <TwoFactorEnrolment onConfirmed={() => setHolding(true)} onDone={() => done('Two-factor sign-in is on')} />
      {signOutButton}
    </AuthScreen>
  );
}
