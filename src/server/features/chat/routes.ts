import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { channelSchema, sendMessageSchema } from '#shared/chat';
import { assertChannelAllowed, listCardholders, listChannelMessages, sendMessage } from './service';
import { chatAttachmentRoutes, sendWithFiles } from './attachment-routes';
import { chatSearchRoutes } from './search-routes';

/** /api/chat: channels' messages, sending, and the cardholder list (D6). */
export function chatRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', requireFeature('chat'))
      .get('/messages', validate('query', channelSchema), async (c) => {
        const channel = c.req.valid('query');
        await assertChannelAllowed(c.var.deps.database.db, channel, c.var.access!);
        return c.json({ messages: await listChannelMessages(c.var.deps.database.db, channel) });
      })
      // sendWithFiles answers a multipart send (with attachments); JSON goes on to the validator.
      .post('/messages', sendWithFiles, validate('json', sendMessageSchema), async (c) =>
        c.json({ message: await sendMessage(contextOf(c), c.req.valid('json')) }, 201),
      )
      .get('/cardholders', async (c) => {
        if (!c.var.access!.permissions.cardholder_success) refuse(403, 'You do not have permission to do this.');
        return c.json({ cardholders: await listCardholders(c.var.deps.database.db) });
      })
      // Issue 23 items 4 and 5 (docs/decisions/0124), behind the feature guard above.
      .route('/', chatAttachmentRoutes())
      .route('/', chatSearchRoutes())
  );
}
