import { format } from 'date-fns';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import type { EventOccurrence } from '#shared/schemas/calendar';
import { DayEvents } from './day-events';

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
            <DayEvents day={day.date} occurrences={day.occurrences} onOpenEvent={onOpenEvent} />
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
