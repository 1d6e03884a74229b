import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Db } from '#server/db/client';
import type { JobContext, JobHandlers } from '#server/jobs/handlers';
import { newObjectKey, type Storage } from '#server/storage/index';
import type { Mailer } from '#server/mail/mailer';
import { and, eq, lt, sql } from 'drizzle-orm';
import { jobs } from '#server/db/schema';
import {
  STATEMENT_ARCHIVE_JOB,
  STATEMENT_ARCHIVE_KEEP_DAYS,
  STATEMENT_ARCHIVE_PRUNE_JOB,
  STATEMENT_EMAIL_JOB,
  type StatementBatchResult,
} from '#shared/schemas/giving-statements';
import { pdfBytes } from './statement-pdf';
import type { PartnerContact, PartnerDirectory } from './service';
import { buildStatement, partnersWhoGave, type StatementIssuerSource } from './statements';

/** What the statement jobs use besides the database (wired in feature-wiring.ts). */
export interface StatementJobServices {
  storage: Storage;
  mail: Pick<Mailer, 'queueAll'>;
  partners: PartnerDirectory;
  issuerOf: StatementIssuerSource;
}

export interface StatementJobInput {
  year: number;
  tz: string;
}

/** Where a year's archive built by a job is kept: named by the job, so its download is found by the job's id. */
export const archiveKeyOf = (jobId: string) => newObjectKey('statement-archives', jobId);

/** The partners who gave in the year, by name, with their contact details. */
export async function statementRecipients(db: Db, partners: PartnerDirectory, year: number, tz: string) {
  const contacts = await partners.contacts(db, await partnersWhoGave(db, year, tz));
  return contacts.sort((a, b) => a.name.localeCompare(b.name, 'en') || a.id.localeCompare(b.id));
}

/** Two partners of the same name get distinct files: "-2", "-3" … before ".pdf". */
function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n++) candidate = name.replace(/\.pdf$/, `-${n}.pdf`);
  taken.add(candidate);
  return candidate;
}

/**
 * Builds every statement of a year into one zip in storage, one PDF at a time: each statement is
 * drawn only when the zip is ready to take it and streams straight into the archive, which
 * streams into storage, so memory holds one statement whatever the number of partners.
 * Progress is statements done of the partners who gave. A retry starts over and overwrites.
 */
async function buildArchive(
  services: StatementJobServices,
  { jobId, input, db, progress }: JobContext<StatementJobInput>,
): Promise<StatementBatchResult> {
  const { year, tz } = input;
  const recipients = await statementRecipients(db, services.partners, year, tz);
  const issuer = await services.issuerOf(db);
  await progress(0, recipients.length);

  const key = archiveKeyOf(jobId);
  const zip = new ZipFile();
  const stored = services.storage.put(key, zip.outputStream as unknown as Readable, {
    contentType: 'application/zip',
    maxBytes: Number.MAX_SAFE_INTEGER,
  });
  // The store's failure ends the loop below instead of leaving it waiting for the zip.
  const storeFailed = stored.then(
    () => new Promise<never>(() => {}),
    (err: unknown) => Promise.reject(err),
  );
  try {
    const names = new Set<string>();
    let done = 0;
    for (const partner of recipients) {
      await Promise.race([addStatement(zip, db, issuer, partner, uniqueName, names, year, tz), storeFailed]);
      await progress(++done, recipients.length);
    }
    zip.end();
    await stored;
  } catch (err) {
    (zip.outputStream as unknown as Readable).destroy();
    await stored.catch(() => {});
    await services.storage.delete(key).catch(() => {});
    throw err;
  }
  return { year, statements: recipients.length };
}

/** Adds one statement to the zip and resolves once the zip has read all of it. */
function addStatement(
  zip: ZipFile,
  db: Db,
  issuer: Awaited<ReturnType<StatementIssuerSource>>,
  partner: PartnerContact,
  unique: typeof uniqueName,
  names: Set<string>,
  year: number,
  tz: string,
): Promise<void> {
  return new Promise((resolve, reject) => {
    buildStatement(db, issuer, partner, year, tz).then((statement) => {
      const document = statement.document;
      document.once('end', resolve);
      document.once('error', reject);
      zip.addReadStreamLazy(unique(statement.fileName, names), (cb) => cb(null, document));
    }, reject);
  });
}

/**
 * Emails each partner who gave in the year, and has an email address, their statement as a PDF
 * attachment: one email at a time, each with its attachment in one transaction, keyed by the job
 * and the partner so a job that starts over after a crash queues nobody twice. Without SMTP the
 * emails wait in the outbox, where admins read them (D14).
 */
async function emailStatements(
  services: StatementJobServices,
  { jobId, input, db, progress }: JobContext<StatementJobInput>,
): Promise<StatementBatchResult> {
  const { year, tz } = input;
  const recipients = (await statementRecipients(db, services.partners, year, tz)).filter((p) => p.email.trim());
  const issuer = await services.issuerOf(db);
  await progress(0, recipients.length);
  let emailed = 0;
  let done = 0;
  for (const partner of recipients) {
    const statement = await buildStatement(db, issuer, partner, year, tz);
    const content = await pdfBytes(statement.document);
    const [id] = await db.transaction((tx) =>
      services.mail.queueAll(tx as unknown as Db, [
        {
          kind: 'year-end-statement',
          to: { address: partner.email.trim(), name: partner.name },
          recipientName: partner.name,
          toPartner: true,
          subject: `Your giving statement for ${year}`,
          paragraphs: [
            `Your giving statement for ${year} from ${issuer.name} is attached.`,
            ...issuer.statementText
              .split(/\n\s*\n/)
              .map((p) => p.trim())
              .filter(Boolean),
          ],
          attachments: [{ filename: statement.fileName, contentType: 'application/pdf', content }],
          dedupeKey: `statement:${jobId}:${partner.id}`,
        },
      ]),
    );
    if (id) emailed++;
    await progress(++done, recipients.length);
  }
  return { year, statements: recipients.length, emailed };
}

/**
 * Removes the archives built more than STATEMENT_ARCHIVE_KEEP_DAYS ago: a zip of every donor's
 * statement should not lie in storage for ever. Each job whose archive is gone is marked in its
 * result, so the next run does not look for it again; its download then says the statements
 * no longer exist. Queued hourly (src/server/deps.ts), so one instance of several does it.
 */
export async function pruneStatementArchives(storage: Storage, db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - STATEMENT_ARCHIVE_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const old = await db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      and(
        eq(jobs.kind, STATEMENT_ARCHIVE_JOB),
        eq(jobs.status, 'succeeded'),
        lt(jobs.finishedAt, before),
        sql`coalesce(${jobs.result} ->> 'archiveRemoved', 'false') <> 'true'`,
      ),
    );
  for (const { id } of old) {
    await storage.delete(archiveKeyOf(id));
    await db
      .update(jobs)
      .set({ result: sql`coalesce(${jobs.result}, '{}'::jsonb) || '{"archiveRemoved": true}'::jsonb` })
      .where(eq(jobs.id, id));
  }
  return old.length;
}

export function statementJobs(services: StatementJobServices): JobHandlers {
  return {
    [STATEMENT_ARCHIVE_JOB]: (ctx: JobContext<StatementJobInput>) => buildArchive(services, ctx),
    [STATEMENT_EMAIL_JOB]: (ctx: JobContext<StatementJobInput>) => emailStatements(services, ctx),
    [STATEMENT_ARCHIVE_PRUNE_JOB]: async ({ db }) => ({ removed: await pruneStatementArchives(services.storage, db) }),
  };
}
