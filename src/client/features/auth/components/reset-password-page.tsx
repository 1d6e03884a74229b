import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '#shared/limits';
import { RESET_LINK_INVALID } from '#shared/schemas/auth';
import { resetPassword } from '../api/password-reset';
import { AuthScreen } from '@/components/auth-screen';
import { usePageTitle } from '@/lib/page-title';

/** The same rules and words as Settings > Security, checked here before the link is spent. */
function checkNewPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return 'Passwords do not match';
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  return null;
}

/**
 * /reset-password?token=… (issue 16): the emailed link's page, where the new password is
 * chosen; with `invite=1`, an invitation's link, where a new account's first one is.
 */
export function ResetPasswordPage() {
  usePageTitle('Reset password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const invited = params.get('invite') === '1';
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(token ? null : RESET_LINK_INVALID);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const fields = new FormData(event.currentTarget);
    const password = String(fields.get('newPassword') ?? '');
    const problem = checkNewPassword(password, String(fields.get('confirmPassword') ?? ''));
    if (problem) {
      setError(problem);
      return;
    }
    setPending(true);
    setError(null);
    try {
      await resetPassword(token!, password);
      setDone(true);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };

  if (done) {
    return (
      <AuthScreen
        title={invited ? 'Welcome' : 'Password changed'}
        description={invited ? 'Your password is set.' : 'Your new password is set.'}
      >
        <div className="space-y-4">
          <p role="status">
            {invited
              ? 'You can sign in with your email address and the password you chose.'
              : 'You can sign in with your new password now. You were signed out everywhere else.'}
          </p>
          <Button asChild className="w-full">
            <Link to="/">Sign in</Link>
          </Button>
        </div>
      </AuthScreen>
    );
  }

  return (
    <AuthScreen
      title={invited ? 'Choose your password' : 'Choose a new password'}
      description={
        invited ? 'Welcome to the portal. The invitation link works once.' : 'The link works once, for one hour.'
      }
    >
      <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="space-y-2">
          <Label htmlFor="newPassword">New password</Label>
          <Input id="newPassword" name="newPassword" type="password" autoComplete="new-password" required autoFocus />
        </div>
        <div className="space-y-2">
          <Label htmlFor="confirmPassword">Confirm new password</Label>
          <Input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" required />
        </div>
        {error && (
          <div role="alert" className="space-y-1 text-sm text-destructive">
            <p>{error}</p>
            {error === RESET_LINK_INVALID && (
              <Link to="/forgot-password" className="text-primary underline-offset-4 hover:underline">
                Ask for a new link
              </Link>
            )}
          </div>
        )}
        <Button type="submit" className="w-full" disabled={pending || !token}>
          {pending ? 'Saving...' : 'Set new password'}
        </Button>
      </form>
    </AuthScreen>
  );
}
