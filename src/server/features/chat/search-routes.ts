import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { validate } from '#server/http/validate';
import { chatSearchQuerySchema } from '#shared/chat-search';
import { searchMessages } from './search';

/** GET /api/chat/search?q=&before=: message search over the channels the reader may see. */
export function chatSearchRoutes() {
  return new Hono<AppEnv>().get('/search', validate('query', chatSearchQuerySchema), async (c) =>
    c.json(await searchMessages(c.var.deps.database.db, c.req.valid('query'), c.var.access!)),
  );
}
