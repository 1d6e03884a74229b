import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, session, user } from '#server/db/schema';
import type { SessionItem } from '#shared/schemas/settings';
import { readSse, type SseMessage } from '#test-support/sse';
import {
  createTestApp,
  sessionTokenFromCookie,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';

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
        emailFrequency: 'immediately',
        // No SMTP_URL in tests: Settings says notification emails cannot leave.
        emailEnabled: false,
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

    it('saves how notification emails come: one daily summary, then as they happen again', async () => {
      const p = await person();
      const daily = await send('PUT', '/api/settings/notifications', p.cookie, { emailFrequency: 'daily' });
      expect(daily.status).toBe(200);
      expect(await settingsOf(p.cookie)).toMatchObject({ emailFrequency: 'daily', emailNotifications: true });
      await send('PUT', '/api/settings/notifications', p.cookie, { emailFrequency: 'immediately' });
      const [row] = await t.db.select().from(user).where(eq(user.id, p.id));
      expect(row!.emailFrequency).toBe('immediately');
    });

    it.each([
      [{}, 'Choose a notification preference to save'],
      [{ emailNotifications: 'off' }, 'emailNotifications must be true or false'],
      [{ donationAlerts: null, partnerUpdates: false }, 'donationAlerts must be true or false'],
      [{ emailFrequency: 'weekly' }, 'Choose how often notification emails come'],
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
    /** Stands for the person's real current password, which each test's own account has. */
    const CURRENT = { currentPassword: '<the current password>' };
    const passwordHash = async (userId: string) =>
      (await t.db.select({ password: account.password }).from(account).where(eq(account.userId, userId)))[0]!.password;

    it.each([
      [{ newPassword: 'abcdef', confirmPassword: 'abcdef' }, 'Please enter your current password'],
      [{ currentPassword: '', newPassword: 'abcdef', confirmPassword: 'abcdef' }, 'Please enter your current password'],
      [{ ...CURRENT, newPassword: 'abcdef', confirmPassword: 'abcdeg' }, 'Passwords do not match'],
      [{ ...CURRENT, newPassword: 'abc', confirmPassword: 'abd' }, 'Passwords do not match'],
      [{ ...CURRENT, newPassword: 'abc', confirmPassword: 'abc' }, 'Password must be at least 6 characters'],
      [{ ...CURRENT, newPassword: '', confirmPassword: '' }, 'Password must be at least 6 characters'],
      [
        { ...CURRENT, newPassword: 'x'.repeat(129), confirmPassword: 'x'.repeat(129) },
        'Password must be at most 128 characters',
      ],
      [
        { currentPassword: 'not-it', newPassword: 'abcdefg', confirmPassword: 'abcdefg' },
        'Your current password is not right',
      ],
      [{ ...CURRENT, confirmPassword: 'abcdef' }, 'Please enter a new password'],
      // After a temporary password, the one the admin knows must not stay by being chosen again.
      [
        { ...CURRENT, newPassword: CURRENT.currentPassword, confirmPassword: CURRENT.currentPassword },
        'Choose a new password that is not the same as the current one',
      ],
    ])('refuses %j with 400 "%s" and keeps the old password and sessions', async (body, message) => {
      const p = await person();
      const other = await t.signIn(p.email, p.password);
      const before = await passwordHash(p.id);
      const given = Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, value === CURRENT.currentPassword ? p.password : value]),
      );
      const response = await send('POST', '/api/settings/password', p.cookie, given);
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
        currentPassword: p.password,
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
        currentPassword: p.password,
        newPassword: 'another-new-one',
        confirmPassword: 'another-new-one',
      });
      expect(response.status).toBe(200);
      expect((await me(bystander.cookie)).status).toBe(200);
      await t.signIn(bystander.email, bystander.password);
    });
  });

  describe('password change throttle', () => {
    it('counts wrong current passwords like wrong sign-ins: after five, a wait', async () => {
      const p = await person();
      const wrong = { currentPassword: 'not-it', newPassword: 'abcdefg', confirmPassword: 'abcdefg' };
      for (let i = 0; i < 5; i += 1) {
        expect((await send('POST', '/api/settings/password', p.cookie, wrong)).status).toBe(400);
      }
      const refused = await send('POST', '/api/settings/password', p.cookie, {
        ...wrong,
        currentPassword: p.password,
      });
      expect(refused.status).toBe(429);
      expect(((await refused.json()) as { error: string }).error).toMatch(
        /^Too many wrong passwords\. Please wait \d+ seconds/,
      );
    });
  });

  describe('sessions', () => {
    const CHROME_ON_WINDOWS =
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0.0.0 Safari/537.36';
    const sessionsOf = async (cookie: string) => {
      const response = await t.request('/api/settings/sessions', { headers: { cookie } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { sessions: SessionItem[] }).sessions;
    };
    const secondDevice = async (p: TestUser) => {
      const response = await t.postJson(
        '/api/auth/sign-in/email',
        { email: p.email, password: p.password },
        { 'user-agent': CHROME_ON_WINDOWS },
      );
      expect(response.status).toBe(200);
      return response.headers.get('set-cookie')!.split(';')[0]!;
    };

    it("lists the person's own sessions, this device first, with the browser and system", async () => {
      const p = await person();
      const other = await secondDevice(p);
      const bystander = await person();
      const listed = await sessionsOf(p.cookie);
      expect(listed).toHaveLength(2);
      expect(listed[0]!.current).toBe(true);
      expect(listed[1]).toMatchObject({ current: false, device: 'Chrome 141 on Windows' });
      expect((await sessionsOf(other)).find((s) => s.current)!.id).toBe(listed[1]!.id);
      expect((await sessionsOf(bystander.cookie)).map((s) => s.id)).not.toContain(listed[1]!.id);
    });

    it("ends one other session, whose open tab is told at once; not the one in use, nor anyone else's", async () => {
      const p = await person();
      const other = await secondDevice(p);
      const otherTab = await openStream(other);
      const [current, second] = await sessionsOf(p.cookie);

      const own = await t.sendJson('DELETE', `/api/settings/sessions/${current!.id}`, undefined, { cookie: p.cookie });
      expect(own.status).toBe(400);
      const bystander = await person();
      const foreign = await t.sendJson('DELETE', `/api/settings/sessions/${second!.id}`, undefined, {
        cookie: bystander.cookie,
      });
      expect(foreign.status).toBe(404);
      expect((await me(other)).status).toBe(200);

      const ended = await t.sendJson('DELETE', `/api/settings/sessions/${second!.id}`, undefined, { cookie: p.cookie });
      expect(ended.status).toBe(200);
      expect((await otherTab.next(2000)).event).toBe('sessions.ended');
      expect((await me(other)).status).toBe(401);
      expect((await me(p.cookie)).status).toBe(200);
      const again = await t.sendJson('DELETE', `/api/settings/sessions/${second!.id}`, undefined, { cookie: p.cookie });
      expect(again.status).toBe(404);
    });

    it('ends every other session and keeps this one', async () => {
      const p = await person();
      const a = await secondDevice(p);
      const b = await secondDevice(p);
      const response = await t.sendJson('POST', '/api/settings/sessions/end-others', undefined, { cookie: p.cookie });
      expect(await response.json()).toEqual({ ended: 2 });
      expect((await me(a)).status).toBe(401);
      expect((await me(b)).status).toBe(401);
      expect((await sessionsOf(p.cookie)).map((s) => s.current)).toEqual([true]);
    });
  });
});
