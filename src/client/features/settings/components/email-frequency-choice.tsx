import { toast } from '@/lib/toast';
import { EMAIL_FREQUENCIES, EMAIL_FREQUENCY_LABELS, type EmailFrequency } from '#shared/schemas/notifications';
import { useUpdateEmailFrequency } from '../api/update-email-frequency';

/**
 * Immediately or one daily summary (issue 16). Radio buttons in a fieldset: arrow keys move
 * between them, as with any radio group. Off while email notifications are off.
 */
export function EmailFrequencyChoice({
  value,
  disabled,
  emailEnabled,
}: {
  value: EmailFrequency;
  disabled: boolean;
  emailEnabled: boolean;
}) {
  const update = useUpdateEmailFrequency();

  const onChange = async (frequency: EmailFrequency) => {
    try {
      await update.mutateAsync(frequency);
      toast.success('Notification preferences saved', { description: `Emails: ${EMAIL_FREQUENCY_LABELS[frequency]}` });
    } catch (err) {
      toast.error('Failed to save notification preferences', {
        description: err instanceof Error ? err.message : String(err),
      });
    }
  };

  return (
    <fieldset className="space-y-2 rounded-lg border p-4" disabled={disabled || update.isPending}>
      <legend className="px-1 text-sm font-medium">How notification emails come</legend>
      {EMAIL_FREQUENCIES.map((frequency) => (
        <label key={frequency} className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="email-frequency"
            value={frequency}
            checked={value === frequency}
            onChange={() => void onChange(frequency)}
            className="size-4 accent-primary"
          />
          {EMAIL_FREQUENCY_LABELS[frequency]}
        </label>
      ))}
      <p className="text-sm text-muted-foreground">
        {emailEnabled
          ? 'The summary comes once a day and lists what happened since the one before.'
          : 'Email is not set up on this portal yet: your notifications appear under the bell.'}
      </p>
    </fieldset>
  );
}
