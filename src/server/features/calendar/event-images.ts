import { inArray } from 'drizzle-orm';
import { events } from '#server/db/schema';
import type { AppDeps } from '#server/http/app-env';
import type { IncomingFile } from '#server/http/multipart';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { isObjectKey, newObjectKey } from '#server/storage/index';
import { readHead } from '#server/storage/read-head';
import { SNIFF_BYTES, sniffImageType } from '#server/storage/sniff';
import { NOT_AN_IMAGE } from '#shared/schemas/calendar';

// An event's image in storage: taken by its content, served at a portal address, deleted once
// no event row points at it.

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

/** Image keys no event row points at any more (a changed occurrence shares its series' image). */
async function unusedImages(ctx: ServiceContext, keys: (string | null)[]): Promise<string[]> {
  const candidates = [...new Set(keys.filter((k): k is string => !!k && isObjectKey(k)))];
  if (!candidates.length) return [];
  const used = await ctx.db.select({ key: events.imageUrl }).from(events).where(inArray(events.imageUrl, candidates));
  return candidates.filter((k) => !used.some((u) => u.key === k));
}

/** Deletes images the committed change left unused (after the commit: a rollback keeps them). */
export async function deleteUnusedImages(ctx: ServiceContext, keys: (string | null)[]) {
  const { storage, logger } = ctx.deps;
  for (const key of await unusedImages(ctx, keys)) {
    await storage
      .delete(key)
      .catch((err: unknown) => logger.warn({ err, key }, 'could not delete a replaced event image'));
  }
}
