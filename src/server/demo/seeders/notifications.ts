import { notifications } from '#server/db/schema';
import type { DemoContext } from '../seed';
import type { DemoMention } from './messages';

const MINUTE = 60_000;

/**
 * The bell (issue 16): what the admin and a coordinator would have been told over the last
 * days, some read. Written directly: the demo's data is seeded, not made through the services
 * whose changes would have notified.
 */
export async function seedDemoNotifications({ db, users, now }: DemoContext, mention: DemoMention) {
  const [sarah, michael] = users.coordinators;
  const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * MINUTE);
  const entry = (
    recipientId: string,
    minutesAgo: number,
    kind: string,
    title: string,
    link: string,
    body: string | null = null,
    read = false,
  ) => ({ recipientId, kind, title, body, link, createdAt: at(minutesAgo), readAt: read ? at(minutesAgo - 5) : null });

  await db.insert(notifications).values([
    entry(
      users.admin.id,
      12,
      'donation',
      'Gift recorded: $250.00 from the Thompson Family',
      '/dashboard',
      'A monthly gift',
    ),
    entry(users.admin.id, 95, 'partner.created', 'New partner: Grace Fellowship Church', '/partners'),
    // Opens the channel at the message, as the real notice does (issue 23).
    entry(
      users.admin.id,
      mention.minutesAgo,
      'chat.mention',
      `${sarah!.name} mentioned you in All Coordinators`,
      `/chat?${new URLSearchParams({ type: 'coordinator', channel: 'All Coordinators', message: String(mention.id) })}`,
      mention.content,
    ),
    entry(users.admin.id, 60 * 26, 'partner.status', 'Robert Chen is now inactive', '/partners', null, true),
    entry(
      users.admin.id,
      60 * 30,
      'donation',
      'Gift recorded: $100.00 from Maria Garcia',
      '/dashboard',
      'A one-time gift',
      true,
    ),
    entry(sarah!.id, 30, 'task.assigned', 'Task assigned to you: Follow up with new partners', '/tasks'),
    entry(sarah!.id, 60 * 8, 'task.due', 'Due tomorrow: Prepare monthly newsletter', '/tasks'),
    entry(sarah!.id, 60 * 48, 'partner.created', 'New partner: Hope Community Center', '/partners', null, true),
    entry(michael!.id, 45, 'task.assigned', 'Task assigned to you: Update partner contact list', '/tasks'),
  ]);
}
