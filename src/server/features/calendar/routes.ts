import { Hono, type Context } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/app-env';
import { parseMultipart, UploadError, uploadRefusal, type ParsedMultipart } from '../../http/multipart';
import { findNulText, NUL_TEXT_MESSAGE } from '../../http/nul-text';
import { requireFeature } from '../../http/require';
import { contextOf } from '../../http/service-context';
import { serveStoredObject } from '../../http/stored-file';
import { validate } from '../../http/validate';
import { refuse } from '../../service/errors';
import { ObjectTooLargeError } from '../../storage';
import { eventIdSchema, eventInputSchema, type EventInput } from '../../../shared/schemas/calendar';
import { fileTooLargeMessage, PREVIEW_IMAGE_TYPES } from '../../../shared/schemas/files';
import { createEvent, imageKeyFor, listEvents, storeEventImage, updateEvent } from './service';

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
  const tooLarge = fileTooLargeMessage(deps.config.MAX_UPLOAD_MB);
  const parsed: ParsedMultipart<string | null> = await parseMultipart(c.req.raw, {
    fileField: 'image',
    maxFileBytes: Math.floor(deps.config.MAX_UPLOAD_MB * 1024 * 1024),
    tooLargeMessage: tooLarge,
    onFile: (incoming) => storeEventImage(deps, incoming),
  });
  const imageKey = parsed.file?.status === 'fulfilled' ? parsed.file.value : null;
  try {
    if (parsed.error) throw parsed.error;
    if (parsed.file?.status === 'rejected') {
      const reason = parsed.file.reason;
      throw reason instanceof ObjectTooLargeError ? new UploadError(tooLarge, 413) : reason;
    }
    const result = eventInputSchema.safeParse(parsed.fields);
    if (!result.success) {
      const issues = result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
      refuse(400, issues[0]!.message, issues);
    }
    const nulAt = findNulText(result.data);
    if (nulAt !== undefined) refuse(400, NUL_TEXT_MESSAGE, [{ path: nulAt, message: NUL_TEXT_MESSAGE }]);
    return await save(result.data, imageKey);
  } catch (err) {
    if (imageKey) await deps.storage.delete(imageKey);
    throw err;
  }
}

/** /api/calendar: events (D8) and their images. Any calendar user may add and edit. */
export function calendarRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireFeature('calendar'))
    .onError((err, c) => {
      if (err instanceof UploadError) return uploadRefusal(c, err);
      throw err;
    })
    .get('/events', async (c) => {
      return c.json({ events: await listEvents(c.var.deps.database.db), maxUploadMb: c.var.deps.config.MAX_UPLOAD_MB });
    })
    .post('/events', async (c) => {
      const event = await withEventForm(c, (input, imageKey) => createEvent(contextOf(c), input, imageKey));
      return c.json({ event }, 201);
    })
    .put('/events/:id', validate('param', eventIdSchema), async (c) => {
      const { id } = c.req.valid('param');
      const event = await withEventForm(c, (input, imageKey) => updateEvent(contextOf(c), id, input, imageKey));
      return c.json({ event });
    })
    .get('/images/:id', validate('param', imageIdSchema), async (c) => {
      const object = await c.var.deps.storage.get(imageKeyFor(c.req.valid('param').id));
      if (!object) return c.json({ error: 'Image not found' }, 404);
      const isImage = (PREVIEW_IMAGE_TYPES as readonly string[]).includes(object.contentType);
      return serveStoredObject(c, object, {
        filename: 'event-image',
        contentType: isImage ? object.contentType : 'application/octet-stream',
        disposition: isImage ? 'inline' : 'attachment',
        // A new image always gets a new address, so an image never changes.
        cacheControl: 'private, max-age=31536000, immutable',
      });
    });
}
