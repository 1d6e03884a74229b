import { CalendarDays, Download, MapPin, Pencil, Repeat, Trash2 } from 'lucide-react';
import { ConfirmButton } from '@/components/confirm-action';
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
import { detailDateLines, shownRange } from './event-dates';

/** The .ics of an event; of one occurrence when it is part of a series. */
function icsHref(event: CalendarEvent): string {
  const base = `/api/calendar/events/${encodeURIComponent(event.id)}/ics`;
  return event.recurrence ? `${base}?occurrence=${encodeURIComponent(event.occurrenceStart)}` : base;
}

/**
 * An event's details (long date with times, rule in words, location, description, image) with
 * Edit, and Delete for those who may delete it.
 */
export function EventDetailsDialog({
  event,
  onOpenChange,
  onEdit,
  onDelete,
  onCloseAutoFocus,
}: {
  event: CalendarEvent | null;
  /** Where the focus goes once the dialog has closed (the page's `focusBack`). */
  onCloseAutoFocus: (event: Event) => void;
  onOpenChange: (open: boolean) => void;
  onEdit: (event: CalendarEvent) => void;
  /** A series asks its scope first (which confirms); a single event is confirmed here. */
  onDelete: (event: CalendarEvent) => void;
}) {
  return (
    <Dialog open={event !== null} onOpenChange={onOpenChange}>
      <DialogContent
        className="max-w-xl"
        onCloseAutoFocus={onCloseAutoFocus}
        // The focus starts on the event's title, not on the first button: that was Delete, and
        // Enter pressed again asked to delete the event.
        onOpenAutoFocus={(e) => {
          e.preventDefault();
          (e.target as HTMLElement).querySelector<HTMLElement>('[data-event-title]')?.focus();
        }}
      >
        {event && (
          <>
            <DialogHeader>
              <DialogTitle
                data-event-title
                tabIndex={-1}
                className="rounded-sm pr-6 text-2xl [overflow-wrap:anywhere] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
              >
                {event.title}
              </DialogTitle>
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
                {detailDateLines(...shownRange(event), event.allDay).map((line) => (
                  <p key={line} className="first:font-medium">
                    {line}
                  </p>
                ))}
              </div>
            </div>
            {event.repeats && (
              <div className="flex gap-3">
                <Repeat className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <p>{event.repeats}</p>
              </div>
            )}
            {event.location && (
              <div className="flex gap-3">
                <MapPin className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <p>{event.location}</p>
              </div>
            )}
            {event.description && <p className="whitespace-pre-wrap text-muted-foreground">{event.description}</p>}
            <DialogFooter className="flex-wrap gap-2">
              <Button variant="outline" asChild>
                <a href={icsHref(event)} download>
                  <Download aria-hidden="true" />
                  Download .ics
                </a>
              </Button>
              {/* Deleting is for the event's creator or an admin (decision 0178): others see no Delete. */}
              {!event.canDelete ? null : event.recurrence ? (
                <Button variant="outline" onClick={() => onDelete(event)}>
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              ) : (
                <ConfirmButton
                  variant="outline"
                  title="Delete this event?"
                  description={`"${event.title}" will be removed from the calendar for everyone. This cannot be undone.`}
                  confirmLabel="Delete"
                  onConfirm={() => onDelete(event)}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </ConfirmButton>
              )}
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
