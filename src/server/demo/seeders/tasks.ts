import { tasks } from '#server/db/schema';
import type { DemoContext } from '../seed';

/** The board's sample tasks, and follow-ups with two of the demo partners (issue 20). */
export async function seedDemoTasks({ db, users, now }: DemoContext, partners: { id: string; name: string }[]) {
  const due = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  // Created over the last two weeks, each before it was completed: the dashboard's "from last
  // week" then compares with a board that had tasks a week ago, as a ministry's would.
  const daysAgo = (days: number) => new Date(now.getTime() - days * 86_400_000);
  const [sarah, michael] = users.coordinators;
  await db.insert(tasks).values([
    {
      title: 'Follow up with new partners',
      description: 'Call the partners who joined this month and welcome them.',
      priority: 'high',
      dueDate: due(2),
      assignedTo: sarah!.id,
      status: 'in-progress',
      createdBy: users.admin.id,
      createdAt: daysAgo(9),
    },
    {
      title: 'Prepare monthly newsletter',
      description: "Gather stories and photos from this month's outreach.",
      priority: 'medium',
      dueDate: due(5),
      assignedTo: michael!.id,
      status: 'pending',
      createdBy: users.admin.id,
      createdAt: daysAgo(3),
    },
    {
      title: 'Plan partner appreciation dinner',
      description: 'Book the venue, catering and send invitations.',
      priority: 'high',
      dueDate: due(4),
      assignedTo: sarah!.id,
      status: 'pending',
      createdBy: users.admin.id,
      createdAt: daysAgo(12),
    },
    {
      title: 'Update partner contact list',
      description: 'Check phone numbers and addresses for the South zone.',
      priority: 'low',
      dueDate: due(10),
      assignedTo: michael!.id,
      status: 'pending',
      createdBy: users.admin.id,
      createdAt: daysAgo(8),
    },
    {
      title: 'Review quarterly giving report',
      description: 'Summarise giving trends for the board meeting.',
      priority: 'medium',
      dueDate: due(-3),
      assignedTo: users.admin.id,
      status: 'completed',
      createdBy: users.admin.id,
      createdAt: daysAgo(14),
      completedAt: new Date(now.getTime() - 4 * 86_400_000),
    },
    {
      title: 'Send thank-you cards',
      description: "Hand-written cards to this month's first-time donors.",
      priority: 'low',
      dueDate: due(-6),
      assignedTo: sarah!.id,
      status: 'completed',
      createdBy: users.admin.id,
      createdAt: daysAgo(10),
      completedAt: new Date(now.getTime() - 6 * 86_400_000),
    },
    ...partners.slice(1, 3).map((partner, i) => ({
      title: `Follow up with ${partner.name}`,
      description:
        i === 0 ? 'Ask how the family member in hospital is doing.' : 'Share the plans for the spring retreat.',
      priority: i === 0 ? ('high' as const) : ('medium' as const),
      dueDate: due(1 + i * 2),
      assignedTo: (i === 0 ? sarah : michael)!.id,
      status: 'pending' as const,
      createdBy: users.admin.id,
      createdAt: daysAgo(1 + i),
      partnerId: partner.id,
    })),
  ]);
}
