import type { EventOccurrence } from '#shared/schemas/calendar';
import { timeLabel } from './occurrence-days';

/**
 * A day's events as buttons, its time then its title: in the day's dialog, and under the month
 * on a phone, where a day of the grid is too narrow for titles.
 */
export function DayEvents({
  day,
  occurrences,
  onOpenEvent,
}: {
  /** The day shown: an event begun on an earlier day says until when it runs on this one. */
  day: Date;
  occurrences: EventOccurrence[];
  onOpenEvent: (occurrence: EventOccurrence) => void;
}) {
  return (
    <ul className="grid gap-1">
      {occurrences.map((o) => (
        <li key={`${o.id}-${o.occurrenceStart}`}>
          <button
            type="button"
            onClick={() => onOpenEvent(o)}
            className="flex w-full gap-3 rounded-md p-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="w-20 shrink-0 text-sm text-muted-foreground">{timeLabel(o, day)}</span>
            <span className="min-w-0 break-words font-medium">{o.title}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
