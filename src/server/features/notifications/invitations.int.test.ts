import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { verification as verificationTable } from '#server/db/schema';
import { testDatabaseTargets, type TestApp } from '#test-support/test-database';
import {
  closeNotificationsFixture,
  notificationsTestApi,
  openNotificationsFixture,
  type NotificationsFixture,
  type SignedInUser,
} from '#test-support/features/notifications-test-api';

// Creating a user with an invitation: the emailed single-use link with which they choose a
// password (a portal without email refuses one; that is in notification-emails.int.test.ts).
describe.each(testDatabaseTargets())('invitations on $name', (target) => {
  let fixture: NotificationsFixture;
  let t: TestApp;
  let admin: SignedInUser;

  beforeAll(async () => {
    fixture = await openNotificationsFixture(target);
    ({ t, admin } = fixture);
  });
  beforeEach(async () => {
    await resetNotifications();
  });
  afterAll(async () => {
    await closeNotificationsFixture(fixture);
  });

  const { resetNotifications, send, mailTo } = notificationsTestApi(() => fixture);

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
