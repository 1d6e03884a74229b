import { useId } from 'react';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { AUDIT_RETENTION_CHOICES, AUDIT_RETENTION_LABELS } from '#shared/schemas/audit';
import { useAuditSettings, useSaveAuditSettings } from '../api/audit-settings';

/** How long entries are kept (default: everything); older ones are removed hourly, oldest first. */
export function RetentionSetting() {
  const id = useId();
  const settings = useAuditSettings();
  const save = useSaveAuditSettings();
  const current = settings.data?.retentionDays;
  const choices: (number | null)[] = [...AUDIT_RETENTION_CHOICES];
  if (typeof current === 'number' && !choices.includes(current)) choices.push(current);

  return (
    <Card className="mt-8 max-w-xl">
      <CardHeader>
        <CardTitle className="text-xl">Retention</CardTitle>
        <CardDescription>
          How long entries are kept. Older ones are removed, oldest first; the removal is itself recorded.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-2">
        <Label htmlFor={id}>Keep entries</Label>
        <NativeSelect
          id={id}
          disabled={!settings.isSuccess || save.isPending}
          value={String(current ?? null)}
          onChange={(e) => {
            const retentionDays = e.target.value === 'null' ? null : Number(e.target.value);
            save.mutate(
              { retentionDays },
              {
                onSuccess: () => toast.success('Retention saved'),
                onError: (err) => toast.error(err.message || 'The retention could not be saved'),
              },
            );
          }}
        >
          {choices.map((days) => (
            <option key={String(days)} value={String(days)}>
              {AUDIT_RETENTION_LABELS[String(days)] ?? `${days} days`}
            </option>
          ))}
        </NativeSelect>
      </CardContent>
    </Card>
  );
}
