import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coordinatorPermissions } from '../db/schema';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import type { AppEnv } from './app-env';
import { requireFeature } from './require';
import { sessionMiddleware } from './session';

const SECRET_PARTNERS = [{ name: 'Grace Fellowship', email: 'giving@grace.example' }];

/**
 * No feature router exists yet, so the test mounts one the way app.ts mounts features: behind
 * the real session middleware, guarded by requireFeature. Every other path falls through to
 * the real app.
 */
function withPartnersRoute(t: TestApp) {
  const partners = new Hono<AppEnv>()
    .use('*', sessionMiddleware)
    .get('/', requireFeature('partners'), (c) => c.json({ partners: SECRET_PARTNERS, role: c.var.access!.role }));
  return new Hono<AppEnv>()
    .use('*', async (c, next) => {
      c.set('deps', t.deps);
      await next();
    })
    .route('/api/test-partners', partners)
    .route('/', t.app);
}

describe.each(testDatabaseTargets())('feature guards on $name', (target) => {
  let t: TestApp;
  let app: ReturnType<typeof withPartnersRoute>;
  let admin: TestUser;
  let coordinator: TestUser;
  let blockedCoordinator: TestUser;
  let cookies: Record<'admin' | 'coordinator' | 'blocked', string>;

  beforeAll(async () => {
    t = await createTestApp(target);
    app = withPartnersRoute(t);
    admin = await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    coordinator = await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
    blockedCoordinator = await t.createUser({ email: 'no-partners@example.org', password: 'blocked-secret' });
    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: blockedCoordinator.id, feature: 'partners', enabled: false });
    // A row switching partners off for the admin must change nothing: admins hold everything.
    await t.db.insert(coordinatorPermissions).values({ userId: admin.id, feature: 'partners', enabled: false });
    cookies = {
      admin: await t.signIn(admin.email, admin.password),
      coordinator: await t.signIn(coordinator.email, coordinator.password),
      blocked: await t.signIn(blockedCoordinator.email, blockedCoordinator.password),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  const getPartners = (cookie?: string) => app.request('/api/test-partners', { headers: cookie ? { cookie } : {} });

  it('answers 401 without a session', async () => {
    const response = await getPartners();
    expect(response.status).toBe(401);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'Not authenticated' });
    expect(text).not.toContain('Grace Fellowship');
  });

  it('answers 401 for a signed-out session', async () => {
    const cookie = await t.signIn(coordinator.email, coordinator.password);
    expect((await getPartners(cookie)).status).toBe(200);
    expect((await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } })).status).toBe(200);
    expect((await getPartners(cookie)).status).toBe(401);
  });

  it('answers 403 with no data to a coordinator whose partners switch is off', async () => {
    const response = await getPartners(cookies.blocked);
    expect(response.status).toBe(403);
    const text = await response.text();
    expect(JSON.parse(text)).toEqual({ error: 'You do not have permission to do this.' });
    expect(text).not.toContain('Grace Fellowship');
  });

  it('lets a coordinator without permission rows through', async () => {
    const response = await getPartners(cookies.coordinator);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ partners: SECRET_PARTNERS, role: 'coordinator' });
  });

  it('lets an admin through', async () => {
    const response = await getPartners(cookies.admin);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ partners: SECRET_PARTNERS, role: 'admin' });
  });

  it('shows partners false in /api/me for the blocked coordinator', async () => {
    const response = await app.request('/api/me', { headers: { cookie: cookies.blocked } });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { role: string; permissions: Record<string, boolean> };
    expect(body.role).toBe('coordinator');
    expect(body.permissions.partners).toBe(false);
    expect(body.permissions.dashboard).toBe(true);
    expect(body.permissions.settings).toBe(true);
    expect(body.permissions.user_management).toBe(false);
  });

  it('applies a permission change to the next request, without signing in again', async () => {
    const user = await t.createUser({ email: 'changing@example.org', password: 'changing-secret' });
    const cookie = await t.signIn(user.email, user.password);
    expect((await getPartners(cookie)).status).toBe(200);

    await t.db.insert(coordinatorPermissions).values({ userId: user.id, feature: 'partners', enabled: false });
    expect((await getPartners(cookie)).status).toBe(403);

    await t.db
      .insert(coordinatorPermissions)
      .values({ userId: user.id, feature: 'partners', enabled: true })
      .onConflictDoUpdate({
        target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
        set: { enabled: true },
      });
    expect((await getPartners(cookie)).status).toBe(200);
  });

  it('still answers unknown API paths with 404 behind the test route', async () => {
    const response = await app.request('/api/no-such-thing', { headers: { cookie: cookies.admin } });
    expect(response.status).toBe(404);
  });
});
