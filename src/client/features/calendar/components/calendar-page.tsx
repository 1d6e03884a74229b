import { CalendarPlus, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import type { CalendarEvent } from '#shared/schemas/calendar';
import { useEvents } from '../api/get-events';
import { EventCard } from './event-card';
import { EventDetailsDialog } from './event-details-dialog';
import { EventFormDialog, type EventFormMode } from './event-form-dialog';

const DEFAULT_MAX_UPLOAD_MB = 50;

/** /calendar: events by start date in a card grid; details, add and edit in dialogs (SPEC 2, D8). */
export function CalendarPage() {
  const events = useEvents();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [formMode, setFormMode] = useState<EventFormMode | null>(null);

  const list = events.data?.events;
  // The open details follow the list, so they show an edit as soon as it is saved.
  const selected = list?.find((e) => e.id === selectedId) ?? null;
  const maxUploadMb = events.data?.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB;

  const openEdit = (event: CalendarEvent) => {
    setSelectedId(null);
    setFormMode({ kind: 'edit', event });
  };

  return (
    <>
      <PageHeader
        title="Calendar & Events"
        description="Upcoming gatherings, outreach and meetings"
        actions={
          <Button onClick={() => setFormMode({ kind: 'add' })}>
            <CalendarPlus aria-hidden="true" />
            Add Event
          </Button>
        }
      />
      {events.isPending ? (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Loading events">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72" />
          ))}
        </div>
      ) : events.isError ? (
        <Card>
          <CardContent className="flex flex-wrap items-center justify-between gap-3 p-6">
            <p role="alert">Events could not be loaded: {events.error.message}</p>
            <Button variant="outline" onClick={() => void events.refetch()}>
              <RefreshCw aria-hidden="true" />
              Try again
            </Button>
          </CardContent>
        </Card>
      ) : list!.length === 0 ? (
        <Card>
          <CardContent className="p-10 text-center text-muted-foreground">
            No events scheduled. Click &quot;Add Event&quot; to create one.
          </CardContent>
        </Card>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label="Events">
          {list!.map((event) => (
            <li key={event.id} className="flex">
              <EventCard event={event} onOpen={(e) => setSelectedId(e.id)} />
            </li>
          ))}
        </ul>
      )}
      <EventDetailsDialog event={selected} onOpenChange={(open) => !open && setSelectedId(null)} onEdit={openEdit} />
      <EventFormDialog mode={formMode} maxUploadMb={maxUploadMb} onOpenChange={(open) => !open && setFormMode(null)} />
    </>
  );
}
