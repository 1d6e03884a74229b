import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '#server/app';
import { THROTTLE_RULES } from '#server/auth/sign-in-throttle';
import type { Database } from '#server/db/client';
import { signInThrottle } from '#server/db/schema';
import { createDeps } from '#server/deps';
import type { AppDeps } from '#server/http/app-env';
import { listenOnLoopback } from '#test-support/http-server';
import {
  closeSecondHandle,
  createTestApp,
  openSecondHandle,
  silentLogger,
  testDatabaseTargets,
  TEST_BASE_URL,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';

/**
 * Sign-in guessing against two portal instances sharing one database (issue 9, decision
 * 0003): attempts alternate between the instances and the limits still hold, while other
 * people keep signing in. On PostgreSQL the second instance has its own connection pool, as a
 * second process would; PGlite is single-process by design, so there both instances share the
 * one embedded database inside this process.
 */

const ACCOUNT_FREE = THROTTLE_RULES.account.freeFailures;
const ADDRESS_FREE = THROTTLE_RULES.address.freeFailures;
const EVERYWHERE_FREE = THROTTLE_RULES.accountEverywhere.freeFailures;

const instancesOn = (name: string) =>
  name === 'postgres'
    ? 'two instances with their own connections to one PostgreSQL database'
    : 'two app instances in one process on one PGlite database (PGlite has no second process)';

describe.each(testDatabaseTargets())('sign-in brute force on $name', (target) => {
  let t: TestApp;
  let second: { database: Database; deps: AppDeps };
  let servers: Awaited<ReturnType<typeof listenOnLoopback>>[] = [];
  let victim: TestUser;
  let bystander: TestUser;

  beforeAll(async () => {
    t = await createTestApp(target, { TRUSTED_PROXIES: '127.0.0.1' });
    const database = await openSecondHandle(t.opened);
    second = { database, deps: await createDeps(t.deps.config, database, silentLogger) };
    servers = [await listenOnLoopback(t.app), await listenOnLoopback(createApp(second.deps))];
    victim = await t.createUser({ email: 'victim@example.org', password: 'victim-secret', role: 'admin' });
    bystander = await t.createUser({ email: 'bystander@example.org', password: 'bystander-secret' });
  });
  afterAll(async () => {
    for (const server of servers) await server.close();
    if (second) {
      await second.deps.bus.stop();
      await closeSecondHandle(t.opened, second.database);
    }
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(signInThrottle);
  });

  /** Sign-in through instance `instance` (0 or 1), as the client at `clientIp` behind the proxy. */
  const signIn = (instance: number, clientIp: string, email: string, password: string) =>
    fetch(`${servers[instance]!.url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: TEST_BASE_URL, 'x-forwarded-for': clientIp },
      body: JSON.stringify({ email, password }),
    });

  describe(instancesOn(target.name), () => {
    it(`holds the per-account limit (${ACCOUNT_FREE} failures from one address) across both instances`, async () => {
      for (let i = 0; i < ACCOUNT_FREE; i++) {
        const response = await signIn(i % 2, '203.0.113.1', victim.email, 'wrong-password');
        expect(response.status, `guess ${i + 1}`).toBe(401);
      }
      // Even the right password, on either instance, from that address, is refused now.
      for (const instance of [0, 1]) {
        const refused = await signIn(instance, '203.0.113.1', victim.email, victim.password);
        expect(refused.status).toBe(429);
        expect(refused.headers.getSetCookie()).toEqual([]);
      }
      // Nobody else is locked out: the owner elsewhere, and another account, sign in on both instances.
      for (const instance of [0, 1]) {
        expect((await signIn(instance, '198.51.100.60', victim.email, victim.password)).status).toBe(200);
        expect((await signIn(instance, '198.51.100.50', bystander.email, bystander.password)).status).toBe(200);
      }
    });

    it(`holds the account-wide limit (${EVERYWHERE_FREE} failures) across both instances and any new addresses`, async () => {
      for (let i = 0; i < EVERYWHERE_FREE; i++) {
        const response = await signIn(i % 2, `203.0.113.${i + 1}`, victim.email, 'wrong-password');
        expect(response.status, `guess ${i + 1}`).toBe(401);
      }
      for (const instance of [0, 1]) {
        const refused = await signIn(instance, '203.0.113.99', victim.email, victim.password);
        expect(refused.status).toBe(429);
      }
    });

    it(`holds the per-address limit (${ADDRESS_FREE} failures) across both instances and many accounts`, async () => {
      const perAccount = ACCOUNT_FREE - 1;
      for (let i = 0; i < ADDRESS_FREE; i++) {
        const email = `spray-${Math.floor(i / perAccount)}@example.org`;
        expect((await signIn(i % 2, '203.0.113.200', email, 'wrong-password')).status, `guess ${i + 1}`).toBe(401);
      }
      for (const instance of [0, 1]) {
        expect((await signIn(instance, '203.0.113.200', bystander.email, bystander.password)).status).toBe(429);
      }
      // The same person from another address, and another account, are not affected.
      expect((await signIn(1, '198.51.100.51', bystander.email, bystander.password)).status).toBe(200);
      expect((await signIn(0, '198.51.100.52', victim.email, victim.password)).status).toBe(200);
    });

    it('lets only the free allowance of a parallel burst, split over both instances, reach the password check', async () => {
      // From one address: its account allowance. From many: the account-wide one.
      const fromOne = await Promise.all(
        Array.from({ length: 12 }, (_, i) => signIn(i % 2, '203.0.113.77', victim.email, 'wrong-password')),
      );
      expect(fromOne.filter((r) => r.status === 401)).toHaveLength(ACCOUNT_FREE);
      expect(fromOne.filter((r) => r.status === 429)).toHaveLength(12 - ACCOUNT_FREE);
      const fromMany = await Promise.all(
        Array.from({ length: 30 }, (_, i) => signIn(i % 2, `203.0.113.${100 + i}`, victim.email, 'wrong-password')),
      );
      // The one address's failures count account-wide too.
      expect(fromMany.filter((r) => r.status === 401)).toHaveLength(EVERYWHERE_FREE - ACCOUNT_FREE);
      expect(fromMany.filter((r) => r.status === 429)).toHaveLength(30 - (EVERYWHERE_FREE - ACCOUNT_FREE));
      expect((await signIn(1, '198.51.100.53', bystander.email, bystander.password)).status).toBe(200);
    });
  });
});
