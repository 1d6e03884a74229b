import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { Input } from '@/components/ui/input';

/**
 * A gift's amount box, for Add Donation and Edit Gift: a text box with the decimal keypad, whose
 * text goes to the schema as typed. Not a number box: Chromium's took "12,50" as 1250 (the comma
 * read as a thousands mark) and handed over '' for text that is not a number; the schema now sees
 * what was typed and says what is wrong with it (decision 0175).
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
          type="text"
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          name={field.name}
          ref={field.ref}
          onBlur={field.onBlur}
          value={String(field.value ?? '')}
          onChange={(event) => field.onChange(event.target.value)}
        />
      )}
    />
  );
}
