import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { auditRefusals } from '#server/http/audit-refusals';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import {
  addCoordinatorSchema,
  coordinatorParamSchema,
  createUserSchema,
  setPermissionSchema,
} from '#shared/schemas/admin';
import { addCoordinator, createUser, listCoordinators, removeCoordinator, setPermission } from './service';

/**
 * /api/admin: the User Management screen (SPEC "admin-operations"). Every route needs
 * user_management (an admin, or a coordinator granted it); the guard runs before validation,
 * so a refused caller learns nothing about its input.
 */
export function adminRoutes() {
  return new Hono<AppEnv>()
    .use('*', auditRefusals, requireFeature('user_management'))
    .get('/coordinators', async (c) => {
      return c.json({ coordinators: await listCoordinators(c.var.deps.database.db) }, 200);
    })
    .post('/users', validate('json', createUserSchema), async (c) =>
      c.json(await createUser(contextOf(c), c.req.valid('json')), 201),
    )
    .post('/coordinators', validate('json', addCoordinatorSchema), async (c) =>
      c.json({ coordinator: await addCoordinator(contextOf(c), c.req.valid('json')) }, 201),
    )
    .put(
      '/coordinators/:userId/permissions',
      validate('param', coordinatorParamSchema),
      validate('json', setPermissionSchema),
      async (c) => {
        const coordinator = await setPermission(contextOf(c), c.req.valid('param').userId, c.req.valid('json'));
        return c.json({ coordinator }, 200);
      },
    )
    .delete('/coordinators/:userId', validate('param', coordinatorParamSchema), async (c) =>
      c.json(await removeCoordinator(contextOf(c), c.req.valid('param').userId), 200),
    );
}
