import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { session, signInThrottle } from '../db/schema';
import { createDeps } from '../deps';
import { loadConfig } from '../env';
import type { AppDeps } from '../http/app-env';
import { listenOnLoopback } from '#test-support/http-server';
import {
  cookieHeader,
  createTestApp,
  sessionTokenFromCookie,
  silentLogger,
  testDatabaseTargets,
  TEST_BASE_URL,
  type TestApp,
  type TestUser,
} from '#test-support/test-database';
import { CLIENT_IP_HEADER } from './client-ip';
import { accountKey, addressKey, pruneExpiredCounters, reserveAttempt, THROTTLE_RULES } from './sign-in-throttle';

const ACCOUNT_FREE = THROTTLE_RULES.account.freeFailures;
const ADDRESS_FREE = THROTTLE_RULES.address.freeFailures;
/** Requests made in-process (app.request) have no socket and share this client address. */
const IN_PROCESS = 'unknown';
const TOO_MANY = /^Too many failed sign-in attempts\. Please wait \d+ seconds and try again\.$/;

describe.each(testDatabaseTargets())('sign-in throttle on $name', (target) => {
  let t: TestApp;
  let pastor: TestUser;
  let helper: TestUser;

  beforeAll(async () => {
    // Requests from 127.0.0.1 (the real-HTTP tests below) may name the client in X-Forwarded-For.
    t = await createTestApp(target, { TRUSTED_PROXIES: '127.0.0.1' });
    pastor = await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
    helper = await t.createUser({ email: 'helper@example.org', password: 'helper-secret' });
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(async () => {
    await t.db.delete(signInThrottle);
  });

  async function fail(email: string, times: number, send = t.signInResponse) {
    for (let i = 0; i < times; i++) {
      const response = await send(email, 'wrong-password');
      expect(response.status, `failure ${i + 1} for ${email}`).toBe(401);
    }
  }

  async function expectThrottled(response: Response) {
    expect(response.status).toBe(429);
    const retryAfter = Number(response.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(THROTTLE_RULES.account.delaySeconds);
    const body = (await response.json()) as { message: string };
    expect(body.message).toMatch(TOO_MANY);
    expect(body.message).toContain(`wait ${retryAfter} seconds`);
    expect(response.headers.getSetCookie()).toEqual([]);
  }

  describe('per account', () => {
    it(`refuses the attempt after ${ACCOUNT_FREE} failures, even with the right password`, async () => {
      await fail(pastor.email, ACCOUNT_FREE);
      await expectThrottled(await t.signInResponse(pastor.email, pastor.password));
    });

    it('still lets another account sign in from the same address', async () => {
      await fail(pastor.email, ACCOUNT_FREE);
      await expectThrottled(await t.signInResponse(pastor.email, pastor.password));
      expect((await t.signInResponse(helper.email, helper.password)).status).toBe(200);
    });

    it('counts an account however its email is capitalised', async () => {
      await fail('PASTOR@example.org', 3);
      await fail('Pastor@Example.Org', ACCOUNT_FREE - 3);
      await expectThrottled(await t.signInResponse(pastor.email, pastor.password));
    });

    it('throttles unknown accounts the same way (no hint which accounts exist)', async () => {
      await fail('nobody@example.org', ACCOUNT_FREE);
      await expectThrottled(await t.signInResponse('nobody@example.org', 'another-guess'));
    });

    it('does not count malformed requests as failures', async () => {
      for (let i = 0; i < ACCOUNT_FREE + 2; i++) {
        expect((await t.postJson('/api/auth/sign-in/email', { email: pastor.email })).status).toBe(400);
      }
      expect((await t.signInResponse(pastor.email, pastor.password)).status).toBe(200);
    });

    it("resets the account's count on a successful sign-in", async () => {
      await fail(pastor.email, ACCOUNT_FREE - 1);
      expect((await t.signInResponse(pastor.email, pastor.password)).status).toBe(200);
      expect(
        await t.db
          .select()
          .from(signInThrottle)
          .where(eq(signInThrottle.key, accountKey(pastor.email, IN_PROCESS))),
      ).toEqual([]);
      // A fresh allowance: without the reset the next failure would already be refused.
      await fail(pastor.email, ACCOUNT_FREE - 1);
      expect((await t.signInResponse(pastor.email, pastor.password)).status).toBe(200);
    });

    it('lets the account try again once the delay after the last failure has passed', async () => {
      await fail(pastor.email, ACCOUNT_FREE);
      await expectThrottled(await t.signInResponse(pastor.email, 'wrong-password'));

      const delayAgo = new Date(Date.now() - (THROTTLE_RULES.account.delaySeconds + 1) * 1000);
      await t.db
        .update(signInThrottle)
        .set({ lastFailureAt: delayAgo })
        .where(eq(signInThrottle.key, accountKey(pastor.email, IN_PROCESS)));

      // One more guess is allowed; failing it starts the delay again.
      expect((await t.signInResponse(pastor.email, 'wrong-password')).status).toBe(401);
      await expectThrottled(await t.signInResponse(pastor.email, pastor.password));

      await t.db
        .update(signInThrottle)
        .set({ lastFailureAt: delayAgo })
        .where(eq(signInThrottle.key, accountKey(pastor.email, IN_PROCESS)));
      expect((await t.signInResponse(pastor.email, pastor.password)).status).toBe(200);
    });

    it('counts in time: waits shrink with time and the window starts over after it expires', async () => {
      const start = new Date('2026-03-01T09:00:00Z');
      const later = (seconds: number) => new Date(start.getTime() + seconds * 1000);
      const email = 'timed@example.org';
      const ip = '203.0.113.50';
      const wrongPassword = async (now: Date) => {
        const attempt = await reserveAttempt(t.db, email, ip, now);
        if (!attempt.allowed) throw new Error(`refused at ${now.toISOString()}`);
        await attempt.settle('wrong-password');
      };
      const waitAt = async (now: Date) => {
        const attempt = await reserveAttempt(t.db, email, ip, now);
        if (!attempt.allowed) return attempt.waitSeconds;
        await attempt.settle('not-counted');
        return 0;
      };
      for (let i = 0; i < ACCOUNT_FREE - 1; i++) await wrongPassword(start);
      expect(await waitAt(start)).toBe(0);

      await wrongPassword(later(10));
      const delay = THROTTLE_RULES.account.delaySeconds;
      expect(await waitAt(later(10))).toBe(delay);
      expect(await waitAt(later(15))).toBe(delay - 5);
      expect(await waitAt(later(10 + delay))).toBe(0);

      // A failure after the window has expired counts as the first of a new window.
      const afterWindow = later(THROTTLE_RULES.windowMinutes * 60 + 1);
      await wrongPassword(afterWindow);
      const [row] = await t.db
        .select()
        .from(signInThrottle)
        .where(eq(signInThrottle.key, accountKey(email, ip)));
      expect(row).toMatchObject({ failures: 1, windowStartedAt: afterWindow, lastFailureAt: afterWindow });
      expect(await waitAt(afterWindow)).toBe(0);
    });

    it('holds against a burst of parallel guesses: only the free allowance reaches the password check', async () => {
      const burst = await Promise.all(
        Array.from({ length: 20 }, () => t.signInResponse(pastor.email, 'wrong-password')),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(ACCOUNT_FREE);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20 - ACCOUNT_FREE);
      const [row] = await t.db
        .select()
        .from(signInThrottle)
        .where(eq(signInThrottle.key, accountKey(pastor.email, IN_PROCESS)));
      expect(row?.failures).toBe(ACCOUNT_FREE);
    });

    it('a refused attempt changes no counter, and a refusal by address leaves the account untouched', async () => {
      await fail(pastor.email, ACCOUNT_FREE);
      const before = await t.db.select().from(signInThrottle).orderBy(signInThrottle.key);
      await expectThrottled(await t.signInResponse(pastor.email, 'wrong-password'));
      expect(await t.db.select().from(signInThrottle).orderBy(signInThrottle.key)).toEqual(before);

      const ip = '203.0.113.77';
      await t.db.insert(signInThrottle).values({
        key: addressKey(ip),
        failures: THROTTLE_RULES.address.freeFailures,
        windowStartedAt: new Date(),
        lastFailureAt: new Date(),
      });
      const attempt = await reserveAttempt(t.db, helper.email, ip);
      expect(attempt.allowed).toBe(false);
      expect(
        await t.db
          .select()
          .from(signInThrottle)
          .where(eq(signInThrottle.key, accountKey(helper.email, IN_PROCESS))),
      ).toEqual([]);
    });
  });

  it('prunes counters whose window has expired and keeps live ones', async () => {
    const now = new Date();
    const expired = new Date(now.getTime() - (THROTTLE_RULES.windowMinutes * 60 + 1) * 1000);
    await t.db.insert(signInThrottle).values([
      { key: accountKey('old@example.org', IN_PROCESS), failures: 3, windowStartedAt: expired, lastFailureAt: expired },
      { key: accountKey('live@example.org', IN_PROCESS), failures: 3, windowStartedAt: now, lastFailureAt: now },
    ]);
    expect(await pruneExpiredCounters(t.db, now)).toBe(1);
    const keys = (await t.db.select({ key: signInThrottle.key }).from(signInThrottle)).map((r) => r.key);
    expect(keys).toEqual([accountKey('live@example.org', IN_PROCESS)]);
  });

  describe('per address (real HTTP, client named by a trusted proxy)', () => {
    let server: Awaited<ReturnType<typeof listenOnLoopback>>;
    beforeAll(async () => {
      server = await listenOnLoopback(t.app);
    });
    afterAll(async () => {
      await server?.close();
    });

    const from =
      (clientIp: string, extraHeaders: Record<string, string> = {}) =>
      (email: string, password: string) =>
        fetch(`${server.url}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            origin: TEST_BASE_URL,
            'x-forwarded-for': clientIp,
            ...extraHeaders,
          },
          body: JSON.stringify({ email, password }),
        });

    /** Failures spread so that no single account reaches its own limit. */
    async function failFromAddress(clientIp: string, failures: number, prefix: string) {
      const perAccount = ACCOUNT_FREE - 1;
      for (let i = 0; i < failures; i++) {
        await fail(`${prefix}-${Math.floor(i / perAccount)}@example.org`, 1, from(clientIp));
      }
    }

    it(`blocks an address after ${ADDRESS_FREE} failures over many accounts, not other addresses`, async () => {
      await failFromAddress('198.51.100.7', ADDRESS_FREE, 'spray');

      await expectThrottled(await from('198.51.100.7')(helper.email, helper.password));
      expect((await from('198.51.100.8')(helper.email, helper.password)).status).toBe(200);
      // The blocked address did not use up the account's own allowance.
      expect(
        await t.db
          .select()
          .from(signInThrottle)
          .where(eq(signInThrottle.key, accountKey(helper.email, '198.51.100.7'))),
      ).toEqual([]);
    });

    it('never makes the next person wait after a success, even at the address limit (issue 26)', async () => {
      // Everyone behind one proxy shares an address: thirty bad guesses by anyone, then one good sign-in.
      await failFromAddress('198.51.100.20', ADDRESS_FREE, 'shared');
      const office = from('198.51.100.20');
      // The address is at its limit now: the next person is asked to wait, as before...
      await expectThrottled(await office(helper.email, helper.password));
      const allowedAgain = new Date(Date.now() - (THROTTLE_RULES.address.delaySeconds + 1) * 1000);
      await t.db
        .update(signInThrottle)
        .set({ lastFailureAt: allowedAgain })
        .where(eq(signInThrottle.key, addressKey('198.51.100.20')));
      // ...until the delay has passed; then a success does not start the delay again.
      expect((await office(helper.email, helper.password)).status).toBe(200);
      expect((await office(pastor.email, pastor.password)).status).toBe(200);
    });

    it('does not let a guesser elsewhere keep the owner out (issue 26: one wrong password every 20 s locked the account)', async () => {
      const attacker = from('203.0.113.66');
      for (let round = 0; round < 3; round++) {
        await fail(helper.email, round === 0 ? ACCOUNT_FREE : 1, attacker);
        await expectThrottled(await attacker(helper.email, helper.password));
        // The owner, from where they work, signs in at once every time.
        expect((await from('198.51.100.30')(helper.email, helper.password)).status).toBe(200);
        await t.db
          .update(signInThrottle)
          .set({ lastFailureAt: new Date(Date.now() - 21_000) })
          .where(eq(signInThrottle.key, accountKey(helper.email, '203.0.113.66')));
      }
    });

    it(`slows guessers spread over many addresses after ${THROTTLE_RULES.accountEverywhere.freeFailures} failures, but not the owner's own address`, async () => {
      expect((await from('198.51.100.31')(helper.email, helper.password)).status).toBe(200);
      const spread = THROTTLE_RULES.accountEverywhere.freeFailures;
      for (let i = 0; i < spread; i++) await fail(helper.email, 1, from(`203.0.113.${100 + i}`));
      // A new address is held back now, even with the right password...
      await expectThrottled(await from('203.0.113.250')(helper.email, helper.password));
      // ...but the address the owner signed in from before is not.
      expect((await from('198.51.100.31')(helper.email, helper.password)).status).toBe(200);
    });

    it("does not reset an address's count when one of its sign-ins succeeds", async () => {
      await failFromAddress('198.51.100.9', ADDRESS_FREE - 1, 'guess');
      expect((await from('198.51.100.9')(helper.email, helper.password)).status).toBe(200);
      await fail('guess-last@example.org', 1, from('198.51.100.9'));
      await expectThrottled(await from('198.51.100.9')(pastor.email, pastor.password));
    });

    it('records the real client address on the session, whatever the client claims', async () => {
      const response = await from('198.51.100.20', { [CLIENT_IP_HEADER]: '6.6.6.6' })(helper.email, helper.password);
      expect(response.status).toBe(200);
      const token = sessionTokenFromCookie(cookieHeader(response));
      const [row] = await t.db.select({ ip: session.ipAddress }).from(session).where(eq(session.token, token));
      expect(row?.ip).toBe('198.51.100.20');
    });

    describe('without a trusted proxy', () => {
      let direct: { deps: AppDeps; server: Awaited<ReturnType<typeof listenOnLoopback>> };
      beforeAll(async () => {
        // A second instance on the same database that trusts no proxy.
        const config = loadConfig({ DATA_DIR: t.deps.config.DATA_DIR, BASE_URL: TEST_BASE_URL, LOG_LEVEL: 'silent' });
        const deps = await createDeps(config, t.deps.database, silentLogger);
        direct = { deps, server: await listenOnLoopback(createApp(deps)) };
      });
      afterAll(async () => {
        await direct?.server.close();
        await direct?.deps.bus.stop();
      });

      it('ignores X-Forwarded-For, so made-up addresses do not escape the limit', async () => {
        const send = (email: string, password: string, claimed: string) =>
          fetch(`${direct.server.url}/api/auth/sign-in/email`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-forwarded-for': claimed },
            body: JSON.stringify({ email, password }),
          });
        for (let i = 0; i < ADDRESS_FREE; i++) {
          const response = await send(`spoof-${Math.floor(i / 4)}@example.org`, 'wrong-password', `192.0.2.${i + 1}`);
          expect(response.status).toBe(401);
        }
        await expectThrottled(await send(helper.email, helper.password, '192.0.2.200'));
        const rows = await t.db
          .select({ key: signInThrottle.key })
          .from(signInThrottle)
          .where(sql`${signInThrottle.key} like 'address:%'`);
        expect(rows.map((r) => r.key)).toEqual(['address:127.0.0.1']);
      });
    });
  });
});
