import { and, count, desc, eq, isNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { notifications } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { NOTIFICATIONS_PAGE_SIZE, type NotificationsPage } from '#shared/schemas/notifications';

const own = (userId: string) => eq(notifications.recipientId, userId);
const unreadOf = (userId: string) => and(own(userId), isNull(notifications.readAt));

/** The person's own notifications, newest first, one page, with the unread count. */
export async function listNotifications(db: Db, userId: string, before?: number): Promise<NotificationsPage> {
  const [rows, [unread]] = await Promise.all([
    db
      .select({
        id: notifications.id,
        kind: notifications.kind,
        title: notifications.title,
        body: notifications.body,
        link: notifications.link,
        createdAt: notifications.createdAt,
        readAt: notifications.readAt,
      })
      .from(notifications)
      .where(and(own(userId), before === undefined ? undefined : lt(notifications.id, before)))
      .orderBy(desc(notifications.id))
      .limit(NOTIFICATIONS_PAGE_SIZE + 1),
    db.select({ n: count() }).from(notifications).where(unreadOf(userId)),
  ]);
  const page = rows.slice(0, NOTIFICATIONS_PAGE_SIZE);
  return {
    items: page.map(({ readAt, createdAt, ...item }) => ({
      ...item,
      createdAt: createdAt.toISOString(),
      read: readAt !== null,
    })),
    nextBefore: rows.length > NOTIFICATIONS_PAGE_SIZE ? page[page.length - 1]!.id : null,
    unread: Number(unread?.n ?? 0),
  };
}

/** The person's other tabs update their bell. */
const announce = (userId: string) => ({
  audience: { userId },
  event: { type: 'notifications.changed' as const },
});

/** Marks one of the actor's own notifications read; someone else's is a 404, as if it did not exist. */
export async function markRead(ctx: ServiceContext, id: number): Promise<{ id: number }> {
  return ctx.change(async (tx) => {
    const [row] = await tx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(and(eq(notifications.id, id), own(tx.actor.id)))
      .returning({ id: notifications.id });
    if (!row) refuse(404, 'Notification not found');
    await tx.record({
      action: 'notification.read',
      subject: { type: 'notification', id: String(id) },
      announce: announce(tx.actor.id),
    });
    return row;
  });
}

export async function markAllRead(ctx: ServiceContext): Promise<{ marked: number }> {
  return ctx.change(async (tx) => {
    const rows = await tx.db
      .update(notifications)
      .set({ readAt: new Date() })
      .where(unreadOf(tx.actor.id))
      .returning({ id: notifications.id });
    if (rows.length > 0) {
      await tx.record({
        action: 'notifications.read-all',
        subject: { type: 'user', id: tx.actor.id },
        announce: announce(tx.actor.id),
        after: { marked: rows.length },
      });
    }
    return { marked: rows.length };
  });
}
