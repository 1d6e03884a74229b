import { events } from '#server/db/schema';
import type { DemoContext } from '../seed';

export async function seedDemoEvents({ db, users, now }: DemoContext) {
  const at = (days: number, hour: number) => {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() + days, hour);
    return d;
  };
  await db.insert(events).values([
    {
      title: 'Partner Appreciation Dinner',
      description: 'An evening to thank our faithful partners.',
      startDate: at(6, 18),
      endDate: at(6, 21),
      location: 'Fellowship Hall',
      userId: users.admin.id,
    },
    {
      title: 'Community Outreach Day',
      description: 'Serving meals and groceries to neighbours in need.',
      startDate: at(13, 9),
      endDate: at(13, 15),
      location: 'Downtown Community Center',
      userId: users.admin.id,
    },
    {
      title: 'Coordinator Training Retreat',
      description: 'Two days of training, prayer and planning for coordinators.',
      startDate: at(20, 9),
      endDate: at(21, 16),
      location: 'Lakeside Retreat Center',
      userId: users.coordinators[0]!.id,
    },
    {
      title: 'Prayer Breakfast',
      description: 'Monthly prayer breakfast for partners and staff.',
      startDate: at(27, 7),
      endDate: at(27, 9),
      location: 'Main Sanctuary',
      userId: users.admin.id,
    },
  ]);
}
