import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireUser } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import {
  changePasswordSchema,
  notificationsSchema,
  profileSchema,
  sessionIdParamSchema,
} from '#shared/schemas/settings';
import { changePassword, getSettings, updateNotifications, updateProfile } from './service';
import { endOtherSessions, endSession, listSessions } from './sessions';
import { twoFactorStatus } from './two-factor';

/**
 * /api/settings: the signed-in person's own account (settings is always permitted, D4).
 * better-auth's update-user and change-password stay unexposed (docs/decisions/0005).
 */
export function settingsRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', requireUser)
      .get('/', async (c) => {
        const settings = await getSettings(c.var.deps.database.db, c.var.user!.id);
        if (!settings) refuse(401, 'Not authenticated');
        // Whether notification emails can leave at all: Settings says so beside the switch.
        return c.json({ settings: { ...settings, emailEnabled: c.var.deps.mail.enabled } }, 200);
      })
      .patch('/profile', validate('json', profileSchema), async (c) =>
        c.json({ settings: await updateProfile(contextOf(c), c.req.valid('json')) }, 200),
      )
      .put('/notifications', validate('json', notificationsSchema), async (c) =>
        c.json({ settings: await updateNotifications(contextOf(c), c.req.valid('json')) }, 200),
      )
      .post('/password', validate('json', changePasswordSchema), async (c) => {
        const { currentPassword, newPassword } = c.req.valid('json');
        await changePassword(contextOf(c), c.var.sessionId, c.var.clientIp, currentPassword, newPassword);
        return c.json({ ok: true as const }, 200);
      })
      // Settings > Security: whether two-factor sign-in is on, required, and recovery codes left.
      .get('/two-factor', async (c) =>
        c.json(await twoFactorStatus(c.var.deps, c.var.user!.id, c.var.access!.role), 200),
      )
      .get('/sessions', async (c) =>
        c.json({ sessions: await listSessions(c.var.deps.database.db, c.var.user!.id, c.var.sessionId) }, 200),
      )
      .post('/sessions/end-others', async (c) => c.json(await endOtherSessions(contextOf(c), c.var.sessionId), 200))
      .delete('/sessions/:id', validate('param', sessionIdParamSchema), async (c) =>
        c.json(await endSession(contextOf(c), c.var.sessionId, c.req.valid('param').id), 200),
      )
  );
}
