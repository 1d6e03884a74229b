import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { changePasswordSchema, type ChangePasswordInput } from '#shared/schemas/settings';
import { useChangePassword } from '../api/change-password';

// One action's toasts: a change that works closes the error of the try before (lib/toast.ts).
const toast = actionToasts('change-password');

/**
 * Current password, new password twice: Settings > Security, and the step that replaces a
 * temporary password from an admin (account-setup-page.tsx).
 */
export function ChangePasswordForm({
  email,
  onChanged,
  currentLabel = 'Current Password',
}: {
  email: string;
  onChanged: () => void;
  currentLabel?: string;
}) {
  const changePassword = useChangePassword();
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });

  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        await changePassword.mutateAsync(values);
        form.reset();
        // The error of a try before goes; the screen says the change worked.
        toast.dismiss();
        onChanged();
      } catch (err) {
        toast.error('Failed to change password', { description: err instanceof Error ? err.message : String(err) });
      }
    },
    // 'Passwords do not match' or 'Password must be at least 6 characters', as the spec words them.
    (errors) => {
      const message = errors.currentPassword?.message ?? errors.confirmPassword?.message ?? errors.newPassword?.message;
      if (message) toast.error(message);
    },
  );

  return (
    <form className="space-y-4" onSubmit={onSubmit} noValidate>
      {/* Lets password managers file the new password under the right account. */}
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <div className="space-y-2">
        <Label htmlFor="settings-current-password">{currentLabel}</Label>
        <Input
          id="settings-current-password"
          type="password"
          autoComplete="current-password"
          required
          {...form.register('currentPassword')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="settings-new-password">New Password</Label>
        <Input
          id="settings-new-password"
          type="password"
          autoComplete="new-password"
          required
          {...form.register('newPassword')}
        />
      </div>
      <div className="space-y-2">
        <Label htmlFor="settings-confirm-password">Confirm New Password</Label>
        <Input
          id="settings-confirm-password"
          type="password"
          autoComplete="new-password"
          required
          {...form.register('confirmPassword')}
        />
      </div>
      <Button type="submit" disabled={changePassword.isPending}>
        {changePassword.isPending ? 'Changing...' : 'Change Password'}
      </Button>
    </form>
  );
}
