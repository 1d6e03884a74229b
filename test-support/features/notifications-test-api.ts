/** Notifications as the integration tests see them: five people, an SMTP server, the bell's pages, the emails. */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { coordinatorPermissions, emailOutbox, notifications, user } from '#server/db/schema';
import type { NotificationsPage } from '#shared/schemas/notifications';
import type { readSse } from '#test-support/sse';
import { startTestSmtpServer, type ReceivedMail, type TestSmtpServer } from '#test-support/smtp-server';
import { createTestApp, type TestApp, type TestDatabaseTarget, type TestUser } from '#test-support/test-database';

export type SignedInUser = TestUser & { cookie: string };

export interface NotificationsFixture {
  t: TestApp;
  smtp: TestSmtpServer;
  admin: SignedInUser;
  /** A coordinator with Giving Records. */
  cora: SignedInUser;
  /** A coordinator with Giving Records. */
  dan: SignedInUser;
  /** A coordinator with every feature but the dashboard and Cardholder Success. */
  wes: SignedInUser;
  /** An account with no role. */
  nobody: SignedInUser;
}

async function signedInOn(t: TestApp, email: string, fullName: string, role: 'admin' | 'coordinator' | 'none') {
  const created = await t.createUser({ email, password: 'long-secret', fullName, role });
  return { ...created, cookie: await t.signIn(email, 'long-secret') };
}

/** An SMTP server and a test app mailing to it, the five people signed in; closeNotificationsFixture closes both. */
export async function openNotificationsFixture(target: TestDatabaseTarget): Promise<NotificationsFixture> {
  const smtp = await startTestSmtpServer();
  let t: TestApp | undefined;
  try {
    t = await createTestApp(target, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Grace Ministry <office@grace.example.org>',
      MINISTRY_NAME: 'Grace Ministry',
    });
    t.deps.mail.start();
    const admin = await signedInOn(t, 'admin@example.org', 'Ada Admin', 'admin');
    const cora = await signedInOn(t, 'cora@example.org', 'Cora Coordinator', 'coordinator');
    const dan = await signedInOn(t, 'dan@example.org', 'Dan Daily', 'coordinator');
    // Wes has every feature but the dashboard (so no gift alerts) and Cardholder Success.
    const wes = await signedInOn(t, 'wes@example.org', 'Wes Without', 'coordinator');
    await t.db.insert(coordinatorPermissions).values([
      { userId: wes.id, feature: 'dashboard', enabled: false },
      { userId: wes.id, feature: 'cardholder_success', enabled: false },
      // Donation alerts name the gift: for holders of Giving Records (D12, issue 19).
      { userId: cora.id, feature: 'giving', enabled: true },
      { userId: dan.id, feature: 'giving', enabled: true },
    ]);
    // An account with no role: Settings only, so told of nothing.
    const nobody = await signedInOn(t, 'nobody@example.org', 'Nora None', 'none');
    return { t, smtp, admin, cora, dan, wes, nobody };
  } catch (err) {
    await t?.close();
    await smtp.stop();
    throw err;
  }
}

export async function closeNotificationsFixture(fixture: NotificationsFixture | undefined) {
  await fixture?.t.close();
  await fixture?.smtp.stop();
}

/**
 * Calls on the fixture `fixture()` returns (a function, as suites open it in beforeAll).
 * Streams a test opens into `readers` stay open until closeStreams.
 */
export function notificationsTestApi(fixture: () => NotificationsFixture) {
  const readers: ReturnType<typeof readSse>[] = [];

  const signedIn = (email: string, fullName: string, role: 'admin' | 'coordinator' | 'none') =>
    signedInOn(fixture().t, email, fullName, role);

  /** Each test starts with no notifications or emails and everyone's switches on, emails immediately. */
  async function resetNotifications() {
    const { t, smtp } = fixture();
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
  }
  async function closeStreams() {
    for (const reader of readers.splice(0)) await reader.close();
  }

  const send = async (method: string, path: string, cookie: string, body?: unknown) => {
    const response = await fixture().t.sendJson(method, path, body, { cookie });
    expect(response.status, `${method} ${path}: ${await response.clone().text()}`).toBeLessThan(300);
    return response.json() as Promise<Record<string, unknown>>;
  };
  const page = async (person: { cookie: string }, before?: number) => {
    const response = await fixture().t.request(`/api/notifications${before ? `?before=${before}` : ''}`, {
      headers: { cookie: person.cookie },
    });
    expect(response.status).toBe(200);
    return (await response.json()) as NotificationsPage;
  };
  /** The first email that `matches` (an email of the test before may still arrive first). */
  const mailWhere = async (matches: (received: ReceivedMail) => boolean) => {
    for (let count = 1; ; count += 1) {
      const found = (await fixture().smtp.waitFor(count)).find(matches);
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
    send('POST', '/api/giving/donations', fixture().admin.cookie, {
      partnerName: 'Hannah',
      amount,
      donationType: 'one-time',
    });
  const setSwitches = (person: TestUser, values: Partial<typeof user.$inferInsert>) =>
    fixture().t.db.update(user).set(values).where(eq(user.id, person.id));

  return {
    readers,
    signedIn,
    resetNotifications,
    closeStreams,
    send,
    page,
    mailWhere,
    mailTo,
    unsubscribeHeader,
    titlesOf,
    recordGift,
    setSwitches,
  };
}
