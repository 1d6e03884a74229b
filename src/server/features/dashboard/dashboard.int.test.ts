import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions, donations } from '#server/db/schema';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { ReaderSummary } from './service';

// The summary as the API serves it (the giving arithmetic is in
// features/giving/giving-figures.int.test.ts, the other cards in dashboard-cards.int.test.ts).
describe.each(testDatabaseTargets())('dashboard on $name', (target) => {
  let t: TestApp;
  let coordinator: string;
  let noDashboard: string;
  let admin: string;
  let withGiving: string;

  beforeAll(async () => {
    t = await createTestApp(target);
    await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    const blocked = await t.createUser({ email: 'no-dashboard@example.org', password: 'blocked-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: blocked.id, feature: 'dashboard', enabled: false });
    coordinator = await t.signIn('helper@example.org', 'helper-secret');
    noDashboard = await t.signIn('no-dashboard@example.org', 'blocked-secret');
    await t.createUser({ email: 'boss@example.org', password: 'boss-secret', role: 'admin' });
    admin = await t.signIn('boss@example.org', 'boss-secret');
    const trusted = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: trusted.id, feature: 'giving', enabled: true });
    withGiving = await t.signIn('treasurer@example.org', 'treasurer-secret');
  });
  afterAll(async () => {
    await t?.close();
  });

  const summary = async (query = '', cookie = coordinator) => {
    const response = await t.request(`/api/dashboard/summary${query}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    return (await response.json()) as ReaderSummary;
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

    it('shows single gifts in Recent Partner Activity only to readers with Giving Records (D12)', async () => {
      const giver = `Quiet Giver ${Date.now()}`;
      await t.db.insert(donations).values({ partnerName: giver, amount: '250.00', donationType: 'one-time' });
      const gifts = (body: ReaderSummary) => body.recentActivity!.filter((item) => item.kind === 'gift');
      // One zone, one change position: every reader below is served the same kept summary.
      const zone = '?tz=Pacific/Auckland';
      expect(gifts(await summary(zone, admin))).toEqual([
        expect.objectContaining({ kind: 'gift', partnerName: giver, amount: '250.00' }),
      ]);
      const coordinatorView = await summary(zone, coordinator);
      expect(gifts(coordinatorView)).toEqual([]);
      expect(JSON.stringify(coordinatorView)).not.toContain(giver);
      expect(gifts(await summary(zone, withGiving))).toEqual([expect.objectContaining({ partnerName: giver })]);
      // The totals stay everyone's (D12).
      expect(coordinatorView.giving).toEqual((await summary(zone, admin)).giving);
    });
  });
});
