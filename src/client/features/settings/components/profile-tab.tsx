import { zodResolver } from '@hookform/resolvers/zod';
import { LogOut } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { useUnsavedChanges } from '@/lib/unsaved-changes';
import { useSignOut } from '@/features/auth/api/sign-out';
import { DISPLAY_NAME_MAX_LENGTH, profileSchema, type ProfileInput } from '#shared/schemas/settings';
import type { AccountSettings } from '../api/get-settings';
import { useUpdateProfile } from '../api/update-profile';

export function ProfileTab({ settings }: { settings: AccountSettings }) {
  const updateProfile = useUpdateProfile();
  const signOut = useSignOut();
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    defaultValues: { displayName: settings.displayName ?? '' },
  });

  useUnsavedChanges(form.formState.isDirty);

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const saved = await updateProfile.mutateAsync(values);
        form.reset({ displayName: saved.displayName ?? '' });
        toast.success('Profile updated successfully');
      } catch (err) {
        toast.error('Failed to update profile', { description: err instanceof Error ? err.message : String(err) });
      }
    },
    (errors) => toast.error('Failed to update profile', { description: errors.displayName?.message }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Profile</CardTitle>
        <CardDescription>How your name appears in the portal.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" onSubmit={onSubmit} noValidate>
          <div className="space-y-2">
            <Label htmlFor="settings-email">Email</Label>
            <Input
              id="settings-email"
              type="email"
              value={settings.email}
              readOnly
              aria-readonly="true"
              className="bg-muted"
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="settings-display-name">Display Name</Label>
            <Input
              id="settings-display-name"
              autoComplete="nickname"
              maxLength={DISPLAY_NAME_MAX_LENGTH}
              placeholder={settings.name || 'Ministry Partner'}
              aria-describedby="settings-display-name-hint"
              {...form.register('displayName')}
            />
            <p id="settings-display-name-hint" className="text-xs text-muted-foreground">
              Shown in the sidebar. Leave it empty to use your full name.
            </p>
          </div>
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={updateProfile.isPending}>
              {updateProfile.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
            <Button type="button" variant="outline" onClick={() => signOut.mutate()} disabled={signOut.isPending}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
