import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Input } from '@/components/ui/input';
import { numberBoxText, numberBoxValue } from '@/lib/number-box';

/**
 * A gift's amount box, for Add Donation and Edit Gift. A number box reports '' both when it is
 * empty and when it holds text that is not a number ("1e", a lone "-"); read with `numberBoxText`,
 * the second reaches the schema as `NOT_A_NUMBER`, so saving says "Amount must be a number"
 * instead of "Amount is required" for a box that plainly holds something (decision 0168).
 */
export function AmountInput<T extends FieldValues>({
  control,
  name,
  id,
  invalid,
  describedBy,
}: {
  control: Control<T>;
  name: Path<T>;
  id: string;
  invalid: boolean;
  describedBy?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Input
          id={id}
          type="number"
          inputMode="decimal"
          step="0.01"
          min="0.01"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={numberBoxValue(String(field.value ?? ''))}
          onChange={(event) => field.onChange(numberBoxText(event.target))}
        />
      )}
    />
  );
}
