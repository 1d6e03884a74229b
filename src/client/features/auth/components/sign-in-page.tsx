import { useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { landingPath } from '#shared/navigation';
import { checkSignIn } from '#shared/sign-in-check';
import { useAuthOptions } from '../api/password-reset';
import { useSignIn } from '../api/sign-in';
import type { Me } from '../api/get-me';
import { AuthScreen } from '@/components/auth-screen';
import { signInToasts } from '../lib/sign-in-toasts';
import { SecondFactorForm } from './second-factor-form';
import { usePageTitle } from '@/lib/page-title';

/**
 * The first screen anyone downloads, so it checks its two fields without zod or a form
 * library (docs/decisions/0056-sign-in-bundle.md); the server enforces signInSchema.
 */
export function SignInPage() {
  usePageTitle('Sign in');
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const { data: options } = useAuthOptions();
  // The password was right and the account has two-factor sign-in: the code comes next.
  const [challenged, setChallenged] = useState(false);

  const enter = async (me: Me | null) => {
    const from = (location.state as { from?: string } | null)?.from;
    // A setup step (a temporary password, a required second factor) comes before any page.
    if (me) await navigate(me.setup ? '/account-setup' : landingPath(me.permissions, from), { replace: true });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const verdict = checkSignIn({
      email: String(fields.get('email') ?? ''),
      password: String(fields.get('password') ?? ''),
    });
    if (!verdict.success) {
      // Keyboard users land on the field to fix, as the form library did.
      (form.elements.namedItem(verdict.field) as HTMLInputElement | null)?.focus();
      signInToasts.error('Sign in failed', { description: verdict.message });
      return;
    }
    try {
      const result = await signIn.mutateAsync(verdict.data);
      signInToasts.dismiss();
      if ('secondFactor' in result) setChallenged(true);
      else await enter(result.me);
    } catch (err) {
      signInToasts.error('Sign in failed', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  if (challenged)
    return (
      <AuthScreen title="Two-factor sign-in" description="One more step to make sure it is you">
        <SecondFactorForm onSignedIn={(me) => void enter(me)} onRestart={() => setChallenged(false)} />
      </AuthScreen>
    );

  return (
    <AuthScreen title="Welcome Back" description="Sign in to access your ministry dashboard">
      <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="space-y-2">
          <Label htmlFor="email">Email</Label>
          <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
        </div>
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-2">
            <Label htmlFor="password">Password</Label>
            {options?.passwordReset && (
              <Link to="/forgot-password" className="text-sm text-primary underline-offset-4 hover:underline">
                Forgot password?
              </Link>
            )}
          </div>
          <Input id="password" name="password" type="password" autoComplete="current-password" required />
        </div>
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in...' : 'Sign In'}
        </Button>
      </form>
    </AuthScreen>
  );
}
