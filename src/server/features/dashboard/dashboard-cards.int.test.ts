import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { donations, events, partners, tasks } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { dashboardSources } from '#server/feature-wiring';
import { dashboardSummary, type ReaderSummary } from './service';

const at = (iso: string) => new Date(iso);

// The summary's cards other than giving: tasks, events, partners, recent activity, and a card
// whose query fails.
describe.each(testDatabaseTargets())('dashboard cards on $name', (target) => {
  let t: TestApp;
  let coordinator: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  /** The summary as it would be at `now`, with every feature's real answer (feature-wiring.ts). */
  const summaryAt = (now: Date, timeZone = 'UTC') =>
    dashboardSummary(dashboardSources, t.db, t.deps.logger, { now, timeZone });

  const summary = async (query: string) => {
    const response = await t.request(`/api/dashboard/summary${query}`, { headers: { cookie: coordinator } });
    expect(response.status).toBe(200);
    return (await response.json()) as ReaderSummary;
  };

  describe('tasks, events, partners and activity', () => {
    const now = at('2025-06-15T12:00:00Z');
    const daysAgo = (n: number) => new Date(now.getTime() - n * 86_400_000);

    beforeAll(async () => {
      await t.db.insert(tasks).values([
        { title: 'Old and open', createdAt: daysAgo(10), dueDate: '2025-06-20', priority: 'high' },
        { title: 'New this week', createdAt: daysAgo(3), dueDate: '2025-06-16' },
        { title: 'Brand new', createdAt: daysAgo(1) },
        {
          title: 'Done two days ago',
          createdAt: daysAgo(10),
          status: 'completed',
          completedAt: daysAgo(2),
          dueDate: '2025-06-01',
        },
        { title: 'Done long ago', createdAt: daysAgo(20), status: 'completed', completedAt: daysAgo(9) },
        { title: 'Marked done without a time', createdAt: daysAgo(20), status: 'completed' },
        { title: 'Overdue and open', createdAt: daysAgo(30), dueDate: '2025-06-10', status: 'in-progress' },
      ]);
    });

    it('counts pending tasks now and the change from seven days ago', async () => {
      // Now: Old and open, New this week, Brand new, Overdue and open = 4.
      // Seven days ago: Old and open, Done two days ago, Overdue and open = 3.
      expect((await summaryAt(now)).pendingTasks).toEqual({ count: 4, change: 1 });
      // Ten days later nothing is pending that was not pending before: the change is 0.
      expect((await summaryAt(at('2025-06-25T12:00:00Z'))).pendingTasks).toEqual({ count: 4, change: 0 });
    });

    it('lists upcoming tasks by due date, overdue first, undated last, completed never', async () => {
      expect((await summaryAt(now)).upcomingTasks!.map((x) => x.title)).toEqual([
        'Overdue and open',
        'New this week',
        'Old and open',
        'Brand new',
      ]);
    });

    it('counts active partners and events that have not started', async () => {
      await t.db.insert(partners).values([
        { name: 'Active One', email: 'one@example.org' },
        { name: 'Active Two', email: 'two@example.org' },
        { name: 'Inactive', email: 'three@example.org', status: 'inactive' },
      ]);
      const soon = new Date(Date.now() + 86_400_000);
      const past = new Date(Date.now() - 86_400_000);
      await t.db.insert(events).values([
        { title: 'Coming up', startDate: soon, endDate: soon },
        { title: 'Over', startDate: past, endDate: past },
      ]);
      const body = await summary('?tz=UTC');
      expect(body.activePartners).toBe(2);
      expect(body.upcomingEvents).toBe(1);
    });

    it('counts a series as one upcoming event while an occurrence is ahead, even after its first', async () => {
      const day = 86_400_000;
      const started = new Date(Date.now() - 3 * day);
      const [weekly] = await t.db
        .insert(events)
        .values([
          // Daily for ten days from three days ago: started, seven occurrences ahead.
          {
            title: 'Daily prayer',
            startDate: started,
            endDate: new Date(started.getTime() + 3_600_000),
            recurrence: 'FREQ=DAILY;COUNT=10',
            seriesEnd: new Date(started.getTime() + 9 * day + 3_600_000),
          },
          // Over: its last occurrence was yesterday.
          {
            title: 'Finished series',
            startDate: new Date(started.getTime() - day),
            endDate: new Date(started.getTime() - day + 3_600_000),
            recurrence: 'FREQ=DAILY;COUNT=3',
            seriesEnd: new Date(started.getTime() + day + 3_600_000),
          },
        ])
        .returning({ id: events.id });
      // A changed occurrence ahead is part of its series, not a card of its own.
      const moved = new Date(started.getTime() + 5 * day);
      await t.db.insert(events).values({
        title: 'Daily prayer (moved)',
        startDate: new Date(moved.getTime() + 3_600_000),
        endDate: new Date(moved.getTime() + 7_200_000),
        seriesId: weekly!.id,
        occurrenceStart: moved,
      });
      // The single event of the test before ('Coming up') and the daily series. (Read
      // uncached: these rows went in without a change record.)
      expect((await summaryAt(new Date())).upcomingEvents).toBe(2);
    });

    it('merges the latest additions, contacts and gifts, newest first', async () => {
      await t.db.delete(partners);
      await t.db.insert(partners).values([
        { name: 'Added Monday', email: 'a@example.org', createdAt: at('2025-06-09T09:00:00Z') },
        {
          name: 'Contacted Friday',
          email: 'b@example.org',
          createdAt: at('2025-01-01T00:00:00Z'),
          lastContact: '2025-06-13',
        },
      ]);
      await t.db.insert(donations).values([
        {
          partnerName: 'Thursday Giver',
          amount: '12.50',
          donationType: 'monthly',
          donationDate: at('2025-06-12T15:00:00Z'),
        },
        {
          partnerName: 'Saturday Giver',
          amount: '99.99',
          donationType: 'one-time',
          donationDate: at('2025-06-14T08:00:00Z'),
        },
      ]);
      const activity = (await summaryAt(now, 'America/Los_Angeles')).recentActivity!;
      const items = activity.withGifts;
      expect(items.map((i) => [i.kind, i.partnerName])).toEqual([
        ['gift', 'Saturday Giver'],
        ['contacted', 'Contacted Friday'],
        ['gift', 'Thursday Giver'],
        ['added', 'Added Monday'],
        ['added', 'Contacted Friday'],
      ]);
      expect(items[0]).toMatchObject({ amount: '99.99', donationType: 'one-time' });
      // A contact date sorts as the start of that day in the reader's zone.
      expect(items[1]).toMatchObject({ date: '2025-06-13', at: '2025-06-13T07:00:00.000Z' });
      // For readers without Giving Records: the same list with no gift in it (D12).
      expect(activity.withoutGifts.map((i) => [i.kind, i.partnerName])).toEqual([
        ['contacted', 'Contacted Friday'],
        ['added', 'Added Monday'],
        ['added', 'Contacted Friday'],
      ]);
    });
  });

  describe('a failing query', () => {
    it('is logged, and only its card loses its value', async () => {
      const logged = vi.spyOn(t.deps.logger, 'error');
      await t.db.execute(sql`alter table events rename to events_away`);
      try {
        // A zone no earlier test asked for: a renamed table is no recorded change, so a summary
        // kept from before would still be served (decision 0108), which is not what this tests.
        const body = await summary('?tz=Pacific/Chatham');
        expect(body.upcomingEvents).toBeNull();
        expect(body.giving).not.toBeNull();
        expect(body.activePartners).not.toBeNull();
        expect(body.pendingTasks).not.toBeNull();
        expect(logged).toHaveBeenCalledWith(
          expect.objectContaining({ section: 'upcomingEvents' }),
          'dashboard query failed',
        );
      } finally {
        await t.db.execute(sql`alter table events_away rename to events`);
        logged.mockRestore();
      }
      // A summary with a failed section is not kept: the next request computes it again.
      expect((await summary('?tz=Pacific/Chatham')).upcomingEvents).not.toBeNull();
    });
  });
});
