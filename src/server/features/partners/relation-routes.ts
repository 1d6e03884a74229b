import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { idempotent } from '#server/http/idempotency';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { contactParamSchema, contactSchema, timelineQuerySchema } from '#shared/schemas/partner-contacts';
import { partnerIdParamSchema } from '#shared/schemas/partners';
import { deleteContact, logContact } from './contacts';
import { partnerExists } from './service';
import { partnerTimeline, type PartnerRelations } from './timeline';

/**
 * A partner's relationship (issue 20, decision 0115): the contact log, the timeline and the
 * partner's open tasks. Mounted under /api/partners, behind its partners permission.
 */
export function partnerRelationRoutes(relations: PartnerRelations) {
  return (
    new Hono<AppEnv>()
      .get(
        '/:id/timeline',
        validate('param', partnerIdParamSchema),
        validate('query', timelineQuerySchema),
        async (c) => {
          const { id } = c.req.valid('param');
          const ctx = contextOf(c);
          if (!(await partnerExists(ctx.db, id))) refuse(404, 'Partner not found');
          return c.json(await partnerTimeline(ctx.db, relations, id, ctx.actor, c.req.valid('query').cursor), 200);
        },
      )
      .post(
        '/:id/contacts',
        idempotent,
        validate('param', partnerIdParamSchema),
        validate('json', contactSchema),
        async (c) => c.json(await logContact(contextOf(c), c.req.valid('param').id, c.req.valid('json')), 201),
      )
      .delete('/:id/contacts/:contactId', validate('param', contactParamSchema), async (c) => {
        const { id, contactId } = c.req.valid('param');
        return c.json(await deleteContact(contextOf(c), id, contactId), 200);
      })
      // The partner's open tasks: the task board's business too, so both permissions.
      .get('/:id/tasks', requireFeature('tasks'), validate('param', partnerIdParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const db = c.var.deps.database.db;
        if (!(await partnerExists(db, id))) refuse(404, 'Partner not found');
        return c.json({ tasks: await relations.openTasks(db, id) }, 200);
      })
  );
}
