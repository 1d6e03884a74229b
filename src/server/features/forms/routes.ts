import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { createFormSchema, formIdParamSchema, updateFormSchema } from '#shared/schemas/forms';
import { formResponseRoutes } from './response-routes';
import { createForm, deleteForm, getForm, listForms, replacePublicLink, updateForm } from './service';

/** The builder's own wording for a missing session (SPEC section 5 "Form builder"). */
const signedInToCreate = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) return c.json({ error: 'You must be logged in to create forms' }, 401);
  await next();
});

const guard = requireFeature('more');

/**
 * /api/forms: the team's forms (the 'More (Forms)' permission, D13). Everyone holding it reads
 * every form; the service lets only the creator or an admin change one.
 */
export function formsRoutes() {
  return new Hono<AppEnv>()
    .get('/', guard, async (c) => c.json({ forms: await listForms(c.var.deps.database.db, contextOf(c).actor) }, 200))
    .get('/:id', guard, validate('param', formIdParamSchema), async (c) =>
      c.json({ form: await getForm(c.var.deps.database.db, contextOf(c).actor, c.req.valid('param').id) }, 200),
    )
    .post('/', signedInToCreate, guard, validate('json', createFormSchema), async (c) =>
      c.json({ form: await createForm(contextOf(c), c.req.valid('json')) }, 201),
    )
    .put('/:id', guard, validate('param', formIdParamSchema), validate('json', updateFormSchema), async (c) =>
      c.json({ form: await updateForm(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
    )
    .post('/:id/link', guard, validate('param', formIdParamSchema), async (c) =>
      c.json({ form: await replacePublicLink(contextOf(c), c.req.valid('param').id) }, 200),
    )
    .delete('/:id', guard, validate('param', formIdParamSchema), async (c) =>
      c.json(await deleteForm(contextOf(c), c.req.valid('param').id), 200),
    )
    .route('/', formResponseRoutes());
}
