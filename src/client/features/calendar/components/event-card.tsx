import { CalendarDays, Clock, ImageIcon, MapPin, Repeat } from 'lucide-react';
import { Card } from '@/components/ui/card';
import type { CalendarEvent } from '#shared/schemas/calendar';
import { cardDateLabel, cardTimeLabel, shownRange } from './event-dates';

/** A card in the grid; the whole card opens the details (the title is the button, stretched). */
export function EventCard({ event, onOpen }: { event: CalendarEvent; onOpen: (event: CalendarEvent) => void }) {
  const [start, end] = shownRange(event);
  const time = cardTimeLabel(start, end, event.allDay);
  return (
    <Card className="relative flex w-full flex-col overflow-hidden transition-shadow focus-within:ring-2 focus-within:ring-ring hover:shadow-md">
      {event.imageUrl ? (
        <img src={event.imageUrl} alt="" className="h-40 w-full object-cover" loading="lazy" />
      ) : (
        <div className="flex h-40 items-center justify-center bg-muted text-muted-foreground" aria-hidden="true">
          <ImageIcon className="size-10" />
        </div>
      )}
      <div className="flex flex-1 flex-col gap-2 p-4">
        <h2 className="text-lg font-semibold leading-tight [overflow-wrap:anywhere]">
          <button
            type="button"
            onClick={() => onOpen(event)}
            className="text-left after:absolute after:inset-0 after:content-[''] focus-visible:outline-none"
          >
            {event.title}
          </button>
        </h2>
        <p className="flex items-center gap-2 text-sm text-muted-foreground">
          <CalendarDays className="size-4 shrink-0" aria-hidden="true" />
          {cardDateLabel(start, end)}
        </p>
        {time && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Clock className="size-4 shrink-0" aria-hidden="true" />
            {time}
          </p>
        )}
        {event.repeats && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Repeat className="size-4 shrink-0" aria-hidden="true" />
            {event.repeats}
          </p>
        )}
        {event.location && (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden="true" />
            {event.location}
          </p>
        )}
        {event.description && <p className="line-clamp-2 text-sm">{event.description}</p>}
      </div>
    </Card>
  );
}
