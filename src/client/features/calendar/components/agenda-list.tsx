import { addMonths, format, startOfMonth } from 'date-fns';
import { CalendarDays, CalendarPlus, RefreshCw, Repeat } from 'lucide-react';
import { useMemo } from 'react';
import { EmptyState } from '@/components/empty-state';
import { Button } from '@/components/ui/button';
import { MonthNav } from './month-nav';
import { Skeleton } from '@/components/ui/skeleton';
import type { EventOccurrence } from '#shared/schemas/calendar';
import { useOccurrences } from '../api/get-occurrences';
import { byDay, timeLabel } from './occurrence-days';

/** The agenda (issue 22 item 1): a month's occurrences grouped by day, paged by month. */
export function AgendaList({
  month,
  onMonthChange,
  onOpenEvent,
  onAdd,
}: {
  month: Date;
  onMonthChange: (month: Date) => void;
  onOpenEvent: (occurrence: EventOccurrence) => void;
  /** The empty month's next step: the Add Event dialog. */
  onAdd: () => void;
}) {
  const from = startOfMonth(month);
  const to = addMonths(from, 1);
  const occurrences = useOccurrences(from, to);
  const days = useMemo(() => {
    const map = byDay(occurrences.data?.occurrences ?? []);
    const inMonth = [...map.entries()].filter(([day]) => day.startsWith(format(from, 'yyyy-MM')));
    return inMonth.sort(([a], [b]) => a.localeCompare(b));
  }, [occurrences.data, from]);

  return (
    <div className="grid gap-4">
      <MonthNav at={from} onChange={onMonthChange} />
      {occurrences.isPending ? (
        <Skeleton className="h-40" aria-label="Loading events" />
      ) : occurrences.isError ? (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
          Events could not be loaded: {occurrences.error.message}
          <Button variant="outline" size="sm" onClick={() => void occurrences.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      ) : days.length === 0 ? (
        <EmptyState
          icon={CalendarDays}
          action={
            <Button variant="outline" onClick={onAdd}>
              <CalendarPlus aria-hidden="true" />
              Add an event
            </Button>
          }
        >
          No events this month.
        </EmptyState>
      ) : (
        <ol className="grid gap-4" aria-label={`Events in ${format(from, 'MMMM yyyy')}`}>
          {days.map(([day, list]) => (
            <li key={day} className="grid gap-1">
              <h3 className="text-sm font-semibold">{format(new Date(`${day}T00:00:00`), 'EEEE, MMMM d')}</h3>
              <ul className="divide-y rounded-lg border bg-card">
                {list.map((o) => (
                  <li key={`${o.id}-${o.occurrenceStart}`}>
                    <button
                      type="button"
                      onClick={() => onOpenEvent(o)}
                      className="flex w-full items-center gap-3 p-3 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring"
                    >
                      <span className="w-20 shrink-0 text-sm text-muted-foreground">
                        {timeLabel(o, new Date(`${day}T00:00:00`))}
                      </span>
                      <span className="min-w-0 font-medium [overflow-wrap:anywhere]">{o.title}</span>
                      {o.series && <Repeat className="size-4 text-muted-foreground" aria-label="Repeats" />}
                      {o.location && (
                        <span className="ml-auto truncate text-sm text-muted-foreground">{o.location}</span>
                      )}
                    </button>
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
