import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { account, session, user } from '../db/schema';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import { FEATURES } from '#shared/permissions';
import {
  closeSecondHandle,
  cookieHeader,
  createTestApp,
  openSecondHandle,
  SESSION_COOKIE,
  sessionTokenFromCookie,
  silentLogger,
  testDatabaseTargets,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';
import { sessionCookieName } from './auth';
import { countUsers, findUserByEmail } from './users';

const DAY_MS = 24 * 60 * 60 * 1000;
const sessionToken = sessionTokenFromCookie;

describe.each(testDatabaseTargets())('authentication on $name', (target) => {
  let t: TestApp;
  let admin: TestUser;
  let coordinator: TestUser;

  beforeAll(async () => {
    t = await createTestApp(target);
    admin = await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    coordinator = await t.createUser({ email: 'helper@example.org', password: 'helper-secret' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const me = (cookie?: string) => t.request('/api/me', { headers: cookie ? { cookie } : {} });
  const sessionsOf = (userId: string) => t.db.select().from(session).where(eq(session.userId, userId));

  describe('sign-in', () => {
    it('sets an HttpOnly, SameSite=Lax session cookie', async () => {
      const response = await t.signInResponse(admin.email, admin.password);
      expect(response.status).toBe(200);
      const cookies = response.headers.getSetCookie();
      const sessionCookie = cookies.find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(sessionCookie).toBeDefined();
      const attributes = sessionCookie!.split(';').map((a) => a.trim().toLowerCase());
      expect(attributes).toContain('httponly');
      expect(attributes).toContain('samesite=lax');
      expect(attributes).toContain('path=/');
      // Plain HTTP (BASE_URL http://localhost:3000): a Secure cookie would never come back.
      expect(attributes).not.toContain('secure');
      expect(sessionCookie).not.toMatch(/^__(Host|Secure)-/);
    });

    it('answers with the user only: the session token stays in the httpOnly cookie', async () => {
      const response = await t.signInResponse(admin.email, admin.password);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ user: { id: admin.id, email: admin.email, name: '' } });
      expect(text).not.toContain(sessionToken(cookieHeader(response)));
    });

    it('lets /api/me answer with the user, the admin role and every permission', async () => {
      const cookie = await t.signIn(admin.email, admin.password);
      const response = await me(cookie);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        user: { id: admin.id, email: admin.email, name: '', displayName: null },
        role: 'admin',
        permissions: Object.fromEntries(FEATURES.map((f) => [f, true])),
        setup: null,
      });
    });

    it('treats the email case-insensitively', async () => {
      const cookie = await t.signIn('Helper@Example.ORG', coordinator.password);
      expect(((await (await me(cookie)).json()) as { user: { id: string } }).user.id).toBe(coordinator.id);
    });

    it('answers a wrong password with 401 and a readable message, and sets no cookie', async () => {
      const response = await t.signInResponse(admin.email, 'wrong-password');
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Invalid email or password' });
      expect(response.headers.getSetCookie()).toEqual([]);
    });

    it('answers an unknown email exactly like a wrong password', async () => {
      const response = await t.signInResponse('nobody@example.org', 'whatever-password');
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ message: 'Invalid email or password' });
    });

    it.each([
      [{ password: 'admin-secret' }, 'Email is required'],
      [{ email: 'pastor@example.org' }, 'Password is required'],
      [{ email: '', password: 'admin-secret' }, 'Email is required'],
      [{ email: 'pastor@example.org', password: '' }, 'Password is required'],
      [{}, 'Email is required'],
    ])('answers %j with 400 and "%s"', async (body, message) => {
      const response = await t.postJson('/api/auth/sign-in/email', body);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message });
    });

    it('answers a body that is not JSON with 400 and a readable message', async () => {
      const response = await t.request('/api/auth/sign-in/email', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: 'email=pastor@example.org',
      });
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: 'Email is required' });
    });

    it('stores the password as an argon2id hash with m=19456, t=2, p=1', async () => {
      const [row] = await t.db.select({ password: account.password }).from(account).where(eq(account.userId, admin.id));
      expect(row?.password).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]+\$[A-Za-z0-9+/]+$/);
      expect(row?.password).not.toContain(admin.password);
    });
  });

  describe('no public sign-up', () => {
    it('refuses POST /api/auth/sign-up/email with 404 and creates no user', async () => {
      const before = await countUsers(t.db);
      const response = await t.postJson('/api/auth/sign-up/email', {
        email: 'intruder@example.org',
        password: 'intruder-secret',
        name: 'Intruder',
      });
      expect(response.status).toBe(404);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(await countUsers(t.db)).toBe(before);
      expect(await findUserByEmail(t.db, 'intruder@example.org')).toBeUndefined();
    });

    it.each([
      ['POST', '/api/auth/request-password-reset'],
      ['POST', '/api/auth/reset-password'],
      ['POST', '/api/auth/change-email'],
      ['POST', '/api/auth/delete-user'],
      ['GET', '/api/auth/list-sessions'],
      ['GET', '/api/auth/get-session'],
      ['GET', '/api/auth/sign-in/email'],
    ])('keeps %s %s unreachable', async (method, path) => {
      const cookie = await t.signIn(admin.email, admin.password);
      const response = await t.request(path, {
        method,
        headers: { cookie, ...(method === 'POST' ? { 'content-type': 'application/json' } : {}) },
        body: method === 'POST' ? '{}' : undefined,
      });
      expect(response.status).toBe(404);
    });
  });

  describe('sessions', () => {
    it('answers /api/me with 401 without a session or with a forged cookie', async () => {
      expect((await me()).status).toBe(401);
      const cookie = await t.signIn(admin.email, admin.password);
      const forged = cookie.replace(/=([^.;]+)\./, '=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.');
      expect(forged).not.toBe(cookie);
      expect((await me(forged)).status).toBe(401);
      expect((await me(`${SESSION_COOKIE}=${sessionToken(cookie)}`)).status).toBe(401); // unsigned
    });

    it('keeps the session on reload (the same cookie again)', async () => {
      const cookie = await t.signIn(coordinator.email, coordinator.password);
      const first = await me(cookie);
      const second = await me(cookie);
      expect(first.status).toBe(200);
      expect(second.status).toBe(200);
      expect(await second.json()).toMatchObject({ user: { id: coordinator.id }, role: 'coordinator' });
      const [row] = await t.db
        .select()
        .from(session)
        .where(eq(session.token, sessionToken(cookie)));
      expect(row?.userId).toBe(coordinator.id);
    });

    it('refuses an expired session', async () => {
      const cookie = await t.signIn(coordinator.email, coordinator.password);
      await t.db
        .update(session)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(session.token, sessionToken(cookie)));
      expect((await me(cookie)).status).toBe(401);
    });

    it('extends a session in use (sliding expiry) and sends the refreshed cookie', async () => {
      const cookie = await t.signIn(coordinator.email, coordinator.password);
      const token = sessionToken(cookie);
      // As if signed in two days ago: five days left of seven.
      const fiveDaysLeft = new Date(Date.now() + 5 * DAY_MS);
      await t.db.update(session).set({ expiresAt: fiveDaysLeft }).where(eq(session.token, token));

      const response = await me(cookie);

      expect(response.status).toBe(200);
      const [row] = await t.db.select().from(session).where(eq(session.token, token));
      expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY_MS);
      expect(response.headers.getSetCookie().some((c) => c.startsWith(`${SESSION_COOKIE}=`))).toBe(true);
    });

    it('signs out: the session row is deleted, the cookie cleared, and the old cookie refused', async () => {
      const cookie = await t.signIn(coordinator.email, coordinator.password);
      const otherDevice = await t.signIn(coordinator.email, coordinator.password);
      const token = sessionToken(cookie);

      const response = await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } });

      expect(response.status).toBe(200);
      const cleared = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`));
      expect(cleared).toMatch(/^better-auth\.session_token=;.*Max-Age=0/i);
      expect(await t.db.select().from(session).where(eq(session.token, token))).toEqual([]);
      expect((await me(cookie)).status).toBe(401);
      // Signing out on one device leaves the others signed in.
      expect((await me(otherDevice)).status).toBe(200);
    });

    it('signs out with a JSON body too', async () => {
      const cookie = await t.signIn(coordinator.email, coordinator.password);
      const response = await t.postJson('/api/auth/sign-out', {}, { cookie });
      expect(response.status).toBe(200);
      expect((await me(cookie)).status).toBe(401);
    });

    it('honours a session on a second instance sharing the database', async () => {
      const cookie = await t.signIn(admin.email, admin.password);
      const secondDatabase = await openSecondHandle(t.opened);
      // No AUTH_SECRET configured: the second instance must find the same secret in the database.
      const secondDeps = await createDeps(t.deps.config, secondDatabase, silentLogger);
      try {
        const response = await createApp(secondDeps).request('/api/me', { headers: { cookie } });
        expect(response.status).toBe(200);
        expect(await response.json()).toMatchObject({ user: { id: admin.id }, role: 'admin' });
      } finally {
        await secondDeps.bus.stop();
        await closeSecondHandle(t.opened, secondDatabase);
      }
    });

    it('names the cookie __Host- and marks it Secure over HTTPS, reads it back, and clears it on sign-out', async () => {
      const origin = 'https://portal.example.org';
      const config = loadConfig({ DATA_DIR: t.deps.config.DATA_DIR, BASE_URL: origin, LOG_LEVEL: 'silent' });
      const httpsDeps = await createDeps(config, t.deps.database, silentLogger);
      try {
        const app = createApp(httpsDeps);
        const response = await app.request(`${origin}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', origin },
          body: JSON.stringify({ email: admin.email, password: admin.password }),
        });
        expect(response.status).toBe(200);
        const setCookies = response.headers.getSetCookie();
        expect(setCookies.every((c) => c.startsWith('__Host-'))).toBe(true);
        const sessionCookie = setCookies.find((c) => c.startsWith(`${sessionCookieName(origin)}=`));
        expect(sessionCookieName(origin)).toBe(`__Host-${SESSION_COOKIE}`);
        expect(sessionCookie).toBeDefined();
        const attributes = sessionCookie!.split(';').map((a) => a.trim().toLowerCase());
        expect(attributes).toEqual(expect.arrayContaining(['secure', 'httponly', 'samesite=lax', 'path=/']));
        // A __Host- cookie with a Domain attribute is dropped by browsers.
        expect(attributes.some((a) => a.startsWith('domain='))).toBe(false);

        const cookie = cookieHeader(response);
        const meResponse = await app.request(`${origin}/api/me`, { headers: { cookie } });
        expect(meResponse.status).toBe(200);
        // The plain name is not read over HTTPS: a cookie planted without the prefix is no session.
        const unprefixed = cookie.replace(/^__Host-/, '');
        expect((await app.request(`${origin}/api/me`, { headers: { cookie: unprefixed } })).status).toBe(401);

        const signOut = await app.request(`${origin}/api/auth/sign-out`, {
          method: 'POST',
          headers: { cookie, origin },
        });
        expect(signOut.status).toBe(200);
        const cleared = signOut.headers.getSetCookie().find((c) => c.startsWith(`${sessionCookieName(origin)}=`));
        expect(cleared).toMatch(/Max-Age=0/i);
        expect(cleared).toMatch(/Secure/);
        expect((await app.request(`${origin}/api/me`, { headers: { cookie } })).status).toBe(401);
      } finally {
        await httpsDeps.bus.stop();
      }
    });
  });

  describe('cross-site requests', () => {
    it('refuses a sign-in posted from another site, and creates no session', async () => {
      const before = (await sessionsOf(admin.id)).length;
      const response = await t.postJson(
        '/api/auth/sign-in/email',
        { email: admin.email, password: admin.password },
        { origin: 'https://evil.example' },
      );
      expect(response.status).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect((await sessionsOf(admin.id)).length).toBe(before);
    });

    it('refuses a sign-out posted from another site, and keeps the session', async () => {
      const cookie = await t.signIn(admin.email, admin.password);
      const response = await t.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { cookie, origin: 'https://evil.example' },
      });
      expect(response.status).toBe(403);
      expect((await me(cookie)).status).toBe(200);
    });

    it('refuses a request a browser marks as cross-site', async () => {
      const cookie = await t.signIn(admin.email, admin.password);
      const response = await t.app.request('/api/auth/sign-out', {
        method: 'POST',
        headers: { cookie, 'sec-fetch-site': 'cross-site' },
      });
      expect(response.status).toBe(403);
      expect((await me(cookie)).status).toBe(200);
    });

    it('accepts 127.0.0.1 for a portal configured as localhost (same machine)', async () => {
      const response = await t.postJson(
        '/api/auth/sign-in/email',
        { email: admin.email, password: admin.password },
        { origin: 'http://127.0.0.1:3000' },
      );
      expect(response.status).toBe(200);
    });
  });

  describe('/api/me', () => {
    it('never includes password hashes or tokens', async () => {
      const cookie = await t.signIn(admin.email, admin.password);
      const response = await me(cookie);
      const text = await response.text();
      const body = JSON.parse(text) as { user: Record<string, unknown> };

      expect(Object.keys(body).sort()).toEqual(['permissions', 'role', 'setup', 'user']);
      expect(Object.keys(body.user).sort()).toEqual(['displayName', 'email', 'id', 'name']);
      const [credential] = await t.db.select().from(account).where(eq(account.userId, admin.id));
      const [stored] = await t.db.select().from(user).where(eq(user.id, admin.id));
      expect(stored).toBeDefined();
      expect(text).not.toContain(credential!.password!);
      expect(text).not.toContain('$argon2');
      expect(text).not.toContain(sessionToken(cookie));
      expect(text).not.toMatch(/password|token|secret/i);
    });
  });
});
