import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { requestPasswordReset } from '../api/password-reset';
import { AuthScreen } from '@/components/auth-screen';
import { usePageTitle } from '@/lib/page-title';

/** /forgot-password (issue 16): asks for a link to choose a new password. */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password');
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = String(new FormData(event.currentTarget).get('email') ?? '').trim();
    if (!email) {
      setError('Email is required');
      return;
    }
    setPending(true);
    setError(null);
    try {
      setSent(await requestPasswordReset(email));
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthScreen title="Forgot your password?" description="We will email you a link to choose a new one.">
      {sent ? (
        <div className="space-y-4">
          <p role="status">{sent}</p>
          <Button asChild variant="outline" className="w-full">
            <Link to="/">Back to sign in</Link>
          </Button>
        </div>
      ) : (
        <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
          <div className="space-y-2">
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              name="email"
              type="email"
              autoComplete="username"
              required
              autoFocus
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'forgot-error' : undefined}
            />
            {error && (
              <p id="forgot-error" role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <Button type="submit" className="w-full" disabled={pending}>
            {pending ? 'Sending...' : 'Email me a link'}
          </Button>
          <p className="text-center text-sm">
            <Link to="/" className="text-primary underline-offset-4 hover:underline">
              Back to sign in
            </Link>
          </p>
        </form>
      )}
    </AuthScreen>
  );
}
