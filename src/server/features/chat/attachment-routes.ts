import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/http/app-env';
import { contextOf } from '#server/http/service-context';
import { serveStoredObject } from '#server/http/stored-file';
import { withUploads } from '#server/http/upload';
import { validate } from '#server/http/validate';
import { findNulText, NUL_TEXT_MESSAGE } from '#server/http/nul-text';
import { refuse } from '#server/service/errors';
import {
  ATTACHMENT_FIELD,
  attachmentIdSchema,
  attachmentQuerySchema,
  isInlineImage,
  MAX_ATTACHMENTS,
  sendWithFilesFieldsSchema,
  TOO_MANY_ATTACHMENTS,
} from '#shared/chat-attachments';
import { readableAttachment, storeAttachment } from './attachments';
import { sendMessage } from './service';

/**
 * POST /api/chat/messages sent as multipart/form-data: a message with up to five files
 * (docs/decisions/0124). Placed before the JSON validator of the same route; a JSON body goes
 * on to it untouched. Files are streamed to storage as they arrive; if any is refused, or the
 * message cannot be sent, the stored ones are removed and no message is sent.
 */
export const sendWithFiles = createMiddleware<AppEnv>(async (c, next) => {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) return next();
  const { deps } = c.var;
  const message = await withUploads(
    c,
    {
      fileField: ATTACHMENT_FIELD,
      maxFiles: MAX_ATTACHMENTS,
      tooManyFilesMessage: TOO_MANY_ATTACHMENTS,
      store: (incoming) => storeAttachment(deps, incoming),
      remove: (stored) => deps.storage.delete(stored.key),
    },
    async (fields, stored) => {
      const parsed = sendWithFilesFieldsSchema.safeParse(fields);
      if (!parsed.success) refuse(400, parsed.error.issues[0]?.message ?? 'Invalid request');
      if (findNulText(parsed.data) !== undefined) refuse(400, NUL_TEXT_MESSAGE);
      if (!parsed.data.content && stored.length === 0) refuse(400, 'Message cannot be empty');
      return sendMessage(contextOf(c), { ...parsed.data, attachments: stored });
    },
  );
  return c.json({ message }, 201);
});

/**
 * GET /api/chat/attachments/:id: the file, to those who may read its message (stored-file.ts:
 * nosniff and a sandbox everywhere). Images checked by their bytes are shown inline unless
 * `?download=1`; everything else is only ever a download.
 */
export function chatAttachmentRoutes() {
  return new Hono<AppEnv>().get(
    '/attachments/:id',
    validate('param', attachmentIdSchema),
    validate('query', attachmentQuerySchema),
    async (c) => {
      const { deps } = c.var;
      const attachment = await readableAttachment(deps.database.db, c.req.valid('param').id, c.var.access!);
      const object = await deps.storage.get(attachment.key);
      if (!object) refuse(404, 'Attachment not found');
      const inline = isInlineImage(attachment.mimeType) && !c.req.valid('query').download;
      return serveStoredObject(c, object, {
        filename: attachment.name,
        contentType: isInlineImage(attachment.mimeType) ? attachment.mimeType : 'application/octet-stream',
        disposition: inline ? 'inline' : 'attachment',
        // The id never names another file, and the message may be deleted: ask each time.
        cacheControl: 'private, no-cache',
      });
    },
  );
}
