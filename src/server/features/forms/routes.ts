import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { createFormSchema, formIdParamSchema } from '#shared/schemas/forms';
import { createForm, deleteOwnForm, getOwnForm, listOwnForms } from './service';

/** The builder's own wording for a missing session (SPEC section 5 "Form builder"). */
const signedInToCreate = createMiddleware<AppEnv>(async (c, next) => {
  if (!c.get('user')) return c.json({ error: 'You must be logged in to create forms' }, 401);
  await next();
});

const guard = requireFeature('more');

/** /api/forms: each person's own forms (the 'More (Forms)' permission). */
export function formsRoutes() {
  return new Hono<AppEnv>()
    .get('/', guard, async (c) => c.json({ forms: await listOwnForms(c.var.deps.database.db, c.var.user!.id) }, 200))
    .get('/:id', guard, validate('param', formIdParamSchema), async (c) => {
      const form = await getOwnForm(c.var.deps.database.db, c.var.user!.id, c.req.valid('param').id);
      if (!form) refuse(404, 'Form not found');
      return c.json({ form }, 200);
    })
    .post('/', signedInToCreate, guard, validate('json', createFormSchema), async (c) =>
      c.json({ form: await createForm(contextOf(c), c.req.valid('json')) }, 201),
    )
    .delete('/:id', guard, validate('param', formIdParamSchema), async (c) =>
      c.json(await deleteOwnForm(contextOf(c), c.req.valid('param').id), 200),
    );
}
