import { and, asc, eq, gte, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { eventCancellations, events } from '#server/db/schema';
import type { Actor, ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import { describeRule, RULE_NO_OCCURRENCES } from '#shared/recurrence';
import { END_BEFORE_START, type CalendarEvent, type EventInput, type EventScopeQuery } from '#shared/schemas/calendar';
import { deleteUnusedImages, imageUrlFor } from './event-images';
import { occurrenceEnd, type EventRow } from './event-rows';
import { lastOccurrence, nextOccurrence, occurrencesBefore } from './recurrence';
import {
  carryChangesToExceptions,
  endSeriesBefore,
  keepExceptionsInStep,
  moveExceptions,
  namedOccurrence,
  refuseOverExceptionLimit,
} from './series-exceptions';

/** An event as everyone with the calendar sees it: all but what the person asking may do. */
export type SharedEvent = Omit<CalendarEvent, 'canDelete'>;

/** Who is looking: enough to say whether they may delete an event. */
export type Viewer = Pick<Actor, 'id' | 'role'>;

/**
 * Decision 0178: deleting removes an event for everyone, so it is for the person who created
 * it (a series' creator, for any of its occurrences) or an admin. Adding and editing are for
 * anyone with the calendar (D8).
 */
export function canDeleteEvent(createdBy: string | null, viewer: Viewer): boolean {
  return viewer.role === 'admin' || (createdBy !== null && createdBy === viewer.id);
}

/** An event as `viewer` gets it: with whether they may delete it (by `createdBy`, its series' for an occurrence). */
export function forViewer<T extends SharedEvent>(event: T, viewer: Viewer): T & { canDelete: boolean } {
  return { ...event, canDelete: canDeleteEvent(event.createdBy, viewer) };
}

/** An event row as the API shows it; `at` is the occurrence shown (a series' card: its next one). */
export function toEvent(row: EventRow, at?: { start: Date; end: Date; occurrenceStart: Date }): SharedEvent {
  const occurrence = at?.occurrenceStart ?? row.occurrenceStart ?? row.startDate;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: (at?.start ?? row.startDate).toISOString(),
    endDate: (at?.end ?? row.endDate).toISOString(),
    location: row.location,
    imageUrl: imageUrlFor(row.imageUrl),
    createdBy: row.userId,
    allDay: row.allDay,
    timeZone: row.timeZone,
    recurrence: row.recurrence,
    repeats: row.recurrence ? describeRule(row.recurrence, row.startDate, row.timeZone, row.allDay) : null,
    occurrenceStart: occurrence.toISOString(),
    seriesStart: row.startDate.toISOString(),
    occurrencesBefore: row.recurrence ? occurrencesBefore({ ...row, recurrence: row.recurrence }, occurrence) : null,
  };
}

/**
 * SPEC 7: the cards, by start ascending. A series is one card, at its next occurrence (its
 * last once all have passed); its changed occurrences are part of it, not cards of their own.
 */
export async function listEvents(db: Db, viewer: Viewer, now = new Date()): Promise<CalendarEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .where(isNull(events.seriesId))
    .orderBy(asc(events.startDate), asc(events.endDate), asc(events.title), asc(events.id));
  const cards = rows.map((row) => {
    if (!row.recurrence) return forViewer(toEvent(row), viewer);
    const series = { ...row, recurrence: row.recurrence };
    const start = nextOccurrence(series, now) ?? lastOccurrence(series);
    return forViewer(toEvent(row, { start, end: occurrenceEnd(row, start), occurrenceStart: start }), viewer);
  });
  return cards.sort(
    (a, b) =>
      a.startDate.localeCompare(b.startDate) || a.endDate.localeCompare(b.endDate) || a.title.localeCompare(b.title),
  );
}

/** An all-day date as written ("2026-12-24T…"): midnight UTC of that date (the schema's reading). */
function utcDate(iso: string): Date {
  return new Date(`${iso.slice(0, 10)}T00:00:00.000Z`);
}

/**
 * The row values of the dialog's input. An all-day event keeps the dates as written; a series
 * starts at its first occurrence (a start on a Monday of "every Tuesday" moves to the Tuesday,
 * as RFC 5545 readers disagree about a DTSTART outside the rule) and ends within 10 years.
 */
function writtenTimes(input: EventInput) {
  const start = input.allDay ? utcDate(input.startDate) : new Date(input.startDate);
  const end = input.allDay ? utcDate(input.endDate) : new Date(input.endDate);
  if (end < start) refuse(400, END_BEFORE_START);
  return { start, end };
}

function values(input: EventInput) {
  let { start: startDate, end: endDate } = writtenTimes(input);
  const timing = { allDay: input.allDay, timeZone: input.timeZone, recurrence: input.recurrence };
  let seriesEnd: Date | null = null;
  if (input.recurrence) {
    const series = { ...timing, recurrence: input.recurrence, startDate };
    const first = nextOccurrence(series, startDate);
    if (!first) refuse(400, RULE_NO_OCCURRENCES);
    endDate = new Date(endDate.getTime() + first.getTime() - startDate.getTime());
    startDate = first;
    const last = lastOccurrence({ ...series, startDate });
    seriesEnd = new Date(last.getTime() + endDate.getTime() - startDate.getTime());
  }
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    startDate,
    endDate,
    ...timing,
    seriesEnd,
  };
}

const announce = { audience: { feature: 'calendar' as const }, event: { type: 'events.changed' as const } };

export async function createEvent(
  ctx: ServiceContext,
  input: EventInput,
  imageKey: string | null,
): Promise<CalendarEvent> {
  return ctx.change(async (tx) => {
    const [row] = await tx.db
      .insert(events)
      .values({ ...values(input), imageUrl: imageKey, userId: tx.actor.id })
      .returning();
    await tx.record({ action: 'event.created', subject: { type: 'event', id: row!.id }, announce, after: row });
    return forViewer(toEvent(row!), tx.actor);
  });
}

/**
 * D8: anyone with the calendar permission may edit. A new image replaces the old one, and
 * `removeImage` drops it; the replaced object is deleted once the change has committed and no
 * record points at it. A series' edit names its scope (decision 0121): "this" writes a changed
 * occurrence, "following" ends the series before the occurrence and starts a new one there,
 * "all" changes the series (moved by as much as the named occurrence moved).
 */
export async function updateEvent(
  ctx: ServiceContext,
  id: string,
  input: EventInput,
  newImageKey: string | null,
  query: EventScopeQuery = {},
): Promise<CalendarEvent> {
  const { event, oldImages } = await ctx.change(async (tx) => {
    const existing = await lockedRow(tx.db.select().from(events).where(eq(events.id, id)), 404, 'Event not found');
    const imageUrl = newImageKey ?? (input.removeImage ? null : existing.imageUrl);
    const record = (row: EventRow, extra?: object) =>
      tx.record({
        action: 'event.updated',
        subject: { type: 'event', id },
        announce,
        before: existing,
        after: { ...row, ...extra },
      });

    if (!existing.recurrence || (query.scope ?? 'all') === 'all') {
      // A changed occurrence stays one: it cannot start a series of its own.
      let written = existing.seriesId ? { ...input, recurrence: null } : input;
      let shiftMs = 0;
      if (existing.recurrence && query.occurrence && input.recurrence) {
        // Edited from one occurrence: the series moves by as much as that occurrence moved.
        const at = await namedOccurrence(tx.db, existing, query);
        const { start, end } = writtenTimes(input);
        shiftMs = start.getTime() - at.getTime();
        const seriesStart = new Date(existing.startDate.getTime() + shiftMs);
        written = {
          ...input,
          startDate: seriesStart.toISOString(),
          endDate: new Date(seriesStart.getTime() + end.getTime() - start.getTime()).toISOString(),
        };
      }
      const next = values(written);
      const [row] = await tx.db
        .update(events)
        .set({ ...next, imageUrl, updatedAt: new Date() })
        .where(eq(events.id, id))
        .returning();
      if (existing.recurrence) {
        await keepExceptionsInStep(tx.db, row!, shiftMs);
        await carryChangesToExceptions(tx.db, existing, row!);
      }
      await record(row!);
      return { event: forViewer(toEvent(row!), tx.actor), oldImages: [existing.imageUrl] };
    }

    const at = await namedOccurrence(tx.db, existing, query);
    if (query.scope === 'this') {
      const [current] = await tx.db
        .select()
        .from(events)
        .where(and(eq(events.seriesId, id), eq(events.occurrenceStart, at)));
      if (!current) await refuseOverExceptionLimit(tx.db, id);
      const own = values({ ...input, recurrence: null });
      const image = newImageKey ?? (input.removeImage ? null : (current?.imageUrl ?? existing.imageUrl));
      const [row] = current
        ? await tx.db
            .update(events)
            .set({ ...own, imageUrl: image, updatedAt: new Date() })
            .where(eq(events.id, current.id))
            .returning()
        : await tx.db
            .insert(events)
            .values({ ...own, imageUrl: image, userId: tx.actor.id, seriesId: id, occurrenceStart: at })
            .returning();
      await record(existing, { changedOccurrence: row });
      // The changed occurrence is deleted through its series: the series' creator decides.
      const event = { ...toEvent(row!), canDelete: canDeleteEvent(existing.userId, tx.actor) };
      return { event, oldImages: [current?.imageUrl ?? null] };
    }

    // "This and following": the first occurrence's following is the whole series.
    if (at.getTime() === existing.startDate.getTime()) {
      const [row] = await tx.db
        .update(events)
        .set({ ...values(input), imageUrl, updatedAt: new Date() })
        .where(eq(events.id, id))
        .returning();
      await keepExceptionsInStep(tx.db, row!, 0);
      await carryChangesToExceptions(tx.db, existing, row!);
      await record(row!);
      return { event: forViewer(toEvent(row!), tx.actor), oldImages: [existing.imageUrl] };
    }
    const [following] = await tx.db
      .insert(events)
      .values({ ...values(input), imageUrl, userId: tx.actor.id })
      .returning();
    // The changes and cancellations from here on go with the new series, moved as far as the
    // named occurrence moved (a cancelled Christmas evening stays cancelled after a new title),
    // and those no longer on one of its occurrences go.
    await moveExceptions(tx.db, existing.id, following!.id, at, writtenTimes(input).start.getTime() - at.getTime());
    await keepExceptionsInStep(tx.db, following!, 0);
    await carryChangesToExceptions(tx.db, existing, following!);
    const ended = await endSeriesBefore(tx.db, existing, at);
    await record(ended, { following: following!.id });
    return { event: forViewer(toEvent(following!), tx.actor), oldImages: [] };
  });
  await deleteUnusedImages(ctx, oldImages);
  return event;
}

/**
 * Deletes an event (issue 22 item 4). A series' delete names its scope: "this" cancels one
 * occurrence (EXDATE), "following" ends the series before it, "all" removes the series with its
 * exceptions. Whatever the scope, only the event's (series') creator or an admin may (decision
 * 0178). Images nobody uses any more are deleted once the change has committed.
 */
export async function deleteEvent(ctx: ServiceContext, id: string, query: EventScopeQuery = {}): Promise<void> {
  const oldImages = await ctx.change(async (tx) => {
    const existing = await lockedRow(tx.db.select().from(events).where(eq(events.id, id)), 404, 'Event not found');
    const [series] = existing.seriesId
      ? await tx.db.select({ userId: events.userId }).from(events).where(eq(events.id, existing.seriesId))
      : [existing];
    if (!canDeleteEvent(series?.userId ?? null, tx.actor))
      refuse(403, 'Only the person who created this event or an admin can delete it.');
    const record = (after?: object) =>
      tx.record({ action: 'event.deleted', subject: { type: 'event', id }, announce, before: existing, after });
    const removeAll = async () => {
      const overrides = await tx.db.select({ key: events.imageUrl }).from(events).where(eq(events.seriesId, id));
      await tx.db.delete(events).where(eq(events.id, id));
      await record();
      return [existing.imageUrl, ...overrides.map((o) => o.key)];
    };
    if (existing.seriesId) {
      // A changed occurrence deleted on its own: its series skips that occurrence from now on.
      await tx.db.delete(events).where(eq(events.id, id));
      await tx.db
        .insert(eventCancellations)
        .values({ eventId: existing.seriesId, occurrenceStart: existing.occurrenceStart! })
        .onConflictDoNothing();
      await record();
      return [existing.imageUrl];
    }
    if (!existing.recurrence || (query.scope ?? 'all') === 'all') return removeAll();

    const at = await namedOccurrence(tx.db, existing, query);
    if (query.scope === 'following') {
      if (at.getTime() === existing.startDate.getTime()) return removeAll();
      const overrides = await tx.db
        .select({ key: events.imageUrl })
        .from(events)
        .where(and(eq(events.seriesId, id), gte(events.occurrenceStart, at)));
      const ended = await endSeriesBefore(tx.db, existing, at);
      await record({ endedBefore: at.toISOString(), series: ended });
      return overrides.map((o) => o.key);
    }
    const [changed] = await tx.db
      .select()
      .from(events)
      .where(and(eq(events.seriesId, id), eq(events.occurrenceStart, at)));
    if (changed) await tx.db.delete(events).where(eq(events.id, changed.id));
    else await refuseOverExceptionLimit(tx.db, id);
    await tx.db.insert(eventCancellations).values({ eventId: id, occurrenceStart: at });
    await record({ cancelledOccurrence: at.toISOString() });
    return [changed?.imageUrl ?? null];
  });
  await deleteUnusedImages(ctx, oldImages);
}
