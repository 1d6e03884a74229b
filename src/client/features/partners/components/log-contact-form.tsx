import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm, type FieldErrors } from 'react-hook-form';
import { actionToasts } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { browserTimeZone } from '@/lib/time-zone';
import { CONTACT_KIND_LABELS, CONTACT_KINDS } from '#shared/partners';
import {
  CONTACT_BODY_MAX,
  contactSchema,
  type ContactInput,
  type ContactValues,
} from '#shared/schemas/partner-contacts';
import { zonedDate } from '#shared/time-zone';
import { isQueued, QUEUED_MESSAGE } from '@/offline/queue';
import { useLogContact } from '../api/partner-timeline';

// One action's toasts: a contact logged closes the error of the try before (lib/toast.ts).
const toast = actionToasts('log-contact');

const FIELD_ORDER = ['kind', 'date', 'body', 'timeZone'] as const;

const today = (timeZone: string) => zonedDate(new Date(), timeZone);

/** "Log contact" (issue 20): a call, visit, email, letter, meeting, prayer request or note, dated today unless changed. */
export function LogContactForm({ partnerId }: { partnerId: string }) {
  const id = useId();
  const timeZone = browserTimeZone() ?? 'UTC';
  const logContact = useLogContact(partnerId);
  const form = useForm<ContactInput, unknown, ContactValues>({
    resolver: zodResolver(contactSchema),
    defaultValues: { kind: 'call', date: today(timeZone), body: '', timeZone },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    async (values) => {
      try {
        const result = await logContact.mutateAsync(values);
        if (isQueued(result)) toast.info(QUEUED_MESSAGE);
        else toast.success('Contact logged');
        form.reset({ kind: values.kind, date: today(timeZone), body: '', timeZone });
      } catch (err) {
        toast.error('Failed to log contact', { description: err instanceof Error ? err.message : String(err) });
      }
    },
    (invalid: FieldErrors<ContactInput>) => {
      const first = FIELD_ORDER.map((name) => invalid[name]?.message).find(Boolean);
      if (first) toast.error(first);
    },
  );

  return (
    <form
      className="space-y-3 rounded-md border p-3"
      onSubmit={(event) => (logContact.isPending ? event.preventDefault() : void onSubmit(event))}
      noValidate
      aria-label="Log contact"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="space-y-2">
          <Label htmlFor={`${id}-kind`}>Kind of contact</Label>
          <NativeSelect id={`${id}-kind`} {...form.register('kind')}>
            {CONTACT_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {CONTACT_KIND_LABELS[kind]}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-2">
          <Label htmlFor={`${id}-date`}>Date of contact</Label>
          <DateInput
            id={`${id}-date`}
            max={today(timeZone)}
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? `${id}-date-error` : undefined}
            {...form.register('date')}
          />
          {errors.date && (
            <p id={`${id}-date-error`} className="text-sm text-destructive">
              {errors.date.message}
            </p>
          )}
        </div>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${id}-body`}>What happened</Label>
        <Textarea
          id={`${id}-body`}
          maxLength={CONTACT_BODY_MAX}
          rows={3}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? `${id}-body-error` : undefined}
          {...form.register('body')}
        />
        {errors.body && (
          <p id={`${id}-body-error`} className="text-sm text-destructive">
            {errors.body.message}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        {/* Busy, not disabled, while it saves: it keeps the focus for the next contact to log. */}
        <Button type="submit" size="sm" aria-busy={logContact.isPending || undefined}>
          {logContact.isPending ? 'Saving...' : 'Log contact'}
        </Button>
      </div>
    </form>
  );
}
