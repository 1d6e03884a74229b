import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, notifications, tasks, userRoles } from '#server/db/schema';
import { localDate } from '#shared/local-date';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';
import {
  closeNotificationsFixture,
  notificationsTestApi,
  openNotificationsFixture,
  type NotificationsFixture,
  type SignedInUser,
} from '#test-support/features/notifications-test-api';

/**
 * Notifications derived from the change record (issue 16, docs/decisions/0100): who is told of
 * what, each person's switches and access deciding, and of tasks due tomorrow. The notification
 * centre, emails and invitations are in notification-centre, notification-emails and invitations.
 */
describe.each(testDatabaseTargets())('notification recipients on $name', (target) => {
  let fixture: NotificationsFixture;
  let t: TestApp;
  let admin: SignedInUser;
  let cora: SignedInUser;
  let dan: SignedInUser;
  let wes: SignedInUser;
  let nobody: SignedInUser;

  beforeAll(async () => {
    fixture = await openNotificationsFixture(target);
    ({ t, admin, cora, dan, wes, nobody } = fixture);
  });
  beforeEach(async () => {
    await resetNotifications();
  });
  afterAll(async () => {
    await closeNotificationsFixture(fixture);
  });

  const { resetNotifications, signedIn, send, page, titlesOf, recordGift, setSwitches } = notificationsTestApi(
    () => fixture,
  );

  describe('who is told what', () => {
    it('donation alerts: holders of Giving Records with the switch on, never the one who recorded it', async () => {
      await setSwitches(dan, { donationAlerts: false });
      await recordGift('125.50');
      const alert = 'Gift recorded: $125.50 from Hannah';
      expect(await titlesOf(cora)).toEqual([alert]);
      expect(await titlesOf(dan)).toEqual([]); // switched off
      expect(await titlesOf(wes)).toEqual([]); // no Giving Records
      expect(await titlesOf(nobody)).toEqual([]); // no role
      expect(await titlesOf(admin)).toEqual([]); // the actor
      const [row] = await t.db.select().from(notifications).where(eq(notifications.recipientId, cora.id));
      const [record] = await t.db.select().from(activity).where(eq(activity.id, row!.activityId!));
      expect(record!.action).toBe('donation.created');
    });

    it('partner updates: a partner added and a status change, for holders of partners with the switch on', async () => {
      await setSwitches(dan, { partnerUpdates: false });
      const created = await send('POST', '/api/partners', cora.cookie, { name: 'Boaz', email: 'boaz@example.org' });
      const partner = created.partner as Record<string, unknown>;
      expect(await titlesOf(admin)).toEqual(['New partner: Boaz']);
      expect(await titlesOf(wes)).toEqual(['New partner: Boaz']);
      expect(await titlesOf(dan)).toEqual([]);
      expect(await titlesOf(cora)).toEqual([]);

      // An edit that leaves the status alone tells nobody; a status change does.
      const edit = { name: 'Boaz', email: 'boaz@example.org' };
      await send('PUT', `/api/partners/${String(partner.id)}`, cora.cookie, { ...edit, notes: 'Met at church' });
      expect(await titlesOf(admin)).toHaveLength(1);
      await send('PUT', `/api/partners/${String(partner.id)}`, cora.cookie, { ...edit, status: 'inactive' });
      expect(await titlesOf(admin)).toEqual(['Boaz is now inactive', 'New partner: Boaz']);
    });

    it('tasks: the assignee, when someone else assigns it, whatever their switches', async () => {
      await setSwitches(cora, { partnerUpdates: false, donationAlerts: false });
      const created = await send('POST', '/api/tasks', admin.cookie, {
        title: 'Call Hannah',
        assignedTo: cora.id,
        dueDate: '2030-05-01',
      });
      const task = created.task as { id: string };
      const [entry] = (await page(cora)).items;
      expect(entry).toMatchObject({
        kind: 'task.assigned',
        title: 'Task assigned to you: Call Hannah',
        link: `/tasks?task=${task.id}`,
      });
      expect(entry!.body).toBe('Due May 01, 2030');

      // A change that keeps the assignee tells nobody; a new assignee is told.
      await send('PATCH', `/api/tasks/${task.id}`, admin.cookie, { priority: 'high' });
      await send('PATCH', `/api/tasks/${task.id}`, admin.cookie, { assignedTo: dan.id });
      expect(await titlesOf(cora)).toHaveLength(1);
      expect(await titlesOf(dan)).toEqual(['Task assigned to you: Call Hannah']);
      // Assigning oneself is not news.
      await send('POST', '/api/tasks', dan.cookie, { title: 'Mine', assignedTo: dan.id });
      expect(await titlesOf(dan)).toHaveLength(1);
    });

    it('someone removed from the team is told nothing more', async () => {
      const removed = await signedIn(`removed-${Date.now()}@example.org`, 'Rita Removed', 'coordinator');
      await t.db.delete(userRoles).where(eq(userRoles.userId, removed.id));
      await send('POST', '/api/tasks', admin.cookie, { title: 'For Rita', assignedTo: removed.id });
      await recordGift('10');
      expect(await t.db.select().from(notifications).where(eq(notifications.recipientId, removed.id))).toEqual([]);
    });

    it('an @mention tells the person mentioned, when they may read the channel', async () => {
      await send('POST', '/api/chat/messages', admin.cookie, {
        chatType: 'coordinator',
        partner: 'All Coordinators',
        content: 'Thanks @Cora Coordinator and @wes, see you Sunday. Mail dan@example.org too.',
      });
      const [entry] = (await page(cora)).items;
      expect(entry).toMatchObject({ kind: 'chat.mention', title: 'Ada Admin mentioned you in All Coordinators' });
      expect(entry!.body).toContain('see you Sunday');
      expect(await titlesOf(wes)).toEqual(['Ada Admin mentioned you in All Coordinators']);
      // An address inside the text is not a mention.
      expect(await titlesOf(dan)).toEqual([]);

      // Wes cannot read the Cardholder Success channels: mentioning him there is refused
      // (issue 23, decision 0123), nothing is sent and he is told nothing.
      const refused = await t.sendJson(
        'POST',
        '/api/chat/messages',
        { chatType: 'cardholder_success', partner: 'Cardholders Group', content: '@Wes Without and @cora: cards' },
        { cookie: admin.cookie },
      );
      expect(refused.status).toBe(400);
      expect(((await refused.json()) as { error: string }).error).toMatch(/cannot see this channel$/);
      expect(await titlesOf(cora)).toHaveLength(1);
      await send('POST', '/api/chat/messages', admin.cookie, {
        chatType: 'cardholder_success',
        partner: 'Cardholders Group',
        content: '@cora: the new cards are here',
      });
      expect(await titlesOf(wes)).toHaveLength(1);
      expect(await titlesOf(cora)).toEqual([
        'Ada Admin mentioned you in Cardholders Group',
        'Ada Admin mentioned you in All Coordinators',
      ]);
    });
  });

  describe('tasks due tomorrow', () => {
    it('tells the assignee (or, unassigned, the creator) once, however often the sweep runs', async () => {
      const now = new Date();
      await t.db.delete(tasks);
      await t.db.insert(tasks).values([
        { title: 'Print bulletins', dueDate: localDate(now, 1), assignedTo: cora.id, createdBy: admin.id },
        { title: 'Book the hall', dueDate: localDate(now, 1), createdBy: dan.id },
        { title: 'Done already', dueDate: localDate(now, 1), assignedTo: cora.id, status: 'completed' },
        { title: 'Next week', dueDate: localDate(now, 7), assignedTo: cora.id },
      ]);
      await t.deps.notices.sweep(now);
      await t.deps.notices.sweep(now);
      expect(await titlesOf(cora)).toEqual(['Due tomorrow: Print bulletins']);
      expect(await titlesOf(dan)).toEqual(['Due tomorrow: Book the hall']);
      expect(await titlesOf(admin)).toEqual([]);
    });
  });
});
