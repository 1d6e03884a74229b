import { Hono } from 'hono';
import { Readable } from 'node:stream';
import type { AppEnv } from '#server/http/app-env';
import { requireFeature } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { contentDisposition, serveStoredObject } from '#server/http/stored-file';
import { validate } from '#server/http/validate';
import { findJob } from '#server/jobs/queue';
import { refuse } from '#server/service/errors';
import {
  STATEMENT_ARCHIVE_JOB,
  STATEMENT_EMAIL_JOB,
  statementBatchSchema,
  statementJobParamSchema,
  statementQuerySchema,
} from '#shared/schemas/giving-statements';
import { partnerIdParamSchema } from '#shared/schemas/partners';
import { archiveKeyOf, statementRecipients, type StatementJobInput } from './statement-jobs';
import type { PartnerDirectory } from './service';
import { partnerStatement, type StatementIssuerSource } from './statements';

const NO_ARCHIVE = 'These statements are not ready, or no longer exist';

/**
 * /api/giving/statements: year-end statements (issue 19 item 4), for holders of Giving Records
 * (D12). One partner's PDF is drawn on request; a year's archive is a job (decision 0107).
 */
export function statementRoutes(partners: PartnerDirectory, issuerOf: StatementIssuerSource) {
  return new Hono<AppEnv>()
    .use('*', requireFeature('giving'))
    .post('/batches', validate('json', statementBatchSchema), async (c) => {
      const input: StatementJobInput = c.req.valid('json');
      const ctx = contextOf(c);
      const job = await ctx.change(async (tx) => {
        const queued = await tx.deps.jobs.enqueue(tx.db, { kind: STATEMENT_ARCHIVE_JOB, ownerId: tx.actor.id, input });
        await tx.record({
          action: 'statements.archive_requested',
          subject: { type: 'job', id: queued.id },
          after: input,
        });
        return queued;
      });
      return c.json({ job }, 201);
    })
    .post('/emails', validate('json', statementBatchSchema), async (c) => {
      const input: StatementJobInput = c.req.valid('json');
      const ctx = contextOf(c);
      const job = await ctx.change(async (tx) => {
        const queued = await tx.deps.jobs.enqueue(tx.db, { kind: STATEMENT_EMAIL_JOB, ownerId: tx.actor.id, input });
        await tx.record({
          action: 'statements.emails_requested',
          subject: { type: 'job', id: queued.id },
          after: input,
        });
        return queued;
      });
      return c.json({ job }, 201);
    })
    .get('/batches/:jobId/download', validate('param', statementJobParamSchema), async (c) => {
      const { jobId } = c.req.valid('param');
      const job = await findJob(c.var.deps.database.db, jobId);
      if (!job || job.kind !== STATEMENT_ARCHIVE_JOB || job.status !== 'succeeded') refuse(404, NO_ARCHIVE);
      const object = await c.var.deps.storage.get(archiveKeyOf(jobId));
      if (!object) refuse(404, NO_ARCHIVE);
      const { year } = job.input as StatementJobInput;
      // Donors' records leaving the portal are recorded, like the gift export (D12).
      await contextOf(c).change((tx) =>
        tx.record({ action: 'statements.archive_downloaded', subject: { type: 'job', id: jobId }, after: { year } }),
      );
      return serveStoredObject(c, object, {
        filename: `statements-${year}.zip`,
        contentType: 'application/zip',
        disposition: 'attachment',
        cacheControl: 'private, no-store',
      });
    })
    .get('/recipients', validate('query', statementQuerySchema), async (c) => {
      const { year, tz } = c.req.valid('query');
      const recipients = await statementRecipients(c.var.deps.database.db, partners, year, tz);
      return c.json(
        {
          partners: recipients.length,
          withEmail: recipients.filter((p) => p.email.trim()).length,
          // Without SMTP the emails wait in the outbox (D14): the confirmation says so.
          emailEnabled: c.var.deps.mail.enabled,
        },
        200,
      );
    })
    .get('/:id', validate('param', partnerIdParamSchema), validate('query', statementQuerySchema), async (c) => {
      const { year, tz } = c.req.valid('query');
      const db = c.var.deps.database.db;
      const partnerId = c.req.valid('param').id;
      const statement = await partnerStatement(db, partners, issuerOf, partnerId, year, tz);
      await contextOf(c).change((tx) =>
        tx.record({ action: 'statement.downloaded', subject: { type: 'partner', id: partnerId }, after: { year } }),
      );
      const body = Readable.toWeb(statement.document) as unknown as ReadableStream<Uint8Array>;
      return new Response(body, {
        status: 200,
        headers: {
          'Content-Type': 'application/pdf',
          'Content-Disposition': contentDisposition('attachment', statement.fileName),
          'X-Content-Type-Options': 'nosniff',
          'Cache-Control': 'private, no-store',
        },
      });
    });
}
