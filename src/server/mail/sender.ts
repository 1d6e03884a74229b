import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { ts } from '../db/sql-instant';
import { emailAttachments, emailOutbox } from '../db/schema';
import type { Logger } from '../logger';
import type { MailTransport, OutgoingMessage } from './transport';
import { startPoller } from '../service/poller';

/** How long a claimed email is its sender's: another instance takes it over only after this. */
export const LEASE_MS = 5 * 60_000;
/** Attempts before an email counts as failed for good (about a day of back-off). */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 30_000;
const LONGEST_RETRY_MS = 60 * 60_000;

/** The wait after the nth failed attempt: 30 s, 1 min, 2 min, … at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

/** A refusal the server means for good (a 5xx reply, such as 550 unknown mailbox): no retry helps. */
function isPermanent(err: unknown): boolean {
  const code = (err as { responseCode?: unknown }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

interface Claimed {
  id: string;
  to_address: string;
  to_name: string | null;
  subject: string;
  text: string;
  html: string;
  attempts: number;
  unsubscribe_url: string | null;
}

/**
 * Claims the next due email: pending and due, or still 'sending' after its lease ran out (its
 * sender died mid-send). One statement with FOR UPDATE SKIP LOCKED, so several instances on one
 * PostgreSQL never claim the same email (docs/decisions/0099).
 */
async function claimNext(db: Db, now: Date): Promise<Claimed | null> {
  // The database keeps microseconds, a Date only milliseconds: an email queued earlier in the
  // same millisecond as `now` is due, so the bound is the end of that millisecond.
  const dueBefore = ts(new Date(now.getTime() + 1));
  const rows = await queryRows<Claimed>(
    db,
    sql`
    update ${emailOutbox}
    set status = 'sending', lease_until = ${ts(new Date(now.getTime() + LEASE_MS))}, attempts = attempts + 1
    where id = (
      select id from ${emailOutbox}
      where (status = 'pending' and next_attempt_at < ${dueBefore}) or (status = 'sending' and lease_until < ${dueBefore})
      order by next_attempt_at, id
      limit 1
      for update skip locked
    )
    returning id, to_address, to_name, subject, text, html, attempts, unsubscribe_url
  `,
  );
  return rows[0] ?? null;
}

/**
 * Delivers every email that is due now, one at a time, and returns how many were sent. Each is
 * marked sent right after the server accepted it; a failure waits for its retry or, when
 * permanent or the last attempt, is kept as failed with its reason.
 */
export async function deliverDue(
  db: Db,
  transport: MailTransport,
  from: string,
  logger: Logger,
  now: () => Date = () => new Date(),
): Promise<number> {
  let sent = 0;
  for (let email = await claimNext(db, now()); email; email = await claimNext(db, now())) {
    const message: OutgoingMessage = {
      from,
      to: email.to_name ? { name: email.to_name, address: email.to_address } : email.to_address,
      subject: email.subject,
      text: email.text,
      html: email.html,
      // The same id on every attempt: a receiver that got an earlier attempt can tell.
      messageId: `<${email.id}@${domainOf(from)}>`,
      // One-click unsubscribe (RFC 8058): mail clients offer it beside the sender's name.
      headers: email.unsubscribe_url
        ? { 'List-Unsubscribe': `<${email.unsubscribe_url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' }
        : undefined,
    };
    const attachments = await attachmentsOf(db, email.id);
    if (attachments.length > 0) message.attachments = attachments;
    try {
      await transport.send(message);
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      const permanent = isPermanent(err) || email.attempts >= MAX_ATTEMPTS;
      logger.warn({ emailId: email.id, attempts: email.attempts, permanent, reason }, 'an email could not be sent');
      await db
        .update(emailOutbox)
        .set(
          permanent
            ? { status: 'failed', leaseUntil: null, lastError: reason }
            : {
                status: 'pending',
                leaseUntil: null,
                lastError: reason,
                nextAttemptAt: new Date(now().getTime() + retryDelayMs(email.attempts)),
              },
        )
        .where(and(eq(emailOutbox.id, email.id), eq(emailOutbox.status, 'sending')));
      continue;
    }
    await db
      .update(emailOutbox)
      .set({ status: 'sent', sentAt: now(), leaseUntil: null, lastError: null })
      .where(eq(emailOutbox.id, email.id));
    sent++;
  }
  return sent;
}

/** The files queued with an email, in the order they were added. */
async function attachmentsOf(db: Db, emailId: string) {
  return db
    .select({
      filename: emailAttachments.filename,
      contentType: emailAttachments.contentType,
      content: emailAttachments.content,
    })
    .from(emailAttachments)
    .where(eq(emailAttachments.emailId, emailId))
    .orderBy(emailAttachments.filename, emailAttachments.id);
}

const domainOf = (from: string) => /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'localhost';

export interface MailSender {
  /** Looks for due emails now instead of at the next poll (after a change queued one). */
  wake(): void;
  /** Finishes the email in hand, then stops. */
  stop(): Promise<void>;
}

/**
 * Polls the outbox every `pollMs` (and on `wake`), delivering what is due. A failed poll (the
 * database briefly away) is logged and tried again at the next one.
 */
export function startMailSender(options: {
  db: Db;
  transport: MailTransport;
  from: string;
  logger: Logger;
  pollMs: number;
}): MailSender {
  const { db, transport, from, logger, pollMs } = options;
  const poller = startPoller(() => deliverDue(db, transport, from, logger), {
    pollMs,
    logger,
    failure: 'the email sender could not read the outbox',
  });
  return {
    wake: poller.wake,
    async stop() {
      await poller.stop();
      transport.close();
    },
  };
}
