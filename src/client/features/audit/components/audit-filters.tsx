import { useId, useState, type FormEvent } from 'react';
import { dateRangeError, DateRangeFields, FoldingFilters, useTypedFilters } from '@/components/filter-form';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useAuditFacets } from '../api/audit-facets';
import { actionWords, subjectWords, wordChoices } from '../lib/audit-words';

/** The filters as the screen holds them (in the address bar): dates are the person's own days. */
export interface AuditFilterValues {
  actor: string;
  action: string;
  subjectType: string;
  subjectId: string;
  fromDate: string;
  toDate: string;
  /** 'show' when chat read receipts are included; empty leaves them out. */
  reads: string;
}

export const NO_FILTERS: AuditFilterValues = {
  actor: '',
  action: '',
  subjectType: '',
  subjectId: '',
  fromDate: '',
  toDate: '',
  reads: '',
};

/**
 * Who, what, which subject and when. Choices apply at once; the subject and dates apply with
 * "Apply" (or Enter), so a half-typed id or date is not sent on every key.
 */
export function AuditFilters({
  values,
  onChange,
}: {
  values: AuditFilterValues;
  onChange: (values: AuditFilterValues) => void;
}) {
  const id = useId();
  const facets = useAuditFacets();
  // A backwards range is said under From, and not asked of the server.
  const [rangeError, setRangeError] = useState<string | null>(null);
  const [typed, setTyped] = useTypedFilters(
    { subjectId: values.subjectId, fromDate: values.fromDate, toDate: values.toDate },
    () => setRangeError(null),
  );
  // A choice applies at once, with what is typed in the other fields (as Apply would).
  const choose = (key: 'actor' | 'action' | 'subjectType') => (value: string) => {
    const backwards = dateRangeError({ from: typed.fromDate, to: typed.toDate });
    onChange({ ...values, ...(backwards ? {} : typed), [key]: value });
  };
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const backwards = dateRangeError({ from: typed.fromDate, to: typed.toDate });
    setRangeError(backwards);
    if (backwards) return document.getElementById(`${id}-from`)?.focus();
    onChange({ ...values, ...typed });
  };
  const chosen = Object.values(values).filter(Boolean).length;

  return (
    <FoldingFilters chosen={chosen} className="sm:grid-cols-2 lg:grid-cols-3" onSubmit={apply}>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-actor`}>Person</Label>
        <NativeSelect id={`${id}-actor`} value={values.actor} onChange={(e) => choose('actor')(e.target.value)}>
          <option value="">Everyone</option>
          {facets.data?.actors.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name || a.email || `Removed account (${a.id})`}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-action`}>Action</Label>
        <NativeSelect id={`${id}-action`} value={values.action} onChange={(e) => choose('action')(e.target.value)}>
          <option value="">All actions</option>
          {wordChoices(facets.data?.actions ?? [], actionWords).map(({ code, words }) => (
            <option key={code} value={code}>
              {words}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-type`}>Subject type</Label>
        <NativeSelect
          id={`${id}-type`}
          value={values.subjectType}
          onChange={(e) => choose('subjectType')(e.target.value)}
        >
          <option value="">All subjects</option>
          {wordChoices(facets.data?.subjectTypes ?? [], subjectWords).map(({ code, words }) => (
            <option key={code} value={code}>
              {words}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-subject`}>Subject id or address</Label>
        <Input
          id={`${id}-subject`}
          value={typed.subjectId}
          maxLength={300}
          onChange={(e) => setTyped({ ...typed, subjectId: e.target.value })}
        />
      </div>
      <DateRangeFields
        id={id}
        from={typed.fromDate}
        to={typed.toDate}
        error={rangeError}
        onChange={({ from, to }) => setTyped({ ...typed, fromDate: from, toDate: to })}
      />
      <div className="flex items-center gap-2 self-end pb-2">
        <Checkbox
          id={`${id}-reads`}
          checked={values.reads === 'show'}
          onCheckedChange={(checked) => onChange({ ...values, reads: checked === true ? 'show' : '' })}
        />
        <Label htmlFor={`${id}-reads`}>Include chat read receipts</Label>
      </div>
      <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
        <Button type="submit">Apply</Button>
        {chosen > 0 && (
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              setTyped({ subjectId: '', fromDate: '', toDate: '' });
              setRangeError(null);
              onChange(NO_FILTERS);
            }}
          >
            Clear filters
          </Button>
        )}
      </div>
    </FoldingFilters>
  );
}
