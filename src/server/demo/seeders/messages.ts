import { messages } from '#server/db/schema';
import type { DemoContext } from '../seed';

export async function seedDemoMessages({ db, users, now }: DemoContext) {
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
  const [sarah, michael] = users.coordinators;
  await db.insert(messages).values([
    {
      content: 'Welcome to the General Partners channel! Share updates and prayer requests here.',
      userId: users.admin.id,
      partner: 'General Partners',
      chatType: 'partner',
      createdAt: ago(180),
    },
    {
      content: "Thank you all for your generosity at last week's outreach.",
      userId: sarah!.id,
      partner: 'General Partners',
      chatType: 'partner',
      createdAt: ago(95),
    },
    {
      content: 'Zone leaders: please send your monthly reports by Friday.',
      userId: users.admin.id,
      partner: 'All Coordinators',
      chatType: 'coordinator',
      createdAt: ago(60),
    },
    {
      content: 'North zone report is in the shared drive.',
      userId: michael!.id,
      partner: 'All Coordinators',
      chatType: 'coordinator',
      createdAt: ago(20),
    },
  ]);
}
