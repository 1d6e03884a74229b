import { zodResolver } from '@hookform/resolvers/zod';
import { UserPlus } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import {
  BOTH_REQUIRED,
  createUserSchema,
  FULL_NAME_MAX_LENGTH,
  type CreateUserInput,
  type CreateUserValues,
} from '#shared/schemas/admin';
import { useAuthOptions } from '@/features/auth/api/password-reset';
import { useCreateUser } from '../api/create-user';

// One action's toasts: a success closes the error of the try before (lib/toast.ts).
const toast = actionToasts('create-user');

export function CreateUserCard() {
  const createUser = useCreateUser();
  // An invitation needs email; without it the choice is not offered (issue 16).
  const emailOn = useAuthOptions().data?.passwordReset ?? false;
  const form = useForm<CreateUserValues, unknown, CreateUserInput>({
    resolver: zodResolver(createUserSchema),
    defaultValues: { email: '', password: '', fullName: '', invite: false },
  });
  const invite = useWatch({ control: form.control, name: 'invite' }) === true;

  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const user = await createUser.mutateAsync(values);
        toast.success('User created successfully', {
          description: values.invite
            ? `An invitation was emailed to ${user.email}; its link works for 7 days. Add them as a coordinator to choose what they can use.`
            : `${user.email} can now sign in. Add them as a coordinator to choose what they can use.`,
        });
        form.reset();
      } catch (err) {
        toast.error('Failed to create user', { description: err instanceof Error ? err.message : String(err) });
      }
    },
    (errors) => {
      const { email, password } = form.getValues();
      if (!email.trim() || (!invite && !password)) {
        toast.error(BOTH_REQUIRED);
        return;
      }
      const reason = errors.email?.message ?? errors.password?.message ?? errors.fullName?.message;
      toast.error('Failed to create user', { description: reason });
    },
  );

  return (
    <Card role="region" aria-labelledby="create-user-title">
      <CardHeader>
        <CardTitle id="create-user-title" className="flex items-center gap-2 text-xl">
          <UserPlus className="size-5" aria-hidden="true" />
          Create User
        </CardTitle>
        <CardDescription>A new account that can sign in with this email and password.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="create-user-email">Email</Label>
            <Input id="create-user-email" type="email" autoComplete="off" required {...form.register('email')} />
          </div>
          {emailOn && (
            <div className="space-y-1">
              <div className="flex items-center gap-2">
                <input
                  id="create-user-invite"
                  type="checkbox"
                  className="size-4 accent-primary"
                  aria-describedby="create-user-invite-description"
                  {...form.register('invite')}
                />
                <Label htmlFor="create-user-invite">Send an invitation instead</Label>
              </div>
              <p id="create-user-invite-description" className="text-sm text-muted-foreground">
                They get a link by email, valid for 7 days, to choose their own password.
              </p>
            </div>
          )}
          {!invite && (
            <div className="space-y-2">
              <Label htmlFor="create-user-password">Password</Label>
              <Input
                id="create-user-password"
                type="password"
                autoComplete="new-password"
                required
                {...form.register('password')}
              />
            </div>
          )}
          <div className="space-y-2">
            <Label htmlFor="create-user-full-name">Full Name</Label>
            <Input
              id="create-user-full-name"
              autoComplete="off"
              maxLength={FULL_NAME_MAX_LENGTH}
              {...form.register('fullName')}
            />
          </div>
          <Button type="submit" disabled={createUser.isPending}>
            {createUser.isPending ? 'Creating...' : invite ? 'Create and Invite' : 'Create User'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
