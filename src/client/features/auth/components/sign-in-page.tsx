import { zodResolver } from '@hookform/resolvers/zod';
import { Church } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { PRODUCT_SUBTITLE, PRODUCT_TITLE } from '@/app/product';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { landingPath } from '../../../../shared/navigation';
import { signInSchema, type SignInInput } from '../../../../shared/schemas/auth';
import { useSignIn } from '../api/sign-in';

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const signIn = useSignIn();
  const form = useForm<SignInInput>({ resolver: zodResolver(signInSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const me = await signIn.mutateAsync(values);
        const from = (location.state as { from?: string } | null)?.from;
        if (me) await navigate(landingPath(me.permissions, from), { replace: true });
      } catch (err) {
        toast.error('Sign in failed', { description: err instanceof Error ? err.message : String(err) });
      }
    },
    (errors) => {
      const first = errors.email?.message ?? errors.password?.message;
      if (first) toast.error('Sign in failed', { description: first });
    },
  );

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
            <form className="space-y-4" onSubmit={onSubmit} noValidate>
              <div className="space-y-2">
                <Label htmlFor="email">Email</Label>
                <Input id="email" type="email" autoComplete="username" required autoFocus {...form.register('email')} />
              </div>
              <div className="space-y-2">
                <Label htmlFor="password">Password</Label>
                <Input id="password" type="password" autoComplete="current-password" required {...form.register('password')} />
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
