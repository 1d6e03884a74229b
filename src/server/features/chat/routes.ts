import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { idempotent } from '#server/http/idempotency';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import {
  channelPageSchema,
  channelSchema,
  editMessageSchema,
  markReadSchema,
  messageIdParamSchema,
  sendMessageSchema,
  type ChannelPage,
} from '#shared/chat';
import { channelPage } from './history';
import { channelMembers } from './members';
import { deleteMessage, editMessage } from './message-changes';
import { markRead, unreadCounts } from './reads';
import { assertChannelAllowed, listCardholders, sendMessage } from './service';
import { chatAttachmentRoutes, sendWithFiles } from './attachment-routes';
import { chatSearchRoutes } from './search-routes';

/** /api/chat: channels' messages, sending, editing, read positions and the cardholder list (D6). */
export function chatRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', requireFeature('chat'))
      .get('/messages', validate('query', channelPageSchema), async (c) => {
        const query = c.req.valid('query');
        await assertChannelAllowed(c.var.deps.database.db, query, c.var.access!);
        const page = await channelPage(c.var.deps.database.db, query);
        return c.json({ ...page, maxUploadMb: c.var.deps.config.MAX_UPLOAD_MB } satisfies ChannelPage);
      })
      // sendWithFiles answers a multipart send (with attachments); JSON goes on to the validator.
      .post('/messages', sendWithFiles, idempotent, validate('json', sendMessageSchema), async (c) =>
        c.json({ message: await sendMessage(contextOf(c), c.req.valid('json')) }, 201),
      )
      .patch('/messages/:id', validate('param', messageIdParamSchema), validate('json', editMessageSchema), async (c) =>
        c.json({
          message: await editMessage(contextOf(c), c.req.valid('param').id, c.req.valid('json').content),
        }),
      )
      .delete('/messages/:id', validate('param', messageIdParamSchema), async (c) =>
        c.json({ message: await deleteMessage(contextOf(c), c.req.valid('param').id) }),
      )
      .get('/unread', async (c) => c.json({ channels: await unreadCounts(contextOf(c)) }))
      .post('/read', validate('json', markReadSchema), async (c) =>
        c.json(await markRead(contextOf(c), c.req.valid('json'))),
      )
      .get('/members', validate('query', channelSchema), async (c) => {
        const channel = c.req.valid('query');
        await assertChannelAllowed(c.var.deps.database.db, channel, c.var.access!);
        return c.json({ members: await channelMembers(c.var.deps.database.db, channel) });
      })
      .get('/cardholders', async (c) => {
        if (!c.var.access!.permissions.cardholder_success) refuse(403, 'You do not have permission to do this.');
        return c.json({ cardholders: await listCardholders(c.var.deps.database.db) });
      })
      // Issue 23 items 4 and 5 (docs/decisions/0124), behind the feature guard above.
      .route('/', chatAttachmentRoutes())
      .route('/', chatSearchRoutes())
  );
}
