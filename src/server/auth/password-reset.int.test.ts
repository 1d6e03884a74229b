import { eq, like } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activity, emailOutbox, signInThrottle, verification } from '#server/db/schema';
import { RESET_LINK_INVALID } from '#shared/schemas/auth';
import { startTestSmtpServer, type TestSmtpServer } from '#test-support/smtp-server';
import { createTestApp, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import { RESET_REQUEST_RULES } from './sign-in-throttle';

const SENT_MESSAGE =
  'If an account uses this email, a link to choose a new password is on its way. It works for one hour.';

// "Forgot password?" end to end: the request, the email through the outbox and a real SMTP
// server (smtp-server, read back by mailparser), the link, the new password (issue 16).
describe.each(testDatabaseTargets())('password reset by email on $name', (target) => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let ruthId: string;

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    t = await createTestApp(target, { SMTP_URL: smtp.url, MAIL_FROM: 'Grace Ministry <office@grace.example.org>' });
    t.deps.mail.start();
    ruthId = (await t.createUser({ email: 'ruth@example.org', password: 'old-secret', fullName: 'Ruth Moabite' })).id;
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.stop();
  });
  afterEach(async () => {
    await t.db.delete(signInThrottle);
    smtp.received.length = 0;
  });

  const ask = (email: string) => t.postJson('/api/auth/request-password-reset', { email });
  const reset = (token: string, newPassword: string) => t.postJson('/api/auth/reset-password', { token, newPassword });
  /** The link of the newest email, as the recipient's mail program shows it. */
  const linkInMail = async () => {
    const [received] = await smtp.waitFor(1);
    const url = /http\S+\/reset-password\?token=\S+/.exec(received!.mail.text ?? '')![0];
    expect(received!.mail.html).toContain(url.replace(/&/g, '&amp;'));
    return new URL(url);
  };

  it('offers the reset on the sign-in screen only when email is on', async () => {
    expect(await (await t.request('/api/auth/options')).json()).toEqual({ passwordReset: true });
  });

  it('emails a one-hour, single-use link that sets a new password and ends every session', async () => {
    const oldSession = await t.signIn('ruth@example.org', 'old-secret');
    const response = await ask('  Ruth@Example.org ');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: SENT_MESSAGE });

    const link = await linkInMail();
    expect(link.origin + link.pathname).toBe(`${t.deps.config.BASE_URL}/reset-password`);
    const [email] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.kind, 'password-reset'));
    expect(email).toMatchObject({ toAddress: 'ruth@example.org', subject: 'Choose a new password' });
    const [stored] = await t.db.select().from(verification).where(like(verification.identifier, 'reset-password:%'));
    expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(59 * 60_000);
    expect(stored!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(60 * 60_000);

    const token = link.searchParams.get('token')!;
    const done = await reset(token, 'new-secret');
    expect(done.status, await done.clone().text()).toBe(200);
    // The person is told, at the same address, that the password changed (ASVS 2.5.5).
    const notice = (await smtp.waitFor(2))[1]!;
    expect(notice.envelope.to).toEqual(['ruth@example.org']);
    expect(notice.mail.subject).toBe('Your password was changed');
    expect(notice.mail.text).toContain('set with a link sent to this address');
    // The new password works, the old one does not, and the old session has ended.
    expect((await t.signInResponse('ruth@example.org', 'old-secret')).status).toBe(401);
    await t.signIn('ruth@example.org', 'new-secret');
    expect((await t.request('/api/me', { headers: { cookie: oldSession } })).status).toBe(401);
    const [record] = await t.db.select().from(activity).where(eq(activity.action, 'password.reset'));
    expect(record).toMatchObject({ subjectType: 'user', subjectId: ruthId });

    // Used once: the same link is refused, and the password stays.
    const again = await reset(token, 'third-secret');
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ message: RESET_LINK_INVALID });
    await t.signIn('ruth@example.org', 'new-secret');
  });

  it('refuses an expired or altered link and changes nothing', async () => {
    await ask('ruth@example.org');
    const token = (await linkInMail()).searchParams.get('token')!;
    expect((await reset(`${token}x`, 'altered-secret')).status).toBe(400);
    await t.db
      .update(verification)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verification.identifier, `reset-password:${token}`));
    const expired = await reset(token, 'expired-secret');
    expect(expired.status).toBe(400);
    expect(await expired.json()).toEqual({ message: RESET_LINK_INVALID });
    await t.signIn('ruth@example.org', 'new-secret');
  });

  it('answers the same for an unknown address, and emails nobody', async () => {
    const before = await t.db.select().from(emailOutbox);
    const response = await ask('nobody@example.org');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: SENT_MESSAGE });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(before.length);
  });

  it('refuses bad input with a readable message and a short password before the link is spent', async () => {
    const bad = await t.postJson('/api/auth/request-password-reset', { email: 'not an email' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ message: 'Enter a valid email address' });
    await ask('ruth@example.org');
    const token = (await linkInMail()).searchParams.get('token')!;
    const short = await reset(token, '123');
    expect(short.status).toBe(400);
    expect(await short.json()).toEqual({ message: 'Password must be at least 6 characters' });
    // Still usable: the refused attempt did not consume it.
    expect((await reset(token, 'fourth-secret')).status).toBe(200);
    expect((await smtp.waitFor(2))[1]!.mail.subject).toBe('Your password was changed');
  });

  it('tells the person when they change their password in Settings', async () => {
    const cookie = await t.signIn('ruth@example.org', 'fourth-secret');
    const response = await t.postJson(
      '/api/settings/password',
      { currentPassword: 'fourth-secret', newPassword: 'fifth-secret', confirmPassword: 'fifth-secret' },
      { cookie },
    );
    expect(response.status, await response.clone().text()).toBe(200);
    const { mail, envelope } = (await smtp.waitFor(1))[0]!;
    expect(envelope.to).toEqual(['ruth@example.org']);
    expect(mail.subject).toBe('Your password was changed');
    expect(mail.text).toContain('changed in Settings');
    // Never the password itself.
    expect(mail.text).not.toContain('fifth-secret');
    expect(mail.html).not.toContain('fifth-secret');
  });

  it('limits requests per account, whether or not the account exists', async () => {
    for (const email of ['ruth@example.org', 'nobody@example.org']) {
      for (let i = 0; i < RESET_REQUEST_RULES.account.freeFailures; i++) expect((await ask(email)).status).toBe(200);
      const limited = await ask(email);
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBeTruthy();
    }
  });

  it('is not offered, and refused, without SMTP', async () => {
    const off = await createTestApp(target);
    try {
      expect(await (await off.request('/api/auth/options')).json()).toEqual({ passwordReset: false });
      const refused = await off.postJson('/api/auth/request-password-reset', { email: 'ruth@example.org' });
      expect(refused.status).toBe(404);
      expect((await off.postJson('/api/auth/reset-password', { token: 'x', newPassword: 'abcdefg' })).status).toBe(404);
    } finally {
      await off.close();
    }
  });
});
