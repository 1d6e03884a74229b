import { CalendarDays, CalendarPlus, RefreshCw, Rss } from 'lucide-react';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useMe } from '@/features/auth/api/get-me';
import { useStoredChoice } from '@/lib/stored-choice';
import type { CalendarEvent, EventOccurrence, EventScope } from '#shared/schemas/calendar';
import { DEFAULT_MAX_UPLOAD_MB } from '#shared/schemas/files';
import { useDeleteEvent } from '../api/delete-event';
import { useEvents } from '../api/get-events';
import { AgendaList } from './agenda-list';
import { DayListDialog } from './day-list-dialog';
import { EventCard } from './event-card';
import { EventDetailsDialog } from './event-details-dialog';
import { EventFormDialog, type EventFormMode } from './event-form-dialog';
import { MonthGrid } from './month-grid';
import { SeriesScopeDialog } from './series-scope-dialog';
import { seriesAt } from '../lib/series-at';
import { CALENDAR_SUBSCRIPTION_ID } from '../widgets/calendar-subscription-card';

const VIEWS = ['cards', 'month', 'agenda'] as const;
type View = (typeof VIEWS)[number];

/** /calendar: cards of upcoming events (SPEC 2, D8), a month grid and an agenda (issue 22). */
export function CalendarPage() {
  const me = useMe();
  const events = useEvents();
  const remove = useDeleteEvent();
  // The chosen view, remembered per person in this browser.
  const [view, setView] = useStoredChoice<View>(`calendar-view:${me.data?.user.id ?? 'anyone'}`, VIEWS, 'cards');
  const [focusedDay, setFocusedDay] = useState(() => new Date());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [selectedOccurrence, setSelectedOccurrence] = useState<EventOccurrence | null>(null);
  const [formMode, setFormMode] = useState<EventFormMode | null>(null);
  const [openDay, setOpenDay] = useState<{ date: Date; occurrences: EventOccurrence[] } | null>(null);
  const [scopeFor, setScopeFor] = useState<{ action: 'edit' | 'delete'; event: CalendarEvent } | null>(null);

  const list = events.data?.events;
  // The open card details follow the list, so they show an edit as soon as it is saved.
  const selected = selectedOccurrence ?? list?.find((e) => e.id === selectedId) ?? null;
  const maxUploadMb = events.data?.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB;

  // What the person opened an event or the form from (a card, a day, Add Event): when the last of
  // the dialogs that followed closes (details, then the series question, then the form), the focus
  // goes back there. Radix would give it to the dialog before, gone by then, so the body got it.
  const returnTo = useRef<HTMLElement | null>(null);
  const remember = () => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && !active.closest('[role="dialog"], [role="alertdialog"]')) {
      returnTo.current = active;
    }
  };
  const focusBack = (event: Event) => {
    event.preventDefault();
    // Another of the chain's dialogs is opening: it takes the focus itself.
    if (document.querySelector('[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]')) return;
    if (returnTo.current?.isConnected) returnTo.current.focus();
    else viewTab()?.focus();
  };
  // The opener gone (the event deleted or moved to another day): the view's tab, above what was seen.
  const viewTab = () => document.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]');
  const openAdd = () => {
    remember();
    setFormMode({ kind: 'add' });
  };

  const closeDetails = () => {
    setSelectedId(null);
    setSelectedOccurrence(null);
  };
  const openOccurrence = (o: EventOccurrence) => {
    remember();
    setOpenDay(null);
    setSelectedOccurrence(o);
  };
  const openEdit = (event: CalendarEvent) => {
    closeDetails();
    if (event.recurrence) setScopeFor({ action: 'edit', event });
    else setFormMode({ kind: 'edit', event });
  };
  const runDelete = async (event: CalendarEvent, scope?: EventScope) => {
    try {
      await remove.mutateAsync({
        id: event.id,
        target: scope ? { scope, occurrence: event.occurrenceStart } : undefined,
      });
      toast.success('Event deleted');
      closeDetails();
      // The lists read again reach the page in a task of their own (TanStack Query's notifications):
      // once the event's button has gone with them, a focus left on it has fallen to the body.
      setTimeout(() => {
        const fallen = document.activeElement === null || document.activeElement === document.body;
        if (fallen && !document.querySelector('[role="dialog"][data-state="open"]')) viewTab()?.focus();
      });
    } catch (err) {
      toast.error('Failed to delete event', { description: err instanceof Error ? err.message : String(err) });
    }
  };
  const askDelete = (event: CalendarEvent) => {
    if (event.recurrence) {
      closeDetails();
      setScopeFor({ action: 'delete', event });
    } else void runDelete(event);
  };
  const chooseScope = (scope: EventScope) => {
    if (!scopeFor) return;
    const { action, event } = scopeFor;
    setScopeFor(null);
    if (action === 'delete') void runDelete(event, scope);
    else
      setFormMode({
        kind: 'edit',
        event: seriesAt(event, scope, list ?? []),
        target: { scope, occurrence: event.occurrenceStart },
      });
  };

  return (
    <>
      <PageHeader
        title="Calendar & Events"
        description="Upcoming gatherings, outreach and meetings"
        actions={
          <>
            {/* The private subscription address lives in Settings; a person looking for "add to my
                phone's calendar" looks here first. */}
            <Button variant="outline" asChild>
              <Link to={`/settings#${CALENDAR_SUBSCRIPTION_ID}`}>
                <Rss aria-hidden="true" />
                Subscribe
              </Link>
            </Button>
            <Button onClick={openAdd}>
              <CalendarPlus aria-hidden="true" />
              Add Event
            </Button>
          </>
        }
      />
      <Tabs value={view} onValueChange={(v) => setView(v as View)}>
        <TabsList aria-label="Calendar view" className="mb-4">
          <TabsTrigger value="cards">Cards</TabsTrigger>
          <TabsTrigger value="month">Month</TabsTrigger>
          <TabsTrigger value="agenda">Agenda</TabsTrigger>
        </TabsList>
        {/* Columns by the list's own width, as the partner cards (decision 0155). */}
        <TabsContent value="cards" className="@container">
          {events.isPending ? (
            <div className="grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3" aria-label="Loading events">
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
            <EmptyState
              icon={CalendarDays}
              action={
                <Button onClick={openAdd}>
                  <CalendarPlus aria-hidden="true" />
                  Add an event
                </Button>
              }
            >
              No events scheduled. Click &quot;Add Event&quot; to create one.
            </EmptyState>
          ) : (
            <ul className="grid gap-4 @xl:grid-cols-2 @4xl:grid-cols-3" aria-label="Events">
              {list!.map((event) => (
                <li key={event.id} className="flex">
                  <EventCard
                    event={event}
                    onOpen={(e) => {
                      remember();
                      setSelectedId(e.id);
                    }}
                  />
                </li>
              ))}
            </ul>
          )}
        </TabsContent>
        <TabsContent value="month">
          <MonthGrid
            focusedDay={focusedDay}
            onFocusDay={setFocusedDay}
            onOpenDay={(date, occurrences) => {
              remember();
              setOpenDay({ date, occurrences });
            }}
            onOpenEvent={openOccurrence}
          />
        </TabsContent>
        <TabsContent value="agenda">
          <AgendaList month={focusedDay} onMonthChange={setFocusedDay} onOpenEvent={openOccurrence} onAdd={openAdd} />
        </TabsContent>
      </Tabs>
      <DayListDialog day={openDay} onOpenChange={(open) => !open && setOpenDay(null)} onOpenEvent={openOccurrence} />
      <EventDetailsDialog
        event={selected}
        onOpenChange={(open) => !open && closeDetails()}
        onEdit={openEdit}
        onDelete={askDelete}
        onCloseAutoFocus={focusBack}
      />
      <SeriesScopeDialog
        action={scopeFor?.action ?? null}
        onOpenChange={(open) => !open && setScopeFor(null)}
        onChoose={chooseScope}
        onCloseAutoFocus={focusBack}
      />
      <EventFormDialog
        mode={formMode}
        maxUploadMb={maxUploadMb}
        onOpenChange={(open) => !open && setFormMode(null)}
        onCloseAutoFocus={focusBack}
      />
    </>
  );
}
