import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { requireFeature } from '../../http/require';
import { validate } from '../../http/validate';
import { channelSchema, sendMessageSchema } from '../../../shared/chat';
import { assertChannelAllowed, ChannelError, listCardholders, listChannelMessages, sendMessage } from './service';

/** /api/chat: channels' messages, sending, and the cardholder list (D6). */
export function chatRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireFeature('chat'))
    .onError((err, c) => {
      if (err instanceof ChannelError) return c.json({ error: err.message }, err.status);
      throw err;
    })
    .get('/messages', validate('query', channelSchema), async (c) => {
      const channel = c.req.valid('query');
      await assertChannelAllowed(c.var.deps.database.db, channel, c.var.access!);
      return c.json({ messages: await listChannelMessages(c.var.deps.database.db, channel) });
    })
    .post('/messages', validate('json', sendMessageSchema), async (c) => {
      const input = c.req.valid('json');
      await assertChannelAllowed(c.var.deps.database.db, input, c.var.access!);
      return c.json({ message: await sendMessage(c.var.deps.database.db, c.var.user!.id, input) }, 201);
    })
    .get('/cardholders', async (c) => {
      if (!c.var.access!.permissions.cardholder_success) {
        return c.json({ error: 'You do not have permission to do this.' }, 403);
      }
      return c.json({ cardholders: await listCardholders(c.var.deps.database.db) });
    });
}
