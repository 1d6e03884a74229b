import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { csvHeaders, csvStream } from '#server/http/csv-stream';
import { downloadSlug } from '#server/http/download-slug';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { formIdParamSchema, formResponseParamSchema, formResponsesQuerySchema } from '#shared/schemas/forms';
import { deleteResponse, listResponses } from './responses';
import { exportResponses } from './responses-csv';
import { summarizeResponses } from './summary';
import { downloadDay } from '#shared/time-zone';

const guard = requireFeature('more');

/** A file name made of the form's title: ASCII letters, digits and dashes (accents taken off). */
const fileNameOf = (title: string, timeZone: string | undefined) =>
  `${downloadSlug(title, 'form')}-responses-${downloadDay(timeZone)}.csv`;

/**
 * /api/forms/:id/responses…: everyone with `more` reads a form's responses, its summary and
 * its CSV; deleting one is for the form's creator or an admin (the service checks).
 */
export function formResponseRoutes() {
  return new Hono<AppEnv>()
    .get(
      '/:id/responses',
      guard,
      validate('param', formIdParamSchema),
      validate('query', formResponsesQuerySchema),
      async (c) =>
        c.json(await listResponses(c.var.deps.database.db, c.req.valid('param').id, c.req.valid('query').cursor), 200),
    )
    .get('/:id/responses/summary', guard, validate('param', formIdParamSchema), async (c) =>
      c.json(await summarizeResponses(c.var.deps.database.db, c.req.valid('param').id), 200),
    )
    .get('/:id/responses.csv', guard, validate('param', formIdParamSchema), async (c) => {
      const { title, spec, rows } = await exportResponses(contextOf(c), c.req.valid('param').id);
      const first = await rows.next();
      return new Response(csvStream(spec, first, rows), {
        status: 200,
        headers: csvHeaders(fileNameOf(title, c.req.query('tz'))),
      });
    })
    .delete('/:id/responses/:responseId', guard, validate('param', formResponseParamSchema), async (c) => {
      const { id, responseId } = c.req.valid('param');
      return c.json(await deleteResponse(contextOf(c), id, responseId), 200);
    });
}
