import { Church } from 'lucide-react';
import type { FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { PRODUCT_SUBTITLE, PRODUCT_TITLE } from '@/lib/product';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/lib/toast';
import { landingPath } from '../../../../shared/navigation';
import { checkSignIn } from '../../../../shared/sign-in-check';
import { useSignIn } from '../api/sign-in';

/**
 * The first screen anyone downloads, so it checks its two fields without zod or a form
 * library (docs/decisions/0056-sign-in-bundle.md); the server enforces signInSchema.
 */
export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();

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
      toast.error('Sign in failed', { description: verdict.message });
      return;
    }
    try {
      const me = await signIn.mutateAsync(verdict.data);
      const from = (location.state as { from?: string } | null)?.from;
      if (me) await navigate(landingPath(me.permissions, from), { replace: true });
    } catch (err) {
      toast.error('Sign in failed', { description: err instanceof Error ? err.message : String(err) });
    }
  };

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-primary/10 via-background to-accent p-4">
      <div className="w-full max-w-md space-y-6">
        <div className="text-center">
          <div className="mx-auto mb-3 flex size-14 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Church className="size-7" aria-hidden="true" />
          </div>
          <h1 className="text-3xl font-bold tracking-tight">{PRODUCT_TITLE}</h1>
          <p className="mt-1 text-muted-foreground">{PRODUCT_SUBTITLE}</p>
        </div>
        <Card>
          <CardHeader>
            <CardTitle>Welcome Back</CardTitle>
            <CardDescription>Sign in to access your ministry dashboard</CardDescription>
          </CardHeader>
          <CardContent>
            <form className="space-y-4" onSubmit={(event) => void onSubmit(event)} noValidate>
              <div className="space-y-2">
                <Label htmlFor="email">Email</Label>
                <Input id="email" name="email" type="email" autoComplete="username" required autoFocus />
              </div>
              <div className="space-y-2">
                <Label htmlFor="password">Password</Label>
                <Input id="password" name="password" type="password" autoComplete="current-password" required />
              </div>
              <Button type="submit" className="w-full" disabled={signIn.isPending}>
                {signIn.isPending ? 'Signing in...' : 'Sign In'}
              </Button>
            </form>
          </CardContent>
        </Card>
      </div>
    </main>
  );
}
