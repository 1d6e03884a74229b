import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { events } from '../../db/schema';
import type { AppDeps } from '../../http/app-env';
import type { IncomingFile } from '../../http/multipart';
import { isObjectKey, newObjectKey } from '../../storage';
import { readHead } from '../../storage/read-head';
import { SNIFF_BYTES, sniffImageType } from '../../storage/sniff';
import { NOT_AN_IMAGE, type CalendarEvent, type EventInput } from '../../../shared/schemas/calendar';

export class CalendarError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message);
  }
}

const IMAGE_PREFIX = 'event-images/';

/**
 * events.image_url holds the image's storage key (`event-images/<uuid>`); people get the
 * portal address that serves it to calendar users.
 */
export function imageUrlFor(key: string | null): string | null {
  return key && isObjectKey(key) && key.startsWith(IMAGE_PREFIX)
    ? `/api/calendar/images/${key.slice(IMAGE_PREFIX.length)}`
    : null;
}

export function imageKeyFor(id: string): string {
  return newObjectKey('event-images', id);
}

type EventRow = typeof events.$inferSelect;

function toEvent(row: EventRow): CalendarEvent {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    startDate: row.startDate.toISOString(),
    endDate: row.endDate.toISOString(),
    location: row.location,
    imageUrl: imageUrlFor(row.imageUrl),
    createdBy: row.userId,
  };
}

/** SPEC 7: every event, by start ascending. */
export async function listEvents(db: Db): Promise<CalendarEvent[]> {
  const rows = await db
    .select()
    .from(events)
    .orderBy(asc(events.startDate), asc(events.endDate), asc(events.title), asc(events.id));
  return rows.map(toEvent);
}

/**
 * Streams an event image into storage once its first bytes show it is a PNG, JPEG, GIF or
 * WebP (D8: by content, not by name). An empty file part means no image was chosen.
 */
export async function storeEventImage(deps: AppDeps, incoming: IncomingFile): Promise<string | null> {
  const { head, body } = await readHead(incoming.stream, SNIFF_BYTES);
  if (head.length === 0) {
    body.resume();
    return null;
  }
  const type = sniffImageType(head);
  if (!type) {
    body.destroy();
    throw new CalendarError(NOT_AN_IMAGE, 400);
  }
  const key = newObjectKey('event-images');
  await deps.storage.put(key, body, {
    contentType: type,
    maxBytes: Math.floor(deps.config.MAX_UPLOAD_MB * 1024 * 1024),
  });
  return key;
}

function values(input: EventInput) {
  return {
    title: input.title,
    description: input.description,
    location: input.location,
    startDate: new Date(input.startDate),
    endDate: new Date(input.endDate),
  };
}

export async function createEvent(
  deps: AppDeps,
  userId: string,
  input: EventInput,
  imageKey: string | null,
): Promise<CalendarEvent> {
  const [row] = await deps.database.db
    .insert(events)
    .values({ ...values(input), imageUrl: imageKey, userId })
    .returning();
  await deps.bus.publish({ feature: 'calendar' }, { type: 'events.changed' });
  return toEvent(row!);
}

/**
 * D8: anyone with the calendar permission may edit. A new image replaces the old one, and
 * `removeImage` drops it; the replaced object is deleted once the record no longer points at it.
 */
export async function updateEvent(
  deps: AppDeps,
  id: string,
  input: EventInput,
  newImageKey: string | null,
): Promise<CalendarEvent> {
  const { db } = deps.database;
  const [existing] = await db.select({ imageUrl: events.imageUrl }).from(events).where(eq(events.id, id));
  if (!existing) throw new CalendarError('Event not found', 404);
  const imageUrl = newImageKey ?? (input.removeImage ? null : existing.imageUrl);
  const [row] = await db
    .update(events)
    .set({ ...values(input), imageUrl, updatedAt: new Date() })
    .where(eq(events.id, id))
    .returning();
  if (!row) throw new CalendarError('Event not found', 404);
  const old = existing.imageUrl;
  if (old && old !== imageUrl && isObjectKey(old)) {
    await deps.storage
      .delete(old)
      .catch((err: unknown) => deps.logger.warn({ err, key: old }, 'could not delete a replaced event image'));
  }
  await deps.bus.publish({ feature: 'calendar' }, { type: 'events.changed' });
  return toEvent(row);
}
