import type { AsyncLocalStorage } from 'node:async_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, testDatabaseTargets, type TestApp, type TestUser } from '#test-support/test-database';
import { betterAuthStorages } from './better-auth-calls';

/**
 * After better-auth has answered, its AsyncLocalStorage instances are off again, so the rest of
 * the process does not pay for promise hooks (docs/decisions/0063). `enabled` is Node 20's own
 * flag on an AsyncLocalStorage: it is what switches the process-wide promise hooks.
 */
const enabled = (storage: AsyncLocalStorage<unknown>) => (storage as unknown as { enabled: boolean }).enabled;

describe.each(testDatabaseTargets())('better-auth calls on $name', (target) => {
  let t: TestApp;
  let coordinator: TestUser;

  beforeAll(async () => {
    t = await createTestApp(target);
    coordinator = await t.createUser({ email: 'helper@example.org', password: 'helper-secret' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('leaves its context storages off after a sign-in, a session check and a sign-out', async () => {
    const storages = await betterAuthStorages();
    expect(storages).toHaveLength(3);

    const cookie = await t.signIn(coordinator.email, coordinator.password);
    expect(storages.map(enabled)).toEqual([false, false, false]);

    // An unsigned cookie under the session cookie's name takes better-auth's own getSession.
    const { principal } = await t.deps.resolvePrincipal(
      new Headers({ cookie: 'better-auth.session_token=not-a-signed-token' }),
    );
    expect(principal).toBeNull();
    expect(storages.map(enabled)).toEqual([false, false, false]);

    const signOut = await t.request('/api/auth/sign-out', { method: 'POST', headers: { cookie } });
    expect(signOut.status).toBe(200);
    expect(storages.map(enabled)).toEqual([false, false, false]);
  });

  it('keeps the context of calls in flight while another one finishes', async () => {
    const others = await Promise.all(
      [1, 2, 3, 4].map((n) => t.createUser({ email: `overlap${n}@example.org`, password: `overlap-secret-${n}` })),
    );
    // Overlapping sign-ins and session checks: each one must still find its own context.
    const cookies = await Promise.all(others.map((user) => t.signIn(user.email, user.password)));
    const emails = await Promise.all(
      cookies.map(async (cookie) => {
        const response = await t.request('/api/me', { headers: { cookie } });
        return ((await response.json()) as { user?: { email: string } }).user?.email;
      }),
    );
    expect(emails).toEqual(others.map((user) => user.email));
    const storages = await betterAuthStorages();
    expect(storages.map(enabled)).toEqual([false, false, false]);
  });
});
