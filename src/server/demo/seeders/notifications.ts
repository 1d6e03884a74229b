import { and, desc, eq, isNotNull, ne } from 'drizzle-orm';
import { donations, notifications, partners, tasks } from '#server/db/schema';
import { formatDay, formatMoney } from '#shared/format';
import { readOrganization } from '#server/features/organization/service';
import type { DemoContext } from '../seed';
import type { DemoMention } from './messages';
import { NEW_PARTNER } from './partners';

const MINUTE = 60_000;

type Entry = typeof notifications.$inferInsert;

/**
 * The bell (issue 16): what the admin and the coordinators would have been told about the
 * seeded data, in the words, links and at the times the notification rules would have used,
 * some read. Written directly: the demo's data is seeded, not made through the services whose
 * changes would have notified. Nobody is told of their own change, as the rules never tell
 * the actor: the admin recorded most gifts, so Michael (Giving Records) hears of those.
 */
export async function seedDemoNotifications({ db, users, now }: DemoContext, mention: DemoMention) {
  const [sarah, michael] = users.coordinators;
  const entry = (recipientId: string, at: Date, notice: Omit<Entry, 'recipientId' | 'createdAt'>, read = false) => ({
    recipientId,
    createdAt: at,
    readAt: read ? new Date(at.getTime() + 5 * MINUTE) : null,
    ...notice,
  });
  const { currency } = await readOrganization(db, '');
  const gift = (row: { amount: string; partnerName: string }) =>
    `${formatMoney(row.amount, currency)} from ${row.partnerName}`;

  const [firstGift] = await db
    .select()
    .from(donations)
    .innerJoin(partners, eq(partners.id, donations.partnerId))
    .where(eq(partners.name, NEW_PARTNER));
  const [voided] = await db.select().from(donations).where(isNotNull(donations.voidedAt));
  const [inactive] = await db.select().from(partners).where(eq(partners.status, 'inactive'));
  const assignedTo = (userId: string) =>
    db
      .select()
      .from(tasks)
      .where(and(eq(tasks.assignedTo, userId), ne(tasks.status, 'completed')))
      .orderBy(desc(tasks.createdAt));
  const assignment = (task: typeof tasks.$inferSelect, read: boolean) =>
    entry(
      task.assignedTo!,
      task.createdAt,
      {
        kind: 'task.assigned',
        title: `Task assigned to you: ${task.title}`,
        body: task.dueDate ? `Due ${formatDay(task.dueDate)}` : null,
        link: `/tasks?task=${task.id}`,
      },
      read,
    );

  const entries = [
    // Opens the channel at the message, as the real notice does (issue 23).
    entry(users.admin.id, new Date(now.getTime() - mention.minutesAgo * MINUTE), {
      kind: 'chat.mention',
      title: `${sarah!.name} mentioned you in All Coordinators`,
      body: mention.content,
      link: `/chat?${new URLSearchParams({ type: 'coordinator', channel: 'All Coordinators', message: String(mention.id) })}`,
    }),
    ...(firstGift
      ? [
          entry(users.admin.id, firstGift.donations.donationDate, {
            kind: 'donation',
            title: `Gift recorded: ${gift(firstGift.donations)}`,
            body: 'A one-time gift',
            link: '/giving',
          }),
          entry(
            users.admin.id,
            firstGift.partners.createdAt,
            { kind: 'partner.created', title: `New partner: ${NEW_PARTNER}`, link: '/partners' },
            true,
          ),
        ]
      : []),
    ...(inactive
      ? [
          entry(
            users.admin.id,
            new Date(now.getTime() - 26 * 60 * MINUTE),
            { kind: 'partner.status', title: `${inactive.name} is now inactive`, link: '/partners' },
            true,
          ),
        ]
      : []),
    ...(voided
      ? [
          entry(michael!.id, voided.voidedAt!, {
            kind: 'donation',
            title: `Gift voided: ${gift(voided)}`,
            body: `Reason: ${voided.voidReason}`,
            link: '/giving',
          }),
        ]
      : []),
    // The latest assignment unread, the earlier ones read.
    ...(await assignedTo(sarah!.id)).map((task, i) => assignment(task, i > 0)),
    ...(await assignedTo(michael!.id)).map((task, i) => assignment(task, i > 0)),
  ];
  // The bell lists newest first by id, as notices are written in the order things happen.
  entries.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  await db.insert(notifications).values(entries);
}
