import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireRole, requireUser } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { serveStoredObject } from '#server/http/stored-file';
import { withUpload } from '#server/http/upload';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { newObjectKey } from '#server/storage/index';
import { logoIdParamSchema, ORGANIZATION_MESSAGES, organizationSettingsSchema } from '#shared/schemas/organization';
import { storeLogo } from './logo';
import { organizationOf, presentOrganization, saveOrganization, setLogo } from './service';

const requireAdmin = requireRole('admin');

/**
 * /api/organization: the ministry's details (issue 19). Every signed-in person reads them (the
 * client shows the name and formats money in the currency); only admins change them.
 */
export function organizationRoutes() {
  return new Hono<AppEnv>()
    .use('*', requireUser)
    .get('/', async (c) => c.json({ organization: presentOrganization(await organizationOf(c.var.deps)) }, 200))
    .put('/', requireAdmin, validate('json', organizationSettingsSchema), async (c) =>
      c.json({ organization: await saveOrganization(contextOf(c), c.req.valid('json')) }, 200),
    )
    .post('/logo', requireAdmin, async (c) => {
      const { deps } = c.var;
      const organization = await withUpload(
        c,
        {
          fileField: 'logo',
          store: (incoming) => storeLogo(deps, incoming),
          remove: (key) => deps.storage.delete(key),
        },
        async (_fields, key) => {
          if (!key) refuse(400, ORGANIZATION_MESSAGES.logoMissing);
          return setLogo(contextOf(c), key);
        },
      );
      return c.json({ organization }, 200);
    })
    .delete('/logo', requireAdmin, async (c) => {
      const current = await organizationOf(c.var.deps);
      if (!current.logoKey) refuse(404, 'There is no logo to remove');
      return c.json({ organization: await setLogo(contextOf(c), null) }, 200);
    })
    .get('/logo/:id', validate('param', logoIdParamSchema), async (c) => {
      const key = newObjectKey('organization-logos', c.req.valid('param').id);
      // Only the current logo is served: a replaced one is gone from the settings (and soon the store).
      const { logoKey } = await organizationOf(c.var.deps);
      const object = logoKey === key ? await c.var.deps.storage.get(key) : null;
      if (!object) refuse(404, 'Logo not found');
      return serveStoredObject(c, object, {
        filename: 'logo',
        contentType: object.contentType === 'image/jpeg' ? 'image/jpeg' : 'image/png',
        disposition: 'inline',
        // A new logo gets a new address, so one address never changes its bytes.
        cacheControl: 'private, max-age=31536000, immutable',
      });
    });
}
