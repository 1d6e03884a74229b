import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { notifications } from '#server/db/schema';
import { openRealtimeStream } from '#test-support/sse';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';
import {
  closeNotificationsFixture,
  notificationsTestApi,
  openNotificationsFixture,
  type NotificationsFixture,
  type SignedInUser,
} from '#test-support/features/notifications-test-api';

/**
 * The notification centre's API (issue 16, docs/decisions/0100): one person's notifications a
 * page at a time, marking them read, and the live notice to that person's open tabs.
 */
describe.each(testDatabaseTargets())('the notification centre on $name', (target) => {
  let fixture: NotificationsFixture;
  let t: TestApp;
  let admin: SignedInUser;
  let cora: SignedInUser;
  let dan: SignedInUser;
  let wes: SignedInUser;

  beforeAll(async () => {
    fixture = await openNotificationsFixture(target);
    ({ t, admin, cora, dan, wes } = fixture);
  });
  beforeEach(async () => {
    await resetNotifications();
  });
  afterEach(async () => {
    await closeStreams();
  });
  afterAll(async () => {
    await closeNotificationsFixture(fixture);
  });

  const { readers, resetNotifications, closeStreams, send, page, recordGift } = notificationsTestApi(() => fixture);

  describe('the notification centre', () => {
    it("lists one person's own, newest first, a page at a time, with the unread count", async () => {
      const values = Array.from({ length: 25 }, (_, i) => ({
        recipientId: cora.id,
        kind: 'test',
        title: `Notice ${i + 1}`,
        link: '/tasks',
      }));
      await t.db.insert(notifications).values(values);
      await t.db.insert(notifications).values({ recipientId: dan.id, kind: 'test', title: 'For Dan', link: '/tasks' });

      const first = await page(cora);
      expect(first.items).toHaveLength(20);
      expect(first.items[0]!.title).toBe('Notice 25');
      expect(first.unread).toBe(25);
      const second = await page(cora, first.nextBefore!);
      expect(second.items.map((i) => i.title)).toEqual(['Notice 5', 'Notice 4', 'Notice 3', 'Notice 2', 'Notice 1']);
      expect(second.nextBefore).toBeNull();
    });

    it("marks one or all read, tells the person's other tabs, and refuses someone else's", async () => {
      await recordGift('20');
      await t.db.insert(notifications).values({ recipientId: dan.id, kind: 'test', title: 'For Dan', link: '/tasks' });
      const [own] = (await page(cora)).items;
      const [dans] = (await page(dan)).items;
      const stream = await openRealtimeStream(t.app, cora.cookie, readers);

      expect(
        (await t.request(`/api/notifications/${dans!.id}/read`, { method: 'POST', headers: { cookie: cora.cookie } }))
          .status,
      ).toBe(404);
      expect((await page(dan)).unread).toBeGreaterThan(0);

      await send('POST', `/api/notifications/${own!.id}/read`, cora.cookie);
      expect(await stream.next()).toMatchObject({ event: 'notifications.changed' });
      expect((await page(cora)).items[0]!.read).toBe(true);
      expect((await page(cora)).unread).toBe(0);

      await recordGift('30');
      await recordGift('40');
      expect((await page(cora)).unread).toBe(2);
      expect(await send('POST', '/api/notifications/read-all', cora.cookie)).toEqual({ marked: 2 });
      expect((await page(cora)).unread).toBe(0);
      expect((await page(dan)).unread).toBeGreaterThan(0);
    });

    it("a new notification reaches the person's open tab live, and only theirs", async () => {
      const coraStream = await openRealtimeStream(t.app, cora.cookie, readers);
      const wesStream = await openRealtimeStream(t.app, wes.cookie, readers);
      await send('POST', '/api/tasks', admin.cookie, { title: 'Live one', assignedTo: cora.id });
      const events: string[] = [];
      for (;;) {
        const message = await coraStream.next();
        events.push(message.event ?? '');
        if (message.event === 'notifications.changed') break;
      }
      expect(events).toContain('notifications.changed');
      // Wes hears the board change, not Cora's notification.
      expect((await wesStream.next()).event).toBe('tasks.changed');
    });

    it('refuses a page or id that is not a number with a 400', async () => {
      const bad = await t.request('/api/notifications?before=abc', { headers: { cookie: cora.cookie } });
      expect(bad.status).toBe(400);
      const badId = await t.request('/api/notifications/1e99/read', {
        method: 'POST',
        headers: { cookie: cora.cookie },
      });
      expect(badId.status).toBe(400);
    });
  });
});
