import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { auditRefusals } from '#server/http/audit-refusals';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { accountParamSchema, accountsQuerySchema, setRoleSchema, updateAccountSchema } from '#shared/schemas/accounts';
import { twoFactorPolicySchema } from '#shared/schemas/two-factor';
import {
  deactivateAccount,
  getTwoFactorPolicy,
  listAccounts,
  reactivateAccount,
  resetTwoFactor,
  sendPasswordReset,
  setRole,
  setTemporaryPassword,
  setTwoFactorPolicy,
  updateAccount,
} from './service';

/**
 * /api/accounts: every account, for the holders of user management (issue 17 item 4). An
 * admin's account is changed only by an admin (the service checks); refusals are logged.
 */
export function accountsRoutes() {
  return (
    new Hono<AppEnv>()
      .use('*', auditRefusals, requireFeature('user_management'))
      .get('/', validate('query', accountsQuerySchema), async (c) =>
        c.json(await listAccounts(c.var.deps.database.db, c.req.valid('query')), 200),
      )
      .patch('/:id', validate('param', accountParamSchema), validate('json', updateAccountSchema), async (c) =>
        c.json({ account: await updateAccount(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
      )
      .post('/:id/deactivate', validate('param', accountParamSchema), async (c) =>
        c.json({ account: await deactivateAccount(contextOf(c), c.req.valid('param').id) }, 200),
      )
      .post('/:id/reactivate', validate('param', accountParamSchema), async (c) =>
        c.json({ account: await reactivateAccount(contextOf(c), c.req.valid('param').id) }, 200),
      )
      // Roles are for admins: refused with the standard answer before the input is read.
      .put(
        '/:id/role',
        requireRole('admin'),
        validate('param', accountParamSchema),
        validate('json', setRoleSchema),
        async (c) =>
          c.json({ account: await setRole(contextOf(c), c.req.valid('param').id, c.req.valid('json').role) }, 200),
      )
      .post('/:id/password-reset', validate('param', accountParamSchema), async (c) =>
        c.json(await sendPasswordReset(contextOf(c), c.req.valid('param').id), 200),
      )
      .post('/:id/temporary-password', validate('param', accountParamSchema), async (c) =>
        c.json(await setTemporaryPassword(contextOf(c), c.req.valid('param').id), 200),
      )
      .post('/:id/two-factor-reset', validate('param', accountParamSchema), async (c) =>
        c.json({ account: await resetTwoFactor(contextOf(c), c.req.valid('param').id) }, 200),
      )
      // Who must use two-factor sign-in (decision 0105): shown to user management, set by admins.
      .get('/two-factor-policy', async (c) => c.json({ policy: await getTwoFactorPolicy(c.var.deps.database.db) }, 200))
      .put('/two-factor-policy', requireRole('admin'), validate('json', twoFactorPolicySchema), async (c) =>
        c.json({ policy: await setTwoFactorPolicy(contextOf(c), c.req.valid('json')) }, 200),
      )
  );
}
