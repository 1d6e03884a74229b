import type { CalendarEvent, EventScope } from '#shared/schemas/calendar';

/**
 * What an edit of a series opens with, from the occurrence it was asked from. "This event" edits
 * the occurrence as it is. "All events" and "This and following" edit the series: its own title,
 * description, place and image, at the occurrence's own slot (`occurrenceStart`) for the series'
 * length. An occurrence changed on its own (moved a day, renamed) opened those with its own
 * values: saved unchanged, every other occurrence took its title and its move, and the moved
 * evening and a cancellation no longer fell on the series, so they were lost.
 */
export function seriesAt(occurrence: CalendarEvent, scope: EventScope, cards: readonly CalendarEvent[]): CalendarEvent {
  if (scope === 'this') return occurrence;
  const series = cards.find((card) => card.id === occurrence.id && card.recurrence);
  if (!series) return occurrence;
  const length = Date.parse(series.endDate) - Date.parse(series.startDate);
  return {
    ...occurrence,
    title: series.title,
    description: series.description,
    location: series.location,
    imageUrl: series.imageUrl,
    allDay: series.allDay,
    timeZone: series.timeZone,
    startDate: occurrence.occurrenceStart,
    endDate: new Date(Date.parse(occurrence.occurrenceStart) + length).toISOString(),
  };
}
