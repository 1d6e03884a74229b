import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInThrottle } from '../db/schema';

/**
 * Failed sign-ins are counted per account and per client address in the database, so the
 * limits hold across instances (docs/decisions/0003). Only failures count: an office of fifty
 * people behind one address signing in at 9 a.m. is never slowed, and one person's typos slow
 * only their own account (plus their address after many). Past the free allowance, each
 * further attempt must wait a delay after the last failure: a guesser gets about three tries
 * a minute.
 *
 * Each attempt first *reserves* itself as a failure in one atomic upsert per key, before the
 * password is checked, so a burst of parallel guesses cannot all pass a check made before any
 * of them is counted. A correct password then takes the reservation back.
 */
export const THROTTLE_RULES = {
  account: { freeFailures: 5, delaySeconds: 20 },
  address: { freeFailures: 30, delaySeconds: 20 },
  windowMinutes: 15,
} as const;

interface Rule {
  freeFailures: number;
  delaySeconds: number;
}

interface Counter {
  failures: number;
  windowStartedAt: Date;
  lastFailureAt: Date;
}

export function accountKey(email: string) {
  return `account:${email.trim().toLowerCase()}`;
}
export function addressKey(ip: string) {
  return `address:${ip}`;
}

/** Seconds until another attempt is allowed for this counter, 0 when allowed now. Pure. */
export function waitSeconds(
  counter: Counter | undefined,
  freeFailures: number,
  delaySeconds: number,
  now: Date,
): number {
  if (!counter) return 0;
  const windowEnds = counter.windowStartedAt.getTime() + THROTTLE_RULES.windowMinutes * 60_000;
  if (now.getTime() >= windowEnds || counter.failures < freeFailures) return 0;
  const allowedAt = counter.lastFailureAt.getTime() + delaySeconds * 1000;
  return Math.max(0, Math.ceil((allowedAt - now.getTime()) / 1000));
}

/**
 * Counts one failure on `key` if an attempt is allowed now, atomically (the row lock of the
 * upsert serialises concurrent attempts). Returns 0 when this attempt holds the reservation,
 * else the seconds to wait; a refused attempt changes nothing.
 */
async function reserve(db: Db, key: string, rule: Rule, now: Date): Promise<number> {
  const attemptId = randomUUID();
  const windowStart = new Date(now.getTime() - THROTTLE_RULES.windowMinutes * 60_000);
  const delayAgo = new Date(now.getTime() - rule.delaySeconds * 1000);
  const t = signInThrottle;
  const stale = sql`${t.windowStartedAt} < ${windowStart}`;
  const allowed = sql`(${stale} or ${t.failures} < ${rule.freeFailures} or ${t.lastFailureAt} <= ${delayAgo})`;
  const [row] = await db
    .insert(t)
    .values({ key, failures: 1, windowStartedAt: now, lastFailureAt: now, lastAttemptId: attemptId })
    .onConflictDoUpdate({
      target: t.key,
      set: {
        failures: sql`case when ${stale} then 1 when ${allowed} then ${t.failures} + 1 else ${t.failures} end`,
        windowStartedAt: sql`case when ${stale} then ${now} else ${t.windowStartedAt} end`,
        lastFailureAt: sql`case when ${allowed} then ${now} else ${t.lastFailureAt} end`,
        lastAttemptId: sql`case when ${allowed} then ${attemptId} else ${t.lastAttemptId} end`,
      },
    })
    .returning();
  if (!row) throw new Error('sign-in throttle: upsert returned no row');
  return row.lastAttemptId === attemptId ? 0 : Math.max(1, waitSeconds(row, rule.freeFailures, rule.delaySeconds, now));
}

/** Takes back one reserved failure (the attempt turned out not to be a wrong password). */
async function unreserve(db: Db, key: string) {
  await db
    .update(signInThrottle)
    .set({ failures: sql`greatest(${signInThrottle.failures} - 1, 0)` })
    .where(eq(signInThrottle.key, key));
}

export type AttemptOutcome = 'success' | 'wrong-password' | 'not-counted';

export type Reservation =
  { allowed: true; settle(outcome: AttemptOutcome): Promise<void> } | { allowed: false; waitSeconds: number };

/**
 * Reserves a sign-in attempt on the address, then on the account. Settle it with the outcome:
 * a wrong password keeps both failures; a success clears the account's count (not the
 * address's: a guesser who knows one password must not reset their budget for the others);
 * anything else (malformed request, server error) takes both back.
 */
export async function reserveAttempt(db: Db, email: string, ip: string, now = new Date()): Promise<Reservation> {
  const address = addressKey(ip);
  const account = accountKey(email);

  // A read-only look first, so an attempt refused outright changes no counter at all.
  const rows = await db
    .select()
    .from(signInThrottle)
    .where(inArray(signInThrottle.key, [address, account]));
  const counter = (key: string) => rows.find((r) => r.key === key);
  const wait = Math.max(
    waitSeconds(counter(address), THROTTLE_RULES.address.freeFailures, THROTTLE_RULES.address.delaySeconds, now),
    waitSeconds(counter(account), THROTTLE_RULES.account.freeFailures, THROTTLE_RULES.account.delaySeconds, now),
  );
  if (wait > 0) return { allowed: false, waitSeconds: wait };

  // Then the atomic reservations, which decide between attempts racing past that look.
  const addressWait = await reserve(db, address, THROTTLE_RULES.address, now);
  if (addressWait > 0) return { allowed: false, waitSeconds: addressWait };
  const accountWait = await reserve(db, account, THROTTLE_RULES.account, now);
  if (accountWait > 0) {
    await unreserve(db, address);
    return { allowed: false, waitSeconds: accountWait };
  }
  return {
    allowed: true,
    async settle(outcome) {
      if (outcome === 'wrong-password') return;
      await unreserve(db, address);
      if (outcome === 'success') await db.delete(signInThrottle).where(eq(signInThrottle.key, account));
      else await unreserve(db, account);
    },
  };
}

/** Deletes counters whose window has expired: they no longer slow anyone down. */
export async function pruneExpiredCounters(db: Db, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - THROTTLE_RULES.windowMinutes * 60_000);
  const deleted = await db
    .delete(signInThrottle)
    .where(sql`${signInThrottle.windowStartedAt} < ${windowStart}`)
    .returning({ key: signInThrottle.key });
  return deleted.length;
}
