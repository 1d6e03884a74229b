import { CalendarDays, MapPin, Pencil } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import type { CalendarEvent } from '#shared/schemas/calendar';
import { detailDateLines } from './event-dates';

/** An event's details (long date with times, location, description, image) with Edit. */
export function EventDetailsDialog({
  event,
  onOpenChange,
  onEdit,
}: {
  event: CalendarEvent | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (event: CalendarEvent) => void;
}) {
  return (
    <Dialog open={event !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-xl">
        {event && (
          <>
            <DialogHeader>
              <DialogTitle className="pr-6 text-2xl">{event.title}</DialogTitle>
              <DialogDescription className="sr-only">Event details</DialogDescription>
            </DialogHeader>
            {event.imageUrl && (
              <img
                src={event.imageUrl}
                alt={`Image for ${event.title}`}
                className="max-h-72 w-full rounded-lg object-cover"
              />
            )}
            <div className="flex gap-3">
              <CalendarDays className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              <div>
                {detailDateLines(new Date(event.startDate), new Date(event.endDate)).map((line) => (
                  <p key={line} className="first:font-medium">
                    {line}
                  </p>
                ))}
              </div>
            </div>
            {event.location && (
              <div className="flex gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <p>{event.location}</p>
              </div>
            )}
            {event.description && <p className="whitespace-pre-wrap text-muted-foreground">{event.description}</p>}
            <DialogFooter>
              <Button onClick={() => onEdit(event)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
