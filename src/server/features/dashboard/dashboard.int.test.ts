import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { dashboardSummary } from './service';

type Summary = Awaited<ReturnType<typeof dashboardSummary>>;

// The summary as the API serves it (the giving arithmetic is in
// features/giving/giving-figures.int.test.ts, the other cards in dashboard-cards.int.test.ts).
describe.each(testDatabaseTargets())('dashboard on $name', (target) => {
  let t: TestApp;
  let coordinator: string;
  let noDashboard: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    const blocked = await t.createUser({ email: 'no-dashboard@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: blocked.id, feature: 'dashboard', enabled: false });
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    noDashboard = await t.signIn('no-dashboard@example.org', 'blocked-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  const summary = async (query = '', cookie = coordinator) => {
    const response = await t.request(`/api/dashboard/summary${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as Summary;
  };

  describe('the summary', () => {
    it('answers 401 without a session, 403 without the dashboard feature', async () => {
      expect((await t.request('/api/dashboard/summary')).status).toBe(401);
      expect((await t.request('/api/dashboard/summary', { headers: { cookie: noDashboard } })).status).toBe(403);
    });

    it('uses the browser time zone it is sent, and UTC when the zone is unknown', async () => {
      expect((await summary('?tz=Europe/Berlin')).timeZone).toBe('Europe/Berlin');
      expect((await summary('?tz=Mars/Olympus')).timeZone).toBe('UTC');
      expect((await summary('')).timeZone).toBe('UTC');
      const response = await t.request(`/api/dashboard/summary?tz=${'x'.repeat(101)}`, {
        headers: { cookie: coordinator },
      });
      expect(response.status).toBe(400);
    });

    it('has every section for a coordinator', async () => {
      const body = await summary('?tz=UTC');
      expect(body.giving).not.toBeNull();
      expect(body.months).toHaveLength(12);
      expect(typeof body.activePartners).toBe('number');
      expect(body.pendingTasks).toEqual({ count: expect.any(Number), change: expect.any(Number) });
      expect(typeof body.upcomingEvents).toBe('number');
      expect(Array.isArray(body.recentActivity)).toBe(true);
      expect(Array.isArray(body.upcomingTasks)).toBe(true);
    });
  });
});
