import { useId } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { numberBoxText, numberBoxValue } from '@/lib/number-box';

/**
 * A number field's limits as the builder holds them: the boxes' text, so a half-typed "-" is
 * kept, and `NOT_A_NUMBER` for a box whose text is not a number (lib/number-box.ts).
 */
export interface NumberLimitsDraft {
  min: string;
  max: string;
  wholeNumber: boolean;
}

/**
 * A number field's smallest and largest answer and whether it must be whole (decision 0164),
 * each optional: "Number of guests" from 0 to 20, whole. The public page and the server hold
 * answers to them; the schema refuses a minimum above the maximum when the form is saved.
 */
export function NumberLimitsEditor({
  fieldName,
  limits,
  onChange,
}: {
  fieldName: string;
  limits: NumberLimitsDraft;
  onChange: (change: Partial<NumberLimitsDraft>) => void;
}) {
  const id = useId();
  const box = (key: 'min' | 'max', label: string) => (
    <div className="space-y-1">
      <Label htmlFor={`${id}-${key}`} className="text-xs">
        {label}
      </Label>
      <Input
        id={`${id}-${key}`}
        className="h-8 w-28"
        type="number"
        inputMode="decimal"
        step="any"
        placeholder="None"
        value={numberBoxValue(limits[key])}
        onChange={(e) => onChange({ [key]: numberBoxText(e.target) })}
      />
    </div>
  );
  return (
    <div className="flex w-full flex-wrap items-end gap-3 pl-8" role="group" aria-label={`Limits of ${fieldName}`}>
      {box('min', 'Minimum')}
      {box('max', 'Maximum')}
      <div className="flex h-8 items-center gap-2">
        <Switch
          id={`${id}-whole`}
          checked={limits.wholeNumber}
          onCheckedChange={(wholeNumber) => onChange({ wholeNumber })}
        />
        <Label htmlFor={`${id}-whole`} className="text-xs">
          Whole numbers only
        </Label>
      </div>
    </div>
  );
}
