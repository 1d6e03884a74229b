import { Hono } from 'hono';
import type { AppEnv } from '../../http/app-env';
import { requireFeature } from '../../http/require';
import { validate } from '../../http/validate';
import {
  addCoordinatorSchema,
  coordinatorParamSchema,
  createUserSchema,
  setPermissionSchema,
} from '../../../shared/schemas/admin';
import { addCoordinator, createUser, listCoordinators, removeCoordinator, setPermission, type Actor } from './service';

/**
 * /api/admin: the User Management screen (SPEC "admin-operations"). Every route needs
 * user_management (an admin, or a coordinator granted it); the guard runs before validation,
 * so a refused caller learns nothing about its input.
 */
export function adminRoutes() {
  const actorOf = (c: { var: AppEnv['Variables'] }): Actor => ({ id: c.var.user!.id, ...c.var.access! });

  return new Hono<AppEnv>()
    .use('*', requireFeature('user_management'))
    .get('/coordinators', async (c) => {
      return c.json({ coordinators: await listCoordinators(c.var.deps.database.db) }, 200);
    })
    .post('/users', validate('json', createUserSchema), async (c) => {
      const result = await createUser(c.var.deps.database.db, c.req.valid('json'));
      if (!result.ok) return c.json({ error: result.error }, result.status);
      return c.json({ user: result.user }, 201);
    })
    .post('/coordinators', validate('json', addCoordinatorSchema), async (c) => {
      const { database, bus } = c.var.deps;
      const result = await addCoordinator(database.db, bus, actorOf(c), c.req.valid('json'));
      if (!result.ok) return c.json({ error: result.error }, result.status);
      return c.json({ coordinator: result.coordinator }, 201);
    })
    .put(
      '/coordinators/:userId/permissions',
      validate('param', coordinatorParamSchema),
      validate('json', setPermissionSchema),
      async (c) => {
        const { database, bus } = c.var.deps;
        const { userId } = c.req.valid('param');
        const result = await setPermission(database.db, bus, actorOf(c), userId, c.req.valid('json'));
        if (!result.ok) return c.json({ error: result.error }, result.status);
        return c.json({ coordinator: result.coordinator }, 200);
      },
    )
    .delete('/coordinators/:userId', validate('param', coordinatorParamSchema), async (c) => {
      const { database, bus } = c.var.deps;
      const result = await removeCoordinator(database.db, bus, actorOf(c), c.req.valid('param').userId);
      if (!result.ok) return c.json({ error: result.error }, result.status);
      return c.json({ ok: true as const }, 200);
    });
}
