import { useId, useState, type FormEvent } from 'react';
import { dateRangeError, DateRangeFields, FoldingFilters, useTypedFilters } from '@/components/filter-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { DONATION_METHODS, METHOD_LABELS, TYPE_LABELS } from '#shared/giving';
import { DONATION_TYPES } from '#shared/schemas/giving';
import { amountBoundsSchema } from '#shared/schemas/giving-ledger';
import {
  DATE_PRESETS,
  DEFAULT_RANGE,
  giftFilterParams,
  type DatePreset,
  type GiftFilterValues,
} from '../lib/gift-filters';
import { PartnerNameCombobox } from './partner-name-combobox';

const NO_GIFT_FILTERS: GiftFilterValues = {
  range: DEFAULT_RANGE,
  from: '',
  to: '',
  partner: '',
  partnerName: '',
  type: '',
  method: '',
  min: '',
  max: '',
  q: '',
  voided: false,
};

/**
 * When, whose, what kind, how much, and words in the name or notes. Choices apply at once;
 * typed values (dates, amounts, text) apply with "Apply" or Enter, so a half-typed amount is
 * not sent on every key. Picking a partner from the suggestions applies at once too.
 */
export function GiftFiltersForm({
  values,
  onChange,
}: {
  values: GiftFilterValues;
  onChange: (values: GiftFilterValues) => void;
}) {
  const id = useId();
  // A wrong amount or a backwards range is said beside its field, and nothing is asked of the
  // server until it is right.
  const [amountError, setAmountError] = useState<{ field: 'min' | 'max'; message: string } | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [typed, setTyped] = useTypedFilters(
    {
      from: values.from,
      to: values.to,
      min: values.min,
      max: values.max,
      q: values.q,
      partnerName: values.partnerName,
    },
    () => {
      setAmountError(null);
      setRangeError(null);
    },
  );
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const backwards = values.range === 'custom' ? dateRangeError(typed) : null;
    setRangeError(backwards);
    if (backwards) {
      document.getElementById(`${id}-from`)?.focus();
      return;
    }
    const bounds = amountBoundsSchema.safeParse({
      min: typed.min.trim() || undefined,
      max: typed.max.trim() || undefined,
    });
    if (!bounds.success) {
      const issue = bounds.error.issues[0]!;
      const field = issue.path[0] === 'max' ? 'max' : 'min';
      setAmountError({ field, message: issue.message });
      document.getElementById(`${id}-${field}`)?.focus();
      return;
    }
    setAmountError(null);
    // A partner's name edited without picking one again no longer names that partner.
    const partnerKept = typed.partnerName === values.partnerName;
    onChange({
      ...values,
      ...typed,
      // As the filter reads them: "1,000" is asked as 1000.
      min: bounds.data.min ?? '',
      max: bounds.data.max ?? '',
      partner: partnerKept ? values.partner : '',
      partnerName: partnerKept ? values.partnerName : '',
    });
  };
  const choose = <K extends keyof GiftFilterValues>(key: K, value: GiftFilterValues[K]) =>
    onChange({ ...values, ...typed, [key]: value });
  const chosen = Object.keys(giftFilterParams(values)).length;

  return (
    <FoldingFilters chosen={chosen} className="sm:grid-cols-2 lg:grid-cols-4" onSubmit={apply}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-range`}>Dates</Label>
        <NativeSelect
          id={`${id}-range`}
          value={values.range}
          onChange={(e) => choose('range', e.target.value as DatePreset)}
        >
          {Object.entries(DATE_PRESETS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </NativeSelect>
      </div>
      {values.range === 'custom' && (
        <DateRangeFields
          id={id}
          from={typed.from}
          to={typed.to}
          error={rangeError}
          onChange={(range) => setTyped({ ...typed, ...range })}
        />
      )}
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-partner`}>Partner</Label>
        <PartnerNameCombobox
          id={`${id}-partner`}
          value={typed.partnerName}
          linked={Boolean(values.partner) && typed.partnerName === values.partnerName}
          invalid={false}
          hints={{ linked: "Only this partner's gifts.", unlinked: 'Pick a partner to see only their gifts.' }}
          onChange={(name, partner) => {
            setTyped({ ...typed, partnerName: name });
            if (partner) onChange({ ...values, ...typed, partner: partner.id, partnerName: partner.name });
          }}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-type`}>Type</Label>
        <NativeSelect id={`${id}-type`} value={values.type} onChange={(e) => choose('type', e.target.value)}>
          <option value="">All types</option>
          {DONATION_TYPES.map((type) => (
            <option key={type} value={type}>
              {TYPE_LABELS[type]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-method`}>Method</Label>
        <NativeSelect id={`${id}-method`} value={values.method} onChange={(e) => choose('method', e.target.value)}>
          <option value="">All methods</option>
          {DONATION_METHODS.map((method) => (
            <option key={method} value={method}>
              {METHOD_LABELS[method]}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-min`}>Smallest amount</Label>
        <Input
          id={`${id}-min`}
          inputMode="decimal"
          value={typed.min}
          maxLength={12}
          aria-invalid={amountError?.field === 'min' || undefined}
          aria-describedby={amountError?.field === 'min' ? `${id}-amount-error` : undefined}
          onChange={(e) => setTyped({ ...typed, min: e.target.value })}
        />
        {amountError?.field === 'min' && (
          <p id={`${id}-amount-error`} role="alert" className="text-sm text-destructive">
            {amountError.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-max`}>Largest amount</Label>
        <Input
          id={`${id}-max`}
          inputMode="decimal"
          value={typed.max}
          maxLength={12}
          aria-invalid={amountError?.field === 'max' || undefined}
          aria-describedby={amountError?.field === 'max' ? `${id}-amount-error` : undefined}
          onChange={(e) => setTyped({ ...typed, max: e.target.value })}
        />
        {amountError?.field === 'max' && (
          <p id={`${id}-amount-error`} role="alert" className="text-sm text-destructive">
            {amountError.message}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-q`}>Name or notes</Label>
        <Input
          id={`${id}-q`}
          type="search"
          value={typed.q}
          maxLength={100}
          onChange={(e) => setTyped({ ...typed, q: e.target.value })}
        />
      </div>
      <div className="flex items-center gap-2 self-end pb-2">
        <Checkbox
          id={`${id}-voided`}
          checked={values.voided}
          onCheckedChange={(checked) => choose('voided', checked === true)}
        />
        <Label htmlFor={`${id}-voided`}>Include voided gifts</Label>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-4">
        <Button type="submit">Apply</Button>
        {chosen > 0 && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setTyped({ from: '', to: '', min: '', max: '', q: '', partnerName: '' });
              setAmountError(null);
              setRangeError(null);
              onChange(NO_GIFT_FILTERS);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </FoldingFilters>
  );
}
