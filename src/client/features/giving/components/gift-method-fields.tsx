import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { DONATION_METHODS, METHOD_LABELS } from '#shared/giving';
import { DONATION_LIMITS } from '#shared/schemas/giving';

/**
 * How a gift was given and its check number or giving service's id (issue 19), both optional:
 * the same two fields in Add Donation and in a gift's correction. `method` is registered with
 * an empty choice read as null.
 */
export function GiftMethodFields({
  idPrefix,
  method,
  reference,
  referenceError,
}: {
  idPrefix: string;
  method: UseFormRegisterReturn;
  reference: UseFormRegisterReturn;
  referenceError?: string;
}) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-method`}>Method (optional)</Label>
        <NativeSelect id={`${idPrefix}-method`} {...method}>
          <option value="">Not recorded</option>
          {DONATION_METHODS.map((value) => (
            <option key={value} value={value}>
              {METHOD_LABELS[value]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="space-y-2">
        <Label htmlFor={`${idPrefix}-reference`}>Reference (optional)</Label>
        <Input
          id={`${idPrefix}-reference`}
          maxLength={DONATION_LIMITS.reference}
          placeholder="Check number or service id"
          aria-invalid={Boolean(referenceError) || undefined}
          aria-describedby={referenceError ? `${idPrefix}-reference-error` : undefined}
          {...reference}
        />
        {referenceError && (
          <p id={`${idPrefix}-reference-error`} className="text-sm text-destructive">
            {referenceError}
          </p>
        )}
      </div>
    </div>
  );
}

/** react-hook-form's reading of the method select: its empty choice is "not recorded". */
export const methodValue = { setValueAs: (value: string) => value || null };
