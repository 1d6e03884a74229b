import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { requireUser } from '../../http/require';
import { contextOf } from '../../http/service-context';
import { validate } from '../../http/validate';
import { changePasswordSchema, notificationsSchema, profileSchema } from '../../../shared/schemas/settings';
import { changePassword, getSettings, updateNotifications, updateProfile } from './service';

/**
 * /api/settings: the signed-in person's own account (settings is always permitted, D4).
 * better-auth's update-user and change-password stay unexposed (docs/decisions/0005).
 */
export function settingsRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .get('/', async (c) => {
      const settings = await getSettings(c.var.deps.database.db, c.var.user!.id);
      if (!settings) return c.json({ error: 'Not authenticated' }, 401);
      return c.json({ settings }, 200);
    })
    .patch('/profile', validate('json', profileSchema), async (c) =>
      c.json({ settings: await updateProfile(contextOf(c), c.req.valid('json')) }, 200),
    )
    .put('/notifications', validate('json', notificationsSchema), async (c) =>
      c.json({ settings: await updateNotifications(contextOf(c), c.req.valid('json')) }, 200),
    )
    .post('/password', validate('json', changePasswordSchema), async (c) => {
      await changePassword(contextOf(c), c.var.sessionId, c.req.valid('json').newPassword);
      return c.json({ ok: true as const }, 200);
    });
}
