import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { sendFormRequestSchema } from '#shared/schemas/form-send';
import { formIdParamSchema } from '#shared/schemas/forms';
import type { MinistryNameSource } from './public-routes';
import { sendForm, type FormSendPartners } from './send';

/** POST /api/forms/:id/send: "Send to Partners" (issue 21 item 4). Choosing partners also needs `partners` (send.ts). */
export function formSendRoutes(partners: FormSendPartners, ministryName: MinistryNameSource) {
  return new Hono<AppEnv>().post(
    '/:id/send',
    requireFeature('more'),
    validate('param', formIdParamSchema),
    validate('json', sendFormRequestSchema),
    async (c) => {
      const ctx = contextOf(c);
      const { recipients } = c.req.valid('json');
      const result = await sendForm(ctx, partners, await ministryName(ctx.deps), c.req.valid('param').id, recipients);
      return c.json(result, 201);
    },
  );
}
