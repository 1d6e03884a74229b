import { Filter } from 'lucide-react';
import { useId, useState, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from 'react';
import { Button } from '@/components/ui/button';
import { DateInput } from '@/components/ui/date-input';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { DATE_RANGE_BACKWARDS } from '#shared/limits';

// The pieces of a screen's filter form, shared by the Giving screen and the audit log.

/**
 * A screen's filter form (the Giving screen's, the audit log's). On a phone it folds away behind
 * a "Filters" button that says how many are on, so the list is not a screen below the filters;
 * from the small breakpoint up it is always shown, laid out by `className`'s grid columns.
 */
export function FoldingFilters({
  chosen,
  className,
  onSubmit,
  children,
}: {
  /** How many filters are on. */
  chosen: number;
  /** The grid's columns from the small breakpoint up, e.g. `sm:grid-cols-2 lg:grid-cols-4`. */
  className: string;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="outline"
        className="mb-3 sm:hidden"
        aria-expanded={shown}
        aria-controls={`${id}-filters`}
        onClick={() => setShown((open) => !open)}
      >
        <Filter aria-hidden="true" />
        {chosen > 0 ? `Filters (${chosen} on)` : 'Filters'}
      </Button>
      <form
        id={`${id}-filters`}
        className={cn('mb-4 gap-3 sm:grid', className, shown ? 'grid' : 'hidden')}
        onSubmit={onSubmit}
        aria-label="Filters"
      >
        {children}
      </form>
    </>
  );
}

/**
 * The typed fields of a filter form (dates, amounts, text), applied with Apply or Enter. They
 * follow the filters in the address when those change (a choice applied, Back, Clear the
 * filters), and `onFollow` clears what was said about the old ones. The form is not remounted
 * for that: a remount took the focus from the select being changed, so arrowing through its
 * options applied one and lost the place, and on a phone it folded the filters away.
 */
export function useTypedFilters<T>(fromAddress: T, onFollow?: () => void): [T, Dispatch<SetStateAction<T>>] {
  const [typed, setTyped] = useState(fromAddress);
  const key = JSON.stringify(fromAddress);
  const [followed, setFollowed] = useState(key);
  if (followed !== key) {
    // Adjusting state while rendering, as React documents for state that follows a prop.
    setFollowed(key);
    setTyped(fromAddress);
    onFollow?.();
  }
  return [typed, setTyped];
}

/** The message for a range whose From is after its To, or null. Days are `yyyy-MM-dd`, so text order is day order. */
export const dateRangeError = ({ from, to }: { from: string; to: string }) =>
  from && to && from > to ? DATE_RANGE_BACKWARDS : null;

/**
 * A filter's "From" and "To" days, each labelled; `id` prefixes the fields' ids. `error` is said
 * under From (the screen checks `dateRangeError` before it applies the range).
 */
export function DateRangeFields({
  id,
  from,
  to,
  error,
  onChange,
}: {
  id: string;
  from: string;
  to: string;
  error?: string | null;
  onChange: (range: { from: string; to: string }) => void;
}) {
  return (
    <>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <DateInput
          id={`${id}-from`}
          value={from}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-range-error` : undefined}
          onChange={(e) => onChange({ from: e.target.value, to })}
        />
        {error && (
          <p id={`${id}-range-error`} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-to`}>To</Label>
        <DateInput id={`${id}-to`} value={to} onChange={(e) => onChange({ from, to: e.target.value })} />
      </div>
    </>
  );
}
