import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { useMe } from '@/features/auth/api/get-me';
import { FEATURE_LABELS } from '#shared/permissions';
import type { NotificationKey } from '#shared/schemas/settings';
import type { AccountSettings } from '../api/get-settings';
import { useUpdateNotification } from '../api/update-notifications';
import { EmailFrequencyChoice } from './email-frequency-choice';

/**
 * `feature`: the permission without which the server sends none of these (notices go only to
 * holders of the feature they are about), however the switch is set.
 */
const PREFERENCES: { name: NotificationKey; label: string; description: string; feature?: 'partners' | 'giving' }[] = [
  {
    name: 'emailNotifications',
    label: 'Email Notifications',
    description: 'Notifications about your account by email.',
  },
  {
    name: 'partnerUpdates',
    label: 'Partner Updates',
    description: 'Updates when partner records change.',
    feature: 'partners',
  },
  {
    name: 'donationAlerts',
    label: 'Donation Alerts',
    description: 'Alerts when new donations are recorded.',
    feature: 'giving',
  },
];

export function NotificationsTab({ settings }: { settings: AccountSettings }) {
  const { data: me } = useMe();
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-xl">Notification Preferences</CardTitle>
        <CardDescription>Each change is saved at once.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        {PREFERENCES.map((preference) => (
          <PreferenceSwitch
            key={preference.name}
            {...preference}
            checked={settings[preference.name]}
            // Kept as set, so it applies the day an admin gives the permission.
            withheld={preference.feature !== undefined && me !== undefined && !me?.permissions[preference.feature]}
          />
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

function PreferenceSwitch({
  name,
  label,
  description,
  feature,
  checked,
  withheld,
}: (typeof PREFERENCES)[number] & { checked: boolean; withheld: boolean }) {
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
        {withheld && feature && (
          <p id={`${id}-withheld`} className="text-sm text-muted-foreground">
            None reach you: they go to people with {FEATURE_LABELS[feature]}, which an admin can give you.
          </p>
        )}
      </div>
      <Switch
        id={id}
        checked={checked}
        aria-describedby={withheld ? `${id}-description ${id}-withheld` : `${id}-description`}
        onCheckedChange={(value) => void onChange(value)}
        pending={update.isPending}
      />
    </div>
  );
}
