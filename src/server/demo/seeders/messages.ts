import { chatReads, messages } from '#server/db/schema';
import type { DemoContext } from '../seed';

const MENTION_MINUTES_AGO = 15;

type Seeded = typeof messages.$inferInsert;

/** The message that @mentions the admin: the demo's mention notification links to it. */
export interface DemoMention {
  id: number;
  content: string;
  minutesAgo: number;
}

/**
 * A few days of conversation (issue 23): day separators, a link, emoji, accented words, an
 * @mention of the admin, an edited and a deleted message, and read positions that leave the
 * admin with unread messages in General Partners and Prayer Partners.
 */
export async function seedDemoMessages({ db, users, now }: DemoContext): Promise<DemoMention> {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const [sarah, michael] = users.coordinators;
  const general = (content: string, userId: string, minutes: number, more: Partial<Seeded> = {}): Seeded => ({
    content,
    userId,
    partner: 'General Partners',
    chatType: 'partner',
    createdAt: ago(minutes),
    ...more,
  });
  const coordinators = (content: string, userId: string, minutes: number, more: Partial<Seeded> = {}): Seeded => ({
    content,
    userId,
    partner: 'All Coordinators',
    chatType: 'coordinator',
    createdAt: ago(minutes),
    ...more,
  });
  const prayer = (content: string, userId: string, minutes: number): Seeded => ({
    content,
    userId,
    partner: 'Prayer Partners',
    chatType: 'partner',
    createdAt: ago(minutes),
  });
  const day = 24 * 60;
  const mentionText = `@${users.admin.name} can you confirm the venue for the appreciation dinner?`;
  const rows = await db
    .insert(messages)
    .values([
      general(
        'Welcome to the General Partners channel! Share updates and prayer requests here.',
        users.admin.id,
        3 * day,
      ),
      general('The photos from the food drive are up: https://example.org/food-drive 📸', sarah!.id, 2 * day + 40),
      general('Wonderful! 🙏 Thank you for organising it.', michael!.id, 2 * day + 10),
      // Deleted: no text kept.
      general('', michael!.id, day + 300, {
        deletedAt: ago(day + 295),
        deletedBy: michael!.id,
      }),
      general('Reminder: the appreciation dinner is on Saturday at 6 pm.', users.admin.id, day + 120, {
        editedAt: ago(day + 100),
      }),
      general("Thank you all for your generosity at last week's outreach.", sarah!.id, 95),
      general('Can someone bring the projector on Saturday?', michael!.id, 12),
      prayer('Please pray for the Garcia family this week.', sarah!.id, 200),
      // Found by "cafe alvarez" as well (decision 0181).
      prayer('Ruth Álvarez starts at the Café Esperanza on Monday; please pray for her first week.', sarah!.id, 120),
      prayer('Praying with you. 💛', michael!.id, 30),
      coordinators('Zone leaders: please send your monthly reports by Friday.', users.admin.id, 60),
      coordinators('North zone report is in the shared drive.', michael!.id, 20),
      coordinators(mentionText, sarah!.id, MENTION_MINUTES_AGO),
    ])
    .returning({ id: messages.id, partner: messages.partner, chatType: messages.chatType, content: messages.content });
  // The admin has read General Partners up to the outreach thanks, and nothing of Prayer
  // Partners: the sidebar shows unread messages on the first visit.
  const readUpTo = (partner: string, index: number) => rows.filter((r) => r.partner === partner)[index]!;
  const general5 = readUpTo('General Partners', 5);
  const prayer0 = readUpTo('Prayer Partners', 0);
  await db.insert(chatReads).values([
    { userId: users.admin.id, chatType: 'partner', partner: 'General Partners', lastReadId: general5.id },
    { userId: users.admin.id, chatType: 'partner', partner: 'Prayer Partners', lastReadId: prayer0.id - 1 },
  ]);
  const mention = rows.find((r) => r.content === mentionText)!;
  return { id: mention.id, content: mentionText, minutesAgo: MENTION_MINUTES_AGO };
}
