import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import type { NotificationKey } from '#shared/schemas/settings';
import type { AccountSettings } from '../api/get-settings';
import { useUpdateNotification } from '../api/update-notifications';
import { EmailFrequencyChoice } from './email-frequency-choice';

const PREFERENCES: { name: NotificationKey; label: string; description: string }[] = [
  {
    name: 'emailNotifications',
    label: 'Email Notifications',
    description: 'Notifications about your account by email.',
  },
  { name: 'partnerUpdates', label: 'Partner Updates', description: 'Updates when partner records change.' },
  { name: 'donationAlerts', label: 'Donation Alerts', description: 'Alerts when new donations are recorded.' },
];

export function NotificationsTab({ settings }: { settings: AccountSettings }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Notification Preferences</CardTitle>
        <CardDescription>Each change is saved at once.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {PREFERENCES.map((preference) => (
          <PreferenceSwitch key={preference.name} {...preference} checked={settings[preference.name]} />
        ))}
        <EmailFrequencyChoice
          value={settings.emailFrequency}
          disabled={!settings.emailNotifications}
          emailEnabled={settings.emailEnabled}
        />
      </CardContent>
    </Card>
  );
}

function PreferenceSwitch({ name, label, description, checked }: (typeof PREFERENCES)[number] & { checked: boolean }) {
  const update = useUpdateNotification();
  const id = `settings-${name}`;

  const onChange = async (enabled: boolean) => {
    try {
      await update.mutateAsync({ key: name, enabled });
      toast.success('Notification preferences saved', { description: `${label} ${enabled ? 'on' : 'off'}` });
    } catch (err) {
      toast.error('Failed to save notification preferences', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  };

  return (
    <div className="flex items-center justify-between gap-4 rounded-lg border p-4">
      <div className="space-y-1">
        <Label htmlFor={id}>{label}</Label>
        <p id={`${id}-description`} className="text-sm text-muted-foreground">
          {description}
        </p>
      </div>
      <Switch
        id={id}
        checked={checked}
        aria-describedby={`${id}-description`}
        onCheckedChange={(value) => void onChange(value)}
        disabled={update.isPending}
      />
    </div>
  );
}
