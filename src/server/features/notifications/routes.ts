import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireUser } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { notificationIdParamSchema, notificationsQuerySchema } from '#shared/schemas/notifications';
import { listNotifications, markAllRead, markRead } from './service';

/**
 * /api/notifications: the signed-in person's own notification centre (issue 16). Everyone
 * signed in has one, whatever their role: each entry was checked against the person's access
 * when it was written, and only ever concerns them.
 */
export function notificationsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .get('/', validate('query', notificationsQuerySchema), async (c) =>
      c.json(await listNotifications(c.var.deps.database.db, c.var.user!.id, c.req.valid('query').before), 200),
    )
    .post('/read-all', async (c) => c.json(await markAllRead(contextOf(c)), 200))
    .post('/:id/read', validate('param', notificationIdParamSchema), async (c) =>
      c.json(await markRead(contextOf(c), c.req.valid('param').id), 200),
    );
}
