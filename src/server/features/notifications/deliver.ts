import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { notifications } from '#server/db/schema';
import type { Mailer } from '#server/mail/mailer';
import { publishInTransaction } from '#server/realtime/event-bus';
import type { NoticeDraft } from '#server/service/notices';
import type { Recipient } from './recipients';
import { unsubscribeToken } from './unsubscribe-token';

/** What delivering needs besides the transaction: the mailer and the links' ingredients. */
export interface NoticeMail {
  mail: Mailer;
  baseUrl: string;
  secret: string;
}

export const unsubscribeUrl = (out: NoticeMail, userId: string) =>
  `${out.baseUrl}/api/unsubscribe?token=${encodeURIComponent(unsubscribeToken(out.secret, userId))}`;

/**
 * Writes one draft's notifications for its recipients in `tx`, tells each person's open tabs,
 * and queues the email of those who want one now; those on the daily digest have theirs
 * marked for it. Without SMTP no notification email is queued: the bell holds them, and a
 * backlog would arrive stale the day email is turned on (docs/decisions/0100).
 * A recipient already notified under the draft's dedupe key is skipped.
 */
export async function deliverNotice(
  tx: Db,
  out: NoticeMail,
  draft: NoticeDraft,
  recipients: readonly Recipient[],
  activityId: number | null,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const emailStatus = (person: Recipient) =>
    !out.mail.enabled || !person.emailNotifications
      ? null
      : person.emailFrequency === 'daily'
        ? ('digest' as const)
        : ('queued' as const);
  const insert = tx
    .insert(notifications)
    .values(
      recipients.map((person) => ({
        recipientId: person.id,
        kind: draft.kind,
        title: draft.title,
        body: draft.body ?? null,
        link: draft.link,
        activityId,
        emailStatus: emailStatus(person),
        dedupeKey: draft.dedupeKey ?? null,
      })),
    )
    .onConflictDoNothing({
      target: [notifications.recipientId, notifications.dedupeKey],
      where: sql`${notifications.dedupeKey} is not null`,
    });
  // One announcement and one outbox statement for everyone told: a gift alert to a team of
  // fifty costs two statements, not a hundred (docs/benchmarks.md, scenario 6).
  const tell = (told: readonly Recipient[]) => [
    publishInTransaction(tx, { audience: { userIds: told.map((person) => person.id) }, event: NOTIFICATIONS_CHANGED }),
    out.mail.queueAll(
      tx,
      told.filter((person) => emailStatus(person) === 'queued').map((person) => noticeEmail(out, draft, person)),
    ),
  ];
  if (!draft.dedupeKey) {
    // Nothing to skip, so everyone is told: the announcement and the emails go with the insert
    // instead of waiting for its answer (decision 0143).
    await Promise.all([insert, ...tell(recipients)]);
    return recipients.length;
  }
  const inserted = new Set(
    (await insert.returning({ recipientId: notifications.recipientId })).map((row) => row.recipientId),
  );
  if (inserted.size === 0) return 0;
  await Promise.all(tell(recipients.filter((person) => inserted.has(person.id))));
  return inserted.size;
}

const NOTIFICATIONS_CHANGED = { type: 'notifications.changed' } as const;

function noticeEmail(out: NoticeMail, draft: NoticeDraft, person: Recipient) {
  return {
    kind: 'notification',
    to: { address: person.email, name: person.name },
    recipientName: person.name,
    subject: draft.title,
    paragraphs: draft.body ? [draft.body] : [],
    action: { label: 'Open in the portal', url: `${out.baseUrl}${draft.link}` },
    unsubscribeUrl: unsubscribeUrl(out, person.id),
  };
}
