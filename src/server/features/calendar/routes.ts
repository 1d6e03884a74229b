import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '#server/http/app-env';
import { findNulText, NUL_TEXT_MESSAGE } from '#server/http/nul-text';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { serveStoredObject } from '#server/http/stored-file';
import { withUpload } from '#server/http/upload';
import { validate } from '#server/http/validate';
import { cachePerDatabase, changePosition } from '#server/service/change-cache';
import { refuse } from '#server/service/errors';
import {
  eventIdSchema,
  eventInputSchema,
  eventScopeSchema,
  icsQuerySchema,
  occurrenceRangeSchema,
  type EventInput,
} from '#shared/schemas/calendar';
import { PREVIEW_IMAGE_TYPES } from '#shared/schemas/files';
import { downloadSlug } from '#server/http/download-slug';
import { eventIcs, feedAddress, renewFeed } from './feed';
import { listOccurrences, type SharedOccurrence } from './occurrences';
import { imageKeyFor, storeEventImage } from './event-images';
import { createEvent, deleteEvent, forViewer, listEvents, updateEvent } from './service';

/** "Prayer Meeting" -> "prayer-meeting.ics": a download name that needs no encoding. */
const icsFilename = (title: string) => `${downloadSlug(title, 'event')}.ics`;

const imageIdSchema = z.object({ id: z.uuid('Image not found') });

/**
 * Reads an event form (multipart: text fields plus an optional "image" file), validating the
 * fields with the dialog's schema. Whatever fails, a stored image is removed again.
 */
async function withEventForm<T>(
  c: Context<AppEnv>,
  save: (input: EventInput, imageKey: string | null) => Promise<T>,
): Promise<T> {
  const { deps } = c.var;
  return withUpload(
    c,
    {
      fileField: 'image',
      store: (incoming) => storeEventImage(deps, incoming),
      remove: async (key) => {
        if (key) await deps.storage.delete(key);
      },
    },
    async (fields, imageKey) => {
      const result = eventInputSchema.safeParse(fields);
      if (!result.success) {
        const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
        refuse(400, issues[0]!.message, issues);
      }
      const nulAt = findNulText(result.data);
      if (nulAt !== undefined) refuse(400, NUL_TEXT_MESSAGE, [{ path: nulAt, message: NUL_TEXT_MESSAGE }]);
      return save(result.data, imageKey ?? null);
    },
  );
}

/**
 * /api/calendar: events (D8) and their images. Any calendar user may add and edit; deleting is
 * for an event's creator or an admin (decision 0178).
 */
export function calendarRoutes() {
  const occurrencesCache = cachePerDatabase<SharedOccurrence[]>();
  return (
    new Hono<AppEnv>()
      .use('*', requireFeature('calendar'))
      .get('/events', async (c) => {
        return c.json({
          events: await listEvents(c.var.deps.database.db, contextOf(c).actor),
          maxUploadMb: c.var.deps.config.MAX_UPLOAD_MB,
        });
      })
      .post('/events', async (c) => {
        const event = await withEventForm(c, (input, imageKey) => createEvent(contextOf(c), input, imageKey));
        return c.json({ event }, 201);
      })
      .get('/occurrences', validate('query', occurrenceRangeSchema), async (c) => {
        const { from, to } = c.req.valid('query');
        const { db } = c.var.deps.database;
        // The same for everyone with the calendar: kept until an event changes (decision 0121).
        const occurrences = await occurrencesCache(c.var.deps.database).get(
          `${from}|${to}`,
          await changePosition(db),
          () => listOccurrences(db, new Date(from), new Date(to)),
          () => true,
        );
        // Who may delete differs per person: added to the shared answer, not kept in it.
        const viewer = contextOf(c).actor;
        return c.json({ occurrences: occurrences.map((o) => forViewer(o, viewer)) });
      })
      .put('/events/:id', validate('param', eventIdSchema), validate('query', eventScopeSchema), async (c) => {
        const { id } = c.req.valid('param');
        const scope = c.req.valid('query');
        const event = await withEventForm(c, (input, imageKey) =>
          updateEvent(contextOf(c), id, input, imageKey, scope),
        );
        return c.json({ event });
      })
      .delete('/events/:id', validate('param', eventIdSchema), validate('query', eventScopeSchema), async (c) => {
        await deleteEvent(contextOf(c), c.req.valid('param').id, c.req.valid('query'));
        return c.json({ ok: true });
      })
      .get('/events/:id/ics', validate('param', eventIdSchema), validate('query', icsQuerySchema), async (c) => {
        const { title, body } = await eventIcs(
          c.var.deps.database.db,
          c.req.valid('param').id,
          c.req.valid('query').occurrence,
        );
        c.header('Content-Type', 'text/calendar; charset=utf-8');
        c.header('Content-Disposition', `attachment; filename="${icsFilename(title)}"`);
        c.header('Cache-Control', 'no-store');
        return c.body(body);
      })
      // The person's private subscription address (the feed itself is feed-routes.ts, no session).
      .get('/feed', async (c) => c.json(await feedAddress(contextOf(c))))
      .post('/feed/renew', async (c) => c.json(await renewFeed(contextOf(c))))
      .get('/images/:id', validate('param', imageIdSchema), async (c) => {
        const object = await c.var.deps.storage.get(imageKeyFor(c.req.valid('param').id));
        if (!object) refuse(404, 'Image not found');
        const isImage = (PREVIEW_IMAGE_TYPES as readonly string[]).includes(object.contentType);
        return serveStoredObject(c, object, {
          filename: 'event-image',
          contentType: isImage ? object.contentType : 'application/octet-stream',
          disposition: isImage ? 'inline' : 'attachment',
          // A new image always gets a new address, so an image never changes.
          cacheControl: 'private, max-age=31536000, immutable',
        });
      })
  );
}
