import { zodResolver } from '@hookform/resolvers/zod';
import { useId, type ReactNode } from 'react';
import { Controller, useForm, type FieldErrors } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { PARTNER_LIMITS, partnerSchema, type PartnerInput, type PartnerValues } from '#shared/schemas/partners';
import { usePartnersWithEmail } from '../api/partners-with-email';
import { sameEmailNote } from '../lib/same-email-note';

export const EMPTY_PARTNER: PartnerInput = {
  name: '',
  email: '',
  phone: '',
  location: '',
  status: 'active',
  coordinator: '',
  notes: '',
  zone: '',
  cardholderStatus: false,
};

/** Form order: the first invalid field's message is the one a toast shows. */
const FIELD_ORDER = [
  'name',
  'email',
  'phone',
  'location',
  'status',
  'coordinator',
  'zone',
  'cardholderStatus',
  'notes',
] as const;

export function firstError(errors: FieldErrors<PartnerInput>): string {
  for (const field of FIELD_ORDER) {
    const message = errors[field]?.message;
    if (message) return message;
  }
  return 'Please check the form.';
}

function Field({
  id,
  label,
  required,
  error,
  note,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string;
  /** Said below the field while there is no error: something to check, not to fix. Null: none now. */
  note?: string | null;
  children: ReactNode;
}) {
  return (
    // A gap, not space-y: the empty note is display:none and then takes no space at all.
    <div className="flex flex-col gap-2">
      <Label htmlFor={id}>
        {label}
        {required && (
          <span className="ml-0.5 text-destructive" aria-hidden="true">
            *
          </span>
        )}
      </Label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-destructive">
          {error}
        </p>
      )}
      {/* In the page from the start on a field that has notes, so a screen reader hears one appear. */}
      {note !== undefined && (
        <p id={`${id}-note`} className="text-sm text-muted-foreground empty:hidden" aria-live="polite">
          {!error && note}
        </p>
      )}
    </div>
  );
}

const emailRule = partnerSchema.shape.email;

/**
 * Other partners who have the email typed (not the one being edited, `partnerId`): asked once
 * the typing stops on a whole address that is not the partner's own already.
 */
function useSameEmailNote(typed: string, saved: string, partnerId: string | undefined): string | null {
  const email = useDebouncedValue(typed.trim(), 300);
  const asked = emailRule.safeParse(email).success && email.toLowerCase() !== saved.trim().toLowerCase() ? email : '';
  const { data } = usePartnersWithEmail(asked, partnerId);
  // Never the answer for an address that is no longer in the box.
  return data && asked !== '' && asked === typed.trim() ? sameEmailNote(data) : null;
}

/**
 * Every partner field (SPEC.md section 3, D9) with the shared schema's rules and messages;
 * used to add a partner and to edit one in the details view (`partnerId`).
 */
export function PartnerForm({
  partnerId,
  defaultValues,
  zones,
  submitLabel,
  pendingLabel,
  pending,
  onSubmit,
  onInvalid,
  onCancel,
}: {
  partnerId?: string;
  defaultValues: PartnerInput;
  zones: string[];
  submitLabel: string;
  pendingLabel: string;
  pending: boolean;
  onSubmit: (values: PartnerValues) => Promise<void>;
  onInvalid: (message: string) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const form = useForm<PartnerInput, unknown, PartnerValues>({ resolver: zodResolver(partnerSchema), defaultValues });
  const { errors } = form.formState;
  const id = (field: string) => `${ids}-${field}`;
  const a11y = (field: keyof PartnerInput) =>
    errors[field] ? { 'aria-invalid': true as const, 'aria-describedby': `${id(field)}-error` } : {};
  const emailNote = useSameEmailNote(form.watch('email') ?? '', defaultValues.email ?? '', partnerId);

  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={form.handleSubmit(onSubmit, (invalid) => onInvalid(firstError(invalid)))}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field id={id('name')} label="Name" required error={errors.name?.message}>
          <Input id={id('name')} aria-required="true" autoComplete="off" {...a11y('name')} {...form.register('name')} />
        </Field>
        <Field id={id('email')} label="Email" required error={errors.email?.message} note={emailNote}>
          <Input
            id={id('email')}
            type="email"
            aria-required="true"
            autoComplete="off"
            aria-describedby={emailNote ? `${id('email')}-note` : undefined}
            {...a11y('email')}
            {...form.register('email')}
          />
        </Field>
        <Field id={id('phone')} label="Phone" error={errors.phone?.message}>
          <Input id={id('phone')} type="tel" autoComplete="off" {...a11y('phone')} {...form.register('phone')} />
        </Field>
        <Field id={id('location')} label="Location" error={errors.location?.message}>
          <Input id={id('location')} autoComplete="off" {...a11y('location')} {...form.register('location')} />
        </Field>
        <Field id={id('status')} label="Status" error={errors.status?.message}>
          <NativeSelect id={id('status')} {...form.register('status')}>
            <option value="active">Active</option>
            <option value="inactive">Inactive</option>
          </NativeSelect>
        </Field>
        <Field id={id('coordinator')} label="Coordinator" error={errors.coordinator?.message}>
          <Input id={id('coordinator')} autoComplete="off" {...a11y('coordinator')} {...form.register('coordinator')} />
        </Field>
        <Field id={id('zone')} label="Zone" error={errors.zone?.message}>
          <Input id={id('zone')} list={id('zones')} autoComplete="off" {...a11y('zone')} {...form.register('zone')} />
          <datalist id={id('zones')}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
        </Field>
      </div>
      <div className="flex items-center gap-3">
        <Controller
          control={form.control}
          name="cardholderStatus"
          render={({ field }) => (
            <Checkbox
              id={id('cardholderStatus')}
              checked={field.value ?? false}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
            />
          )}
        />
        <Label htmlFor={id('cardholderStatus')}>VIP cardholder</Label>
      </div>
      <Field id={id('notes')} label="Notes" error={errors.notes?.message}>
        <Textarea id={id('notes')} maxLength={PARTNER_LIMITS.notes} {...a11y('notes')} {...form.register('notes')} />
      </Field>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
