import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user } from '../../db/schema';
import { readSse, type SseMessage } from '../../testing/sse';
import {
  createTestApp,
  sessionTokenFromCookie,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '../../testing/test-database';

interface SettingsBody {
  email: string;
  name: string;
  displayName: string | null;
  emailNotifications: boolean;
  partnerUpdates: boolean;
  donationAlerts: boolean;
}

describe.each(testDatabaseTargets())('account settings on $name', (target) => {
  let t: TestApp;
  let serial = 0;
  const readers: ReturnType<typeof readSse>[] = [];

  beforeAll(async () => {
    t = await createTestApp(target);
  });
  afterAll(async () => {
    for (const reader of readers) await reader.close();
    await t?.close();
  });

  /** Each test gets its own account, signed in once. */
  async function person(): Promise<TestUser & { cookie: string }> {
    serial += 1;
    const created = await t.createUser({
      email: `member-${serial}@example.org`,
      password: `password-${serial}`,
      fullName: `Member ${serial}`,
    });
    return { ...created, cookie: await t.signIn(created.email, created.password) };
  }

  const send = (method: string, path: string, cookie: string, body: unknown) =>
    t.sendJson(method, path, body, { cookie });
  const settingsOf = async (cookie: string) => {
    const response = await t.request('/api/settings', { headers: { cookie } });
    expect(response.status).toBe(200);
    return ((await response.json()) as { settings: SettingsBody }).settings;
  };
  const me = (cookie: string) => t.request('/api/me', { headers: { cookie } });
  async function openStream(cookie: string) {
    const response = await t.app.request('/api/realtime', { headers: { cookie } });
    expect(response.status).toBe(200);
    const reader = readSse(response);
    readers.push(reader);
    expect(await reader.next()).toMatchObject({ event: 'ready' });
    return reader;
  }
  const eventOf = (message: SseMessage) => ({ event: message.event, data: JSON.parse(message.data) as unknown });

  it("answers with the person's own email, names and preferences (all on by default), and nothing secret", async () => {
    const p = await person();
    const response = await t.request('/api/settings', { headers: { cookie: p.cookie } });
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({
      settings: {
        email: p.email,
        name: expect.stringMatching(/^Member /),
        displayName: null,
        emailNotifications: true,
        partnerUpdates: true,
        donationAlerts: true,
      },
    });
    expect(text).not.toMatch(/argon2|password|token/i);
  });

  describe('profile', () => {
    it('saves the trimmed display name, which /api/me then carries, and tells the other tabs', async () => {
      const p = await person();
      const stream = await openStream(p.cookie);
      const response = await send('PATCH', '/api/settings/profile', p.cookie, { displayName: '  Pastor Jo  ' });
      expect(response.status).toBe(200);
      expect(((await response.json()) as { settings: SettingsBody }).settings.displayName).toBe('Pastor Jo');
      expect(((await (await me(p.cookie)).json()) as { user: { displayName: string } }).user.displayName).toBe(
        'Pastor Jo',
      );
      expect(eventOf(await stream.next(2000))).toEqual({
        event: 'profile.changed',
        data: { type: 'profile.changed', userId: p.id },
      });
    });

    it('stores an empty display name as none, so the full name shows again', async () => {
      const p = await person();
      await send('PATCH', '/api/settings/profile', p.cookie, { displayName: 'Temporary' });
      const response = await send('PATCH', '/api/settings/profile', p.cookie, { displayName: '   ' });
      expect(response.status).toBe(200);
      expect((await settingsOf(p.cookie)).displayName).toBeNull();
    });

    it.each([
      [{ displayName: 'x'.repeat(101) }, 'Display name must be at most 100 characters'],
      [{ displayName: 42 }, 'Display name must be text'],
      [{}, 'Display name must be text'],
    ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
      const p = await person();
      await send('PATCH', '/api/settings/profile', p.cookie, { displayName: 'Kept' });
      const response = await send('PATCH', '/api/settings/profile', p.cookie, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect((await settingsOf(p.cookie)).displayName).toBe('Kept');
    });

    it("changes only the caller's own profile, whatever the body says", async () => {
      const p = await person();
      const other = await person();
      const response = await send('PATCH', '/api/settings/profile', p.cookie, {
        displayName: 'Mine',
        id: other.id,
        email: other.email,
      });
      expect(response.status).toBe(200);
      expect((await settingsOf(other.cookie)).displayName).toBeNull();
      expect((await settingsOf(p.cookie)).email).toBe(p.email);
    });
  });

  describe('notifications', () => {
    it('saves each switch on its own, and the choice survives (a new session reads it back)', async () => {
      const p = await person();
      const off = await send('PUT', '/api/settings/notifications', p.cookie, { partnerUpdates: false });
      expect(off.status).toBe(200);
      expect(((await off.json()) as { settings: SettingsBody }).settings).toMatchObject({
        emailNotifications: true,
        partnerUpdates: false,
        donationAlerts: true,
      });
      await send('PUT', '/api/settings/notifications', p.cookie, { donationAlerts: false });
      const fresh = await t.signIn(p.email, p.password);
      expect(await settingsOf(fresh)).toMatchObject({
        emailNotifications: true,
        partnerUpdates: false,
        donationAlerts: false,
      });
      const [row] = await t.db.select().from(user).where(eq(user.id, p.id));
      expect(row).toMatchObject({ emailNotifications: true, partnerUpdates: false, donationAlerts: false });
    });

    it.each([
      [{}, 'Choose a notification preference to save'],
      [{ emailNotifications: 'off' }, 'emailNotifications must be true or false'],
      [{ donationAlerts: null, partnerUpdates: false }, 'donationAlerts must be true or false'],
    ])('refuses %j with 400 "%s" and changes nothing', async (body, message) => {
      const p = await person();
      const response = await send('PUT', '/api/settings/notifications', p.cookie, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await settingsOf(p.cookie)).toMatchObject({
        emailNotifications: true,
        partnerUpdates: true,
        donationAlerts: true,
      });
    });
  });

  describe('password change', () => {
    const passwordHash = async (userId: string) =>
      (await t.db.select({ password: account.password }).from(account).where(eq(account.userId, userId)))[0]!.password;

    it.each([
      [{ newPassword: 'abcdef', confirmPassword: 'abcdeg' }, 'Passwords do not match'],
      [{ newPassword: 'abc', confirmPassword: 'abd' }, 'Passwords do not match'],
      [{ newPassword: 'abc', confirmPassword: 'abc' }, 'Password must be at least 6 characters'],
      [{ newPassword: '', confirmPassword: '' }, 'Password must be at least 6 characters'],
      [{ newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) }, 'Password must be at most 128 characters'],
      [{ confirmPassword: 'abcdef' }, 'Please enter a new password'],
    ])('refuses %j with 400 "%s" and keeps the old password and sessions', async (body, message) => {
      const p = await person();
      const other = await t.signIn(p.email, p.password);
      const before = await passwordHash(p.id);
      const response = await send('POST', '/api/settings/password', p.cookie, body);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { error: string }).error).toBe(message);
      expect(await passwordHash(p.id)).toBe(before);
      expect((await me(other)).status).toBe(200);
    });

    it('sets the new password, keeps this session and ends the others, whose open tabs are told and closed', async () => {
      const p = await person();
      const otherDevice = await t.signIn(p.email, p.password);
      const thisTab = await openStream(p.cookie);
      const otherTab = await openStream(otherDevice);

      const response = await send('POST', '/api/settings/password', p.cookie, {
        newPassword: 'brand-new-password',
        confirmPassword: 'brand-new-password',
      });

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ ok: true });
      expect((await me(p.cookie)).status).toBe(200);
      expect((await me(otherDevice)).status).toBe(401);
      const sessions = await t.db.select({ token: session.token }).from(session).where(eq(session.userId, p.id));
      expect(sessions.map((s) => s.token)).toEqual([sessionTokenFromCookie(p.cookie)]);

      // The ended session's stream hears why (without any session id) and then ends.
      const told = await otherTab.next(2000);
      expect(eventOf(told)).toEqual({ event: 'sessions.ended', data: { type: 'sessions.ended', userId: p.id } });
      expect(await otherTab.ended(2000)).toBe(true);
      // The tab that changed the password stays connected and is not told to leave.
      await t.deps.bus.publish({ userId: p.id }, { type: 'profile.changed', userId: p.id });
      expect((await thisTab.next(2000)).event).toBe('profile.changed');

      expect((await t.signInResponse(p.email, p.password)).status).toBe(401);
      await t.signIn(p.email, 'brand-new-password');
    });

    it("leaves other people's sessions alone", async () => {
      const p = await person();
      const bystander = await person();
      const response = await send('POST', '/api/settings/password', p.cookie, {
        newPassword: 'another-new-one',
        confirmPassword: 'another-new-one',
      });
      expect(response.status).toBe(200);
      expect((await me(bystander.cookie)).status).toBe(200);
      await t.signIn(bystander.email, bystander.password);
    });
  });
});
