import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../http/app-env';
import { requireFeature } from '../http/require';
import { contextOf } from '../http/service-context';
import { validate } from '../http/validate';
import {
  importCommitSchema,
  importIdParamSchema,
  importSourceQuerySchema,
  importStepQuerySchema,
} from '#shared/imports';
import type { JobHandlers } from '../jobs/handlers';
import { listBatches } from './batches';
import { commitJob, importJobKind, requestCommit } from './commit';
import { dryRunImport, previewImport } from './steps';
import type { ImportTarget } from './target';
import { requestUndo, undoJob, undoJobKind } from './undo';
import { abandonUpload, findUpload, knownSources, receiveUpload, rememberedMapping } from './uploads';

/**
 * The import routes of one target (docs/decisions/0113), mounted by the feature under its own
 * path (gifts: /api/giving/imports). Every route checks the session and the target's
 * permission on the server.
 */
export function importRoutes<Row>(target: ImportTarget<Row>) {
  return (
    new Hono<AppEnv>()
      .use('*', requireFeature(target.feature))
      // One CSV per request (multipart field "file"), streamed to storage as it arrives.
      .post('/uploads', async (c) => c.json({ upload: await receiveUpload(c, contextOf(c), target) }, 201))
      .delete('/uploads/:id', validate('param', importIdParamSchema), async (c) => {
        await abandonUpload(contextOf(c), target, c.req.valid('param').id);
        return c.json({ ok: true }, 200);
      })
      .get('/sources', async (c) => c.json({ sources: await knownSources(c.var.deps.database.db, target) }, 200))
      // The mapping remembered for a source, kept to the headers of this upload.
      .get(
        '/uploads/:id/mapping',
        validate('param', importIdParamSchema),
        validate('query', importSourceQuerySchema),
        async (c) => {
          const ctx = contextOf(c);
          await findUpload(ctx, target, c.req.valid('param').id);
          return c.json({ mapping: await rememberedMapping(ctx.db, target, c.req.valid('query').source) }, 200);
        },
      )
      .get(
        '/uploads/:id/preview',
        validate('param', importIdParamSchema),
        validate('query', importStepQuerySchema),
        async (c) =>
          c.json(
            { rows: await previewImport(contextOf(c), target, c.req.valid('param').id, c.req.valid('query')) },
            200,
          ),
      )
      .get(
        '/uploads/:id/dry-run',
        validate('param', importIdParamSchema),
        validate('query', importStepQuerySchema),
        async (c) =>
          c.json(
            { summary: await dryRunImport(contextOf(c), target, c.req.valid('param').id, c.req.valid('query')) },
            200,
          ),
      )
      .post(
        '/uploads/:id/commit',
        validate('param', importIdParamSchema),
        validate('json', importCommitSchema),
        async (c) =>
          c.json({ job: await requestCommit(contextOf(c), target, c.req.valid('param').id, c.req.valid('json')) }, 202),
      )
      .get('/batches', async (c) => c.json({ batches: await listBatches(c.var.deps.database.db, target) }, 200))
      // A durable job undoes it (decision 0148): the answer is the job, whose progress the row shows.
      .post('/batches/:id/undo', validate('param', importIdParamSchema), async (c) =>
        c.json({ job: await requestUndo(contextOf(c), target, c.req.valid('param').id) }, 202),
      )
  );
}

/** The commit and undo jobs of each target, for feature-wiring.ts's `jobHandlers`. */
export function importJobHandlers(targets: ImportTarget<never>[], deps: () => AppDeps): JobHandlers {
  return Object.fromEntries(
    targets.flatMap((target) => [
      [importJobKind(target as ImportTarget<unknown>), commitJob(target, deps)],
      [undoJobKind(target as ImportTarget<unknown>), undoJob(target, deps)],
    ]),
  ) as JobHandlers;
}
