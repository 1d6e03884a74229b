import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { emailAttachments, emailOutbox } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import { OUTBOX_PAGE_SIZE, type OutboxQuery } from '#shared/schemas/email';

/** What the admin's list shows of an email; the message itself is read one at a time. */
const listColumns = {
  id: emailOutbox.id,
  createdAt: emailOutbox.createdAt,
  kind: emailOutbox.kind,
  toAddress: emailOutbox.toAddress,
  toName: emailOutbox.toName,
  subject: emailOutbox.subject,
  status: emailOutbox.status,
  attempts: emailOutbox.attempts,
  nextAttemptAt: emailOutbox.nextAttemptAt,
  lastError: emailOutbox.lastError,
  sentAt: emailOutbox.sentAt,
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The keyset cursor: where the previous page ended, in (created_at, id) order, newest first. */
function decodeCursor(text: string): { at: Date; id: string } {
  try {
    const [at, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown];
    const date = new Date(String(at));
    if (typeof at === 'string' && !Number.isNaN(date.getTime()) && typeof id === 'string' && UUID.test(id))
      return { at: date, id };
  } catch {
    // fall through: not a cursor this server wrote
  }
  refuse(400, 'Invalid cursor');
}

/** One page of the outbox, newest first, and the cursor of the next. */
export async function listOutbox(db: Db, query: OutboxQuery) {
  const conditions: SQL[] = [];
  if (query.status) conditions.push(eq(emailOutbox.status, query.status));
  if (query.cursor) {
    const { at, id } = decodeCursor(query.cursor);
    conditions.push(
      sql`(${emailOutbox.createdAt}, ${emailOutbox.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`,
    );
  }
  const rows = await db
    .select(listColumns)
    .from(emailOutbox)
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE + 1);
  const page = rows.slice(0, OUTBOX_PAGE_SIZE);
  const last = page.at(-1);
  const nextCursor =
    rows.length > OUTBOX_PAGE_SIZE && last
      ? Buffer.from(JSON.stringify([last.createdAt.toISOString(), last.id])).toString('base64url')
      : null;
  return { emails: page, nextCursor };
}

/** One email with its message, as it was (or will be) sent, and the names and sizes of its attachments. */
export async function getEmail(db: Db, id: string) {
  const [row] = await db
    .select({ ...listColumns, text: emailOutbox.text, html: emailOutbox.html })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id));
  if (!row) refuse(404, 'Email not found');
  const attachments = await db
    .select({
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      size: emailAttachments.size,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, id))
    .orderBy(emailAttachments.filename, emailAttachments.id);
  return { ...row, attachments };
}

/** Sends a failed email again: back to waiting, with its attempts counted afresh. */
export async function retryEmail(ctx: ServiceContext, id: string) {
  return ctx
    .change(async (tx) => {
      const before = await lockedRow(
        tx.db.select(listColumns).from(emailOutbox).where(eq(emailOutbox.id, id)),
        404,
        'Email not found',
      );
      if (before.status !== 'failed') refuse(409, 'Only an email that failed can be sent again.');
      const [after] = await tx.db
        .update(emailOutbox)
        .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), lastError: null })
        .where(eq(emailOutbox.id, id))
        .returning(listColumns);
      await tx.record({ action: 'email.retried', subject: { type: 'email', id }, before, after });
      return after!;
    })
    .then((email) => {
      ctx.deps.mail.wake();
      return email;
    });
}
