import {
  addDays,
  addMonths,
  addWeeks,
  endOfWeek,
  format,
  isSameDay,
  isSameMonth,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { RefreshCw } from 'lucide-react';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { MonthNav } from './month-nav';
import { cn } from '@/lib/utils';
import type { EventOccurrence } from '#shared/schemas/calendar';
import { useOccurrences } from '../api/get-occurrences';
import { DayEvents } from './day-events';
import { byDay, dayKey, timeLabel } from './occurrence-days';

const MAX_PER_DAY = 3;
const WEEKDAY_HEADERS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** The six weeks a month grid shows, Sunday first (the viewer's days). */
export function gridDays(month: Date): Date[] {
  const first = startOfWeek(startOfMonth(month));
  return Array.from({ length: 42 }, (_, i) => addDays(first, i));
}

/** Where a key moves the focused day: arrows by day and week, PageUp/PageDown by month, Home/End to the week's ends. */
function moved(day: Date, key: string): Date | null {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addWeeks(day, -1);
    case 'ArrowDown':
      return addWeeks(day, 1);
    case 'PageUp':
      return addMonths(day, -1);
    case 'PageDown':
      return addMonths(day, 1);
    case 'Home':
      return startOfWeek(day);
    case 'End':
      return endOfWeek(day);
    default:
      return null;
  }
}

/**
 * The month view (issue 22 item 1): weekday headers, today marked, the adjacent months' days
 * dimmed, three events a day and "+N more". One day holds the focus (a roving tabindex):
 * arrows move it, PageUp/PageDown change month, Enter opens the day's list.
 *
 * On a phone (the month under 28rem, a day under about 60 px) a title would show two letters:
 * a day shows a dot per event instead, and the chosen day's events are listed under the month,
 * whole (decision 0163).
 */
export function MonthGrid({
  focusedDay,
  onFocusDay,
  onOpenDay,
  onOpenEvent,
}: {
  focusedDay: Date;
  onFocusDay: (day: Date) => void;
  onOpenDay: (day: Date, occurrences: EventOccurrence[]) => void;
  onOpenEvent: (occurrence: EventOccurrence) => void;
}) {
  const days = useMemo(() => gridDays(focusedDay), [focusedDay]);
  const occurrences = useOccurrences(days[0]!, addDays(days[41]!, 1));
  const perDay = useMemo(() => byDay(occurrences.data?.occurrences ?? []), [occurrences.data]);
  const gridRef = useRef<HTMLDivElement>(null);
  const focusWanted = useRef(false);
  const today = new Date();

  useEffect(() => {
    if (!focusWanted.current) return;
    focusWanted.current = false;
    gridRef.current?.querySelector<HTMLElement>('[role="gridcell"][tabindex="0"]')?.focus();
  }, [focusedDay]);

  const onKeyDown = (e: KeyboardEvent<HTMLElement>, day: Date) => {
    if (e.target !== e.currentTarget) return;
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onOpenDay(day, perDay.get(dayKey(day)) ?? []);
      return;
    }
    const next = moved(day, e.key);
    if (!next) return;
    e.preventDefault();
    focusWanted.current = true;
    onFocusDay(next);
  };

  const weeks = Array.from({ length: 6 }, (_, w) => days.slice(w * 7, w * 7 + 7));
  const focusedList = perDay.get(dayKey(focusedDay)) ?? [];
  return (
    <div className="@container grid gap-3">
      <MonthNav at={focusedDay} onChange={onFocusDay}>
        {occurrences.isFetching && <span className="text-sm text-muted-foreground">Loading…</span>}
      </MonthNav>
      {occurrences.isError && (
        <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border p-3 text-sm">
          Events could not be loaded: {occurrences.error.message}
          <Button variant="outline" size="sm" onClick={() => void occurrences.refetch()}>
            <RefreshCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      )}
      <div
        ref={gridRef}
        role="grid"
        aria-label={format(focusedDay, 'MMMM yyyy')}
        className="@container relative overflow-x-auto rounded-lg border bg-card"
      >
        <div role="row" className="grid grid-cols-7 border-b bg-muted/50">
          {WEEKDAY_HEADERS.map((d) => (
            <div key={d} role="columnheader" className="p-2 text-center text-xs font-medium text-muted-foreground">
              {d}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={dayKey(week[0]!)} role="row" className="grid grid-cols-7">
            {week.map((day) => {
              const list = perDay.get(dayKey(day)) ?? [];
              const focused = isSameDay(day, focusedDay);
              const isToday = isSameDay(day, today);
              const outside = !isSameMonth(day, focusedDay);
              return (
                <div
                  key={dayKey(day)}
                  role="gridcell"
                  tabIndex={focused ? 0 : -1}
                  aria-selected={focused}
                  aria-current={isToday ? 'date' : undefined}
                  aria-label={`${format(day, 'EEEE, MMMM d, yyyy')}${list.length ? `, ${list.length} event${list.length === 1 ? '' : 's'}` : ''}`}
                  data-day={dayKey(day)}
                  onKeyDown={(e) => onKeyDown(e, day)}
                  onClick={(e) => {
                    // Anywhere in the day but on one of its events' buttons.
                    if (!(e.target as HTMLElement).closest('button')) onFocusDay(day);
                  }}
                  className={cn(
                    // min-w-0 and overflow-hidden: a long title is cut by `truncate` inside its day, instead of
                    // widening the day's list over the next day (which then took the clicks meant for it).
                    'min-h-24 min-w-0 overflow-hidden border-b border-r p-1 text-left @max-md:min-h-14 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring',
                    outside && 'bg-muted/30 text-muted-foreground',
                    // On a phone the chosen day is the one listed under the month: marked, for a tap shows no focus ring.
                    focused && '@max-md:bg-accent',
                  )}
                >
                  <span
                    className={cn(
                      'mb-1 inline-flex size-6 items-center justify-center rounded-full text-xs',
                      isToday && 'bg-primary font-semibold text-primary-foreground',
                    )}
                    aria-hidden="true"
                  >
                    {format(day, 'd')}
                  </span>
                  {list.length > 0 && (
                    <span aria-hidden="true" className="hidden flex-wrap items-center gap-0.5 px-1 @max-md:flex">
                      {list.slice(0, MAX_PER_DAY).map((o) => (
                        <span
                          key={`${o.id}-${o.occurrenceStart}`}
                          className={cn('size-1.5 rounded-full bg-primary', outside && 'opacity-50')}
                        />
                      ))}
                      {list.length > MAX_PER_DAY && <span className="text-[10px] leading-none">+</span>}
                    </span>
                  )}
                  <ul className="grid min-w-0 grid-cols-1 gap-0.5 @max-md:hidden">
                    {list.slice(0, MAX_PER_DAY).map((o) => (
                      <li key={`${o.id}-${o.occurrenceStart}`} className="min-w-0">
                        <button
                          type="button"
                          tabIndex={-1}
                          onClick={() => onOpenEvent(o)}
                          className={cn(
                            'w-full truncate rounded px-1 text-left text-xs hover:bg-accent',
                            o.allDay ? 'bg-primary/15' : '',
                            outside && 'opacity-70',
                          )}
                        >
                          {/* In a narrow month (a day under about 110 px: a tablet, a phone) the time
                              is left to screen readers, so the title shows instead of "7:00 P…". */}
                          {!o.allDay && <span className="@max-3xl:sr-only">{`${timeLabel(o, day)} `}</span>}
                          {o.title}
                        </button>
                      </li>
                    ))}
                  </ul>
                  {list.length > MAX_PER_DAY && (
                    <button
                      type="button"
                      tabIndex={-1}
                      onClick={() => onOpenDay(day, list)}
                      className="px-1 text-xs font-medium text-primary hover:underline @max-md:hidden"
                    >
                      +{list.length - MAX_PER_DAY} more
                    </button>
                  )}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <section
        aria-label={`Events on ${format(focusedDay, 'EEEE, MMMM d')}`}
        className="hidden rounded-lg border bg-card p-3 @max-md:block"
      >
        <p className="px-2 text-sm font-semibold">{format(focusedDay, 'EEEE, MMMM d')}</p>
        {focusedList.length > 0 ? (
          <DayEvents day={focusedDay} occurrences={focusedList} onOpenEvent={onOpenEvent} />
        ) : (
          <p className="px-2 pt-1 text-sm text-muted-foreground">No events on this day.</p>
        )}
      </section>
      <p className="text-xs text-muted-foreground">
        Arrow keys move between days, Page Up and Page Down change the month, Enter lists the day&apos;s events.
      </p>
    </div>
  );
}
