import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activity, coordinatorPermissions, emailOutbox, notifications, user } from '#server/db/schema';
import type { TestSmtpServer } from '#test-support/smtp-server';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import {
  closeNotificationsFixture,
  notificationsTestApi,
  openNotificationsFixture,
  type NotificationsFixture,
  type SignedInUser,
} from '#test-support/features/notifications-test-api';

/**
 * Notification emails (issue 16, docs/decisions/0100): now or as a daily digest through a real
 * SMTP server, the unsubscribe link, and a portal without email, where the bell keeps them.
 */
describe.each(testDatabaseTargets())('notification emails on $name', (target) => {
  let fixture: NotificationsFixture;
  let t: TestApp;
  let smtp: TestSmtpServer;
  let cora: SignedInUser;
  let dan: SignedInUser;

  beforeAll(async () => {
    fixture = await openNotificationsFixture(target);
    ({ t, smtp, cora, dan } = fixture);
  });
  beforeEach(async () => {
    await resetNotifications();
  });
  afterAll(async () => {
    await closeNotificationsFixture(fixture);
  });

  const { resetNotifications, mailWhere, mailTo, unsubscribeHeader, titlesOf, recordGift, setSwitches } =
    notificationsTestApi(() => fixture);

  describe('emails', () => {
    it('sends one as it happens to those who want emails, with a one-click unsubscribe', async () => {
      await setSwitches(dan, { emailNotifications: false });
      await recordGift('75');
      const received = await mailTo('cora@example.org', 'Gift recorded: $75.00 from Hannah');
      expect(received.mail.text).toContain('Grace Ministry');
      expect(received.mail.text).toContain(`${t.deps.config.BASE_URL}/giving`);
      const unsubscribe = unsubscribeHeader(received);
      expect(received.mail.headerLines.find((h) => h.key === 'list-unsubscribe-post')!.line).toBe(
        'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
      );
      expect(received.mail.text).toContain(unsubscribe);
      // Dan has emails off: the bell has it, no email was queued for him.
      expect(await titlesOf(dan)).toHaveLength(1);
      const queued = await t.db.select().from(emailOutbox);
      expect(queued.map((e) => e.toAddress)).toEqual(['cora@example.org']);
    });

    it('the daily digest: one email after the digest hour, listing what waited, once a day', async () => {
      await setSwitches(dan, { emailFrequency: 'daily' });
      await recordGift('5');
      await recordGift('6');
      const waiting = await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.recipientId, dan.id), eq(notifications.emailStatus, 'digest')));
      expect(waiting).toHaveLength(2);

      const hour = t.deps.config.DIGEST_HOUR;
      const today = (h: number, m = 0) => {
        const at = new Date();
        at.setHours(h, m, 0, 0);
        return at;
      };
      // Before the digest hour, with an earlier digest yesterday after its hour: not yet.
      await setSwitches(dan, { lastDigestAt: new Date(today(hour, 30).getTime() - 24 * 3600_000) });
      await t.deps.notices.sweep(today(hour - 1, 59));
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'dan@example.org'))).toEqual([]);

      await t.deps.notices.sweep(today(hour, 5));
      const [digest] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'dan@example.org'));
      expect(digest!.subject).toBe('Your daily summary: 2 notifications');
      expect(digest!.text).toContain('Gift recorded: $5.00 from Hannah');
      expect(digest!.text).toContain('Gift recorded: $6.00 from Hannah');
      expect(digest!.unsubscribeUrl).toContain('/api/unsubscribe?token=');
      const arrived = await mailWhere((r) => r.mail.subject === 'Your daily summary: 2 notifications');
      expect(arrived.envelope.to).toEqual(['dan@example.org']);

      // Once a day: a new notification later that day waits for tomorrow's digest.
      await recordGift('7');
      await t.deps.notices.sweep(today(hour + 3));
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'dan@example.org'))).toHaveLength(1);
      await t.deps.notices.sweep(new Date(today(hour, 10).getTime() + 24 * 3600_000));
      const both = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'dan@example.org'));
      expect(both.map((e) => e.subject).sort()).toEqual([
        'Your daily summary: 1 notification',
        'Your daily summary: 2 notifications',
      ]);
    });

    it('the unsubscribe link asks on GET, turns emails off on POST, and refuses an altered token', async () => {
      await recordGift('9');
      const link = new URL(unsubscribeHeader(await mailTo('cora@example.org', 'Gift recorded: $9.00 from Hannah')));
      const path = `${link.pathname}${link.search}`;

      const asked = await t.request(path);
      expect(asked.status).toBe(200);
      expect(await asked.text()).toContain('Stop notification emails');
      expect((await t.db.select().from(user).where(eq(user.id, cora.id)))[0]!.emailNotifications).toBe(true);

      const altered = path.replace(/token=[^.]+/, `token=${Buffer.from(dan.id).toString('base64url')}`);
      const refused = await t.request(altered, { method: 'POST' });
      expect(refused.status).toBe(400);
      expect((await t.db.select().from(user).where(eq(user.id, dan.id)))[0]!.emailNotifications).toBe(true);

      // A mail client's one-click unsubscribe (RFC 8058): a form POST without Origin or session.
      const done = await t.app.request(path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(done.status).toBe(200);
      expect((await t.db.select().from(user).where(eq(user.id, cora.id)))[0]!.emailNotifications).toBe(false);
      const [record] = await t.db.select().from(activity).where(eq(activity.action, 'notifications.unsubscribed'));
      expect(record).toMatchObject({ subjectId: cora.id, actorId: cora.id });

      // Off means off: the next notification is in the bell only.
      smtp.received.length = 0;
      await recordGift('11');
      expect(await titlesOf(cora)).toContain('Gift recorded: $11.00 from Hannah');
      expect(await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'cora@example.org'))).toHaveLength(
        1,
      );
    });
  });
});

describe.each(testDatabaseTargets())('notifications without email on $name', (target) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps them in the bell and queues no email; an invitation is refused with a reason', async () => {
    const admin = await t.createUser({ email: 'admin@example.org', password: 'long-secret', role: 'admin' });
    const cora = await t.createUser({ email: 'cora@example.org', password: 'long-secret' });
    await t.db.insert(coordinatorPermissions).values({ userId: cora.id, feature: 'giving', enabled: true });
    const cookie = await t.signIn(admin.email, admin.password);
    const gift = await t.postJson(
      '/api/giving/donations',
      { partnerName: 'Hannah', amount: '12', donationType: 'monthly' },
      { cookie },
    );
    expect(gift.status).toBe(201);
    const [row] = await t.db.select().from(notifications).where(eq(notifications.recipientId, cora.id));
    expect(row).toMatchObject({ title: 'Gift recorded: $12.00 from Hannah', emailStatus: null });
    expect(await t.db.select().from(emailOutbox)).toEqual([]);

    const invite = await t.postJson('/api/admin/users', { email: 'ivy@example.org', invite: true }, { cookie });
    expect(invite.status).toBe(400);
    expect(((await invite.json()) as { error: string }).error).toBe(
      'Email is not set up on this portal, so no invitation can be sent. Set a password instead.',
    );
    expect(await t.db.select().from(user).where(eq(user.email, 'ivy@example.org'))).toEqual([]);
  });
});
