import { format } from 'date-fns';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { EventOccurrence } from '#shared/schemas/calendar';
import { timeLabel } from './occurrence-days';

/** A day's events (from "+N more" or Enter on a day of the month grid). */
export function DayListDialog({
  day,
  onOpenChange,
  onOpenEvent,
}: {
  day: { date: Date; occurrences: EventOccurrence[] } | null;
  onOpenChange: (open: boolean) => void;
  onOpenEvent: (occurrence: EventOccurrence) => void;
}) {
  return (
    <Dialog open={day !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        {day && (
          <>
            <DialogHeader>
              <DialogTitle>{format(day.date, 'EEEE, MMMM d, yyyy')}</DialogTitle>
              <DialogDescription>
                {day.occurrences.length === 0
                  ? 'No events on this day.'
                  : `${day.occurrences.length} event${day.occurrences.length === 1 ? '' : 's'}`}
              </DialogDescription>
            </DialogHeader>
            <ul className="grid gap-1">
              {day.occurrences.map((o) => (
                <li key={`${o.id}-${o.occurrenceStart}`}>
                  <button
                    type="button"
                    onClick={() => onOpenEvent(o)}
                    className="flex w-full gap-3 rounded-md p-2 text-left hover:bg-accent focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <span className="w-20 shrink-0 text-sm text-muted-foreground">{timeLabel(o)}</span>
                    <span className="font-medium">{o.title}</span>
                  </button>
                </li>
              ))}
            </ul>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
