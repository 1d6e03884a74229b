import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  activity,
  coordinatorPermissions,
  emailOutbox,
  notifications,
  tasks,
  user,
  userRoles,
  verification as verificationTable,
} from '#server/db/schema';
import type { NotificationsPage } from '#shared/schemas/notifications';
import { openRealtimeStream, type readSse } from '#test-support/sse';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '#test-support/smtp-server';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { localDate } from '#shared/local-date';

/**
 * Notifications derived from the change record (issue 16, docs/decisions/0100): who is told of
 * what (each person's switches and access deciding), the notification centre's API, emails
 * now or as a daily digest through a real SMTP server, the unsubscribe link, tasks due
 * tomorrow, and invitations.
 */
describe.each(testDatabaseTargets())('notifications on $name', (target) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  const readers: ReturnType<typeof readSse>[] = [];
  let admin: TestUser & { cookie: string };
  let cora: TestUser & { cookie: string };
  let dan: TestUser & { cookie: string };
  let wes: TestUser & { cookie: string };
  let nobody: TestUser & { cookie: string };

  const signedIn = async (email: string, fullName: string, role: 'admin' | 'coordinator' | 'none') => {
    const created = await t.createUser({ email, password: 'long-secret', fullName, role });
    return { ...created, cookie: await t.signIn(email, 'long-secret') };
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(target, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Grace Ministry <office@grace.example.org>',
      MINISTRY_NAME: 'Grace Ministry',
    });
    t.deps.mail.start();
    admin = await signedIn('admin@example.org', 'Ada Admin', 'admin');
    cora = await signedIn('cora@example.org', 'Cora Coordinator', 'coordinator');
    dan = await signedIn('dan@example.org', 'Dan Daily', 'coordinator');
    // Wes has every feature but the dashboard (so no gift alerts) and Cardholder Success.
    wes = await signedIn('wes@example.org', 'Wes Without', 'coordinator');
    await t.db.insert(coordinatorPermissions).values([
      { userId: wes.id, feature: 'dashboard', enabled: false },
      { userId: wes.id, feature: 'cardholder_success', enabled: false },
      // Donation alerts name the gift: for holders of Giving Records (D12, issue 19).
      { userId: cora.id, feature: 'giving', enabled: true },
      { userId: dan.id, feature: 'giving', enabled: true },
    ]);
    // An account with no role: Settings only, so told of nothing.
    nobody = await signedIn('nobody@example.org', 'Nora None', 'none');
  });
  beforeEach(async () => {
    await t.db.delete(notifications);
    await t.db.delete(emailOutbox);
    await t.db.update(user).set({
      emailNotifications: true,
      emailFrequency: 'immediately',
      partnerUpdates: true,
      donationAlerts: true,
      lastDigestAt: null,
    });
    smtp.received.length = 0;
  });
  afterEach(async () => {
    for (const reader of readers.splice(0)) await reader.close();
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });

  const send = async (method: string, path: string, cookie: string, body?: unknown) => {
    const response = await t.sendJson(method, path, body, { cookie });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const page = async (person: { cookie: string }, before?: number) => {
    const response = await t.request(`/api/notifications${before ? `?before=${before}` : ''}`, {
      headers: { cookie: person.cookie },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as NotificationsPage;
  };
  /** The first email that `matches` (an email of the test before may still arrive first). */
  const mailWhere = async (matches: (received: ReceivedMail) => boolean) => {
    for (let count = 1; ; count += 1) {
      const found = (await smtp.waitFor(count)).find(matches);
      if (found) return found;
    }
  };
  /** The first email to `address` with `subject`: an earlier test's email to them may arrive late. */
  const mailTo = (address: string, subject: string) =>
    mailWhere((r) => r.envelope.to.includes(address) && r.mail.subject === subject);
  /** The address of the List-Unsubscribe header, as the mail client reads it. */
  const unsubscribeHeader = (received: ReceivedMail) =>
    /<(http[^>]+)>/.exec(received.mail.headerLines.find((h) => h.key === 'list-unsubscribe')!.line)![1]!;
  const titlesOf = async (person: { cookie: string }) => (await page(person)).items.map((item) => item.title);
  const recordGift = (amount: string) =>
    send('POST', '/api/giving/donations', admin.cookie, { partnerName: 'Hannah', amount, donationType: 'one-time' });
  const setSwitches = (person: TestUser, values: Partial<typeof user.$inferInsert>) =>
    t.db.update(user).set(values).where(eq(user.id, person.id));

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
        link: '/tasks',
      });
      expect(entry!.body).toBe('Due 2030-05-01');

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

  describe('invitations', () => {
    it('create user with an invitation: a 7-day single-use link for the person to choose a password', async () => {
      const created = await send('POST', '/api/admin/users', admin.cookie, {
        email: 'ivy@example.org',
        fullName: 'Ivy Invited',
        invite: true,
      });
      expect(created).toMatchObject({ user: { email: 'ivy@example.org' } });
      const mail = await mailTo('ivy@example.org', 'You are invited to the portal');
      expect(mail.mail.text).toContain('Ada Admin created an account for you');
      const url = new URL(/http\S+\/reset-password\?token=\S+/.exec(mail.mail.text ?? '')![0]);
      expect(url.searchParams.get('invite')).toBe('1');
      const token = url.searchParams.get('token')!;
      const [stored] = await t.db
        .select()
        .from(verificationTable)
        .where(eq(verificationTable.identifier, `reset-password:${token}`));
      const days = (stored!.expiresAt.getTime() - Date.now()) / (24 * 3600_000);
      expect(days).toBeGreaterThan(6.99);
      expect(days).toBeLessThanOrEqual(7);

      // Nobody can sign in before the link is used; the link sets the password, once.
      const setPassword = (newPassword: string) => t.postJson('/api/auth/reset-password', { token, newPassword });
      expect((await setPassword('ivy-chosen-secret')).status).toBe(200);
      await t.signIn('ivy@example.org', 'ivy-chosen-secret');
      expect((await setPassword('another-secret')).status).toBe(400);
    });

    it('an expired or altered invitation link changes nothing', async () => {
      await send('POST', '/api/admin/users', admin.cookie, { email: 'old@example.org', invite: true });
      const mail = await mailTo('old@example.org', 'You are invited to the portal');
      const token = new URL(/http\S+\/reset-password\?token=\S+/.exec(mail.mail.text ?? '')![0]).searchParams.get(
        'token',
      )!;
      const altered = await t.postJson('/api/auth/reset-password', {
        token: `${token}x`,
        newPassword: 'whatever-secret',
      });
      expect(altered.status).toBe(400);
      await t.db
        .update(verificationTable)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(verificationTable.identifier, `reset-password:${token}`));
      expect((await t.postJson('/api/auth/reset-password', { token, newPassword: 'whatever-secret' })).status).toBe(
        400,
      );
      expect((await t.signInResponse('old@example.org', 'whatever-secret')).status).toBe(401);
    });

    it('without a password and without an invitation, the old message; a password still works as before', async () => {
      const missing = await t.postJson('/api/admin/users', { email: 'pat@example.org' }, { cookie: admin.cookie });
      expect(missing.status).toBe(400);
      expect(((await missing.json()) as { error: string }).error).toBe('Please enter both email and password');
      await send('POST', '/api/admin/users', admin.cookie, { email: 'pat@example.org', password: 'pat-long-secret' });
      await t.signIn('pat@example.org', 'pat-long-secret');
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
