import { asc, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { events } from '#server/db/schema';
import type { AppDeps } from '#server/http/app-env';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import type { IncomingFile } from '#server/http/multipart';
import { isObjectKey, newObjectKey } from '#server/storage/index';
import { readHead } from '#server/storage/read-head';
import { SNIFF_BYTES, sniffImageType } from '#server/storage/sniff';
import { lockedRow } from '#server/service/locked-row';
import { NOT_AN_IMAGE, type CalendarEvent, type EventInput } from '#shared/schemas/calendar';

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
    refuse(400, NOT_AN_IMAGE);
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
    return toEvent(row!);
  });
}

/**
 * D8: anyone with the calendar permission may edit. A new image replaces the old one, and
 * `removeImage` drops it; the replaced object is deleted once the change has committed and the
 * record no longer points at it.
 */
export async function updateEvent(
  ctx: ServiceContext,
  id: string,
  input: EventInput,
  newImageKey: string | null,
): Promise<CalendarEvent> {
  const { event, replacedImage } = await ctx.change(async (tx) => {
    const existing = await lockedRow(tx.db.select().from(events).where(eq(events.id, id)), 404, 'Event not found');
    const imageUrl = newImageKey ?? (input.removeImage ? null : existing.imageUrl);
    const [row] = await tx.db
      .update(events)
      .set({ ...values(input), imageUrl, updatedAt: new Date() })
      .where(eq(events.id, id))
      .returning();
    await tx.record({
      action: 'event.updated',
      subject: { type: 'event', id },
      announce,
      before: existing,
      after: row,
    });
    const old = existing.imageUrl;
    return { event: toEvent(row!), replacedImage: old && old !== imageUrl && isObjectKey(old) ? old : null };
  });
  if (replacedImage) {
    const { storage, logger } = ctx.deps;
    await storage
      .delete(replacedImage)
      .catch((err: unknown) => logger.warn({ err, key: replacedImage }, 'could not delete a replaced event image'));
  }
  return event;
}
