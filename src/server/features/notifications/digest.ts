import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { notifications, user } from '#server/db/schema';
import { ts } from '#server/db/sql-instant';
import { queryRows } from '#server/db/query-rows';
import { unsubscribeUrl, type NoticeMail } from './deliver';

/** The most notifications one digest lists; the rest are counted and wait in the bell. */
export const DIGEST_LIST_LIMIT = 50;

/**
 * The latest digest time at or before `now`: `hour` o'clock in the server's time zone (TZ),
 * today or yesterday. A person's digest is due when their last one is older than this.
 */
export function digestTimeBefore(now: Date, hour: number): Date {
  const at = new Date(now);
  at.setHours(hour, 0, 0, 0);
  if (at > now) at.setDate(at.getDate() - 1);
  return at;
}

/**
 * Queues the daily digest of everyone who chose it and has notifications waiting for it: one
 * email listing them, at most once a day, after the digest hour. Each person is handled in
 * their own transaction holding their row (FOR UPDATE SKIP LOCKED), so two instances sweeping
 * at once send one digest. Returns how many were queued.
 */
export async function sendDueDigests(db: Db, out: NoticeMail & { digestHour: number }, now: Date): Promise<number> {
  const dueAfter = digestTimeBefore(now, out.digestHour);
  const waiting = await queryRows<{ recipient_id: string }>(
    db,
    sql`select distinct recipient_id from ${notifications} where email_status = 'digest'`,
  );
  let queued = 0;
  for (const { recipient_id: userId } of waiting) {
    const sent = await db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const [person] = await queryRows<{
        email: string;
        name: string;
        email_notifications: boolean;
        last_digest_at: unknown;
      }>(
        tx,
        sql`select email, coalesce(nullif(display_name, ''), nullif(name, ''), email) as name, email_notifications, last_digest_at
            from ${user}
            where id = ${userId} and (last_digest_at is null or last_digest_at < ${ts(dueAfter)})
            for update skip locked`,
      );
      if (!person) return false;
      const waitingForDigest = and(eq(notifications.recipientId, userId), eq(notifications.emailStatus, 'digest'));
      // Switched off, or email turned off, since they were marked: nothing is sent for them.
      if (!person.email_notifications || !out.mail.enabled) {
        await tx.update(notifications).set({ emailStatus: null }).where(waitingForDigest);
        return false;
      }
      const items = await tx
        .update(notifications)
        .set({ emailStatus: 'queued' })
        .where(waitingForDigest)
        .returning({ id: notifications.id, title: notifications.title, body: notifications.body });
      if (items.length === 0) return false;
      items.sort((a, b) => a.id - b.id);
      const listed = items.slice(0, DIGEST_LIST_LIMIT);
      const more = items.length - listed.length;
      await out.mail.queue(tx, {
        kind: 'notification-digest',
        to: { address: person.email, name: person.name },
        recipientName: person.name,
        subject: `Your daily summary: ${items.length} ${items.length === 1 ? 'notification' : 'notifications'}`,
        paragraphs: [
          'Here is what happened in the portal since your last summary:',
          ...listed.map((item) => (item.body ? `${item.title}: ${item.body}` : item.title)),
          ...(more > 0 ? [`And ${more} more, in the portal's notifications.`] : []),
        ],
        action: { label: 'Open the portal', url: out.baseUrl },
        unsubscribeUrl: unsubscribeUrl(out, userId),
      });
      await tx.update(user).set({ lastDigestAt: now }).where(eq(user.id, userId));
      return true;
    });
    if (sent) queued += 1;
  }
  return queued;
}
