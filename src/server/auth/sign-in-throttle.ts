import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like, not, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { signInThrottle } from '../db/schema';

/**
 * Failed sign-ins are counted in the database, so the limits hold across instances
 * (docs/decisions/0003, amended by 0093). Only failures count: an office of fifty people behind
 * one address signing in at 9 a.m. is never slowed. Past a free allowance, each further attempt
 * must wait a delay after the last failure: about three tries a minute. Three counters:
 * - the account from one address: one person's typos slow only themselves, and a third party
 *   guessing from elsewhere cannot keep the owner out;
 * - the address, whatever account: one guesser spraying many accounts;
 * - the account from every address it has never signed in from: many guessers on one
 *   account. Addresses the account signed in from before are not held back by it, so an
 *   attack elsewhere does not lock the owner out where they usually work.
 *
 * Each attempt first *reserves* itself as a failure in one atomic upsert per counter, before
 * the password is checked, so a burst of parallel guesses cannot all pass a check made before
 * any of them is counted. A correct password gives the reservations back whole, the time of the
 * last failure included, so a success never makes the next person wait.
 */
export const THROTTLE_RULES = {
  account: { freeFailures: 5, delaySeconds: 20 },
  address: { freeFailures: 30, delaySeconds: 20 },
  accountEverywhere: { freeFailures: 20, delaySeconds: 20 },
  windowMinutes: 15,
  /** How long an address the account signed in from counts as its own. */
  knownAddressDays: 90,
} as const;

export interface Rule {
  freeFailures: number;
  delaySeconds: number;
}

interface Counter {
  failures: number;
  windowStartedAt: Date;
  lastFailureAt: Date;
}

const normalEmail = (email: string) => email.trim().toLowerCase();

/** The account, tried from one address. */
export function accountKey(email: string, ip: string) {
  return `account:${normalEmail(email)}|${ip}`;
}
export function addressKey(ip: string) {
  return `address:${ip}`;
}
/** The account, tried from addresses it never signed in from. */
export function accountEverywhereKey(email: string) {
  return `account-everywhere:${normalEmail(email)}`;
}
/** Marks an address the account signed in from (its window start is when). */
export function knownAddressKey(email: string, ip: string) {
  return `known:${normalEmail(email)}|${ip}`;
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
 * upsert serialises concurrent attempts). Returns the reservation when this attempt holds it,
 * else the seconds to wait; a refused attempt changes nothing.
 */
async function reserve(db: Db, key: string, rule: Rule, now: Date): Promise<number | { attemptId: string }> {
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
        previousFailureAt: sql`case when ${allowed} then ${t.lastFailureAt} else ${t.previousFailureAt} end`,
        lastFailureAt: sql`case when ${allowed} then ${now} else ${t.lastFailureAt} end`,
        lastAttemptId: sql`case when ${allowed} then ${attemptId} else ${t.lastAttemptId} end`,
      },
    })
    .returning();
  if (!row) throw new Error('sign-in throttle: upsert returned no row');
  if (row.lastAttemptId !== attemptId) return Math.max(1, waitSeconds(row, rule.freeFailures, rule.delaySeconds, now));
  return { attemptId };
}

/**
 * Gives back one reserved failure (the attempt turned out not to be a wrong password): the
 * count, and the time of the last failure as it was before, unless another attempt has
 * reserved since (its own outcome decides that time).
 */
async function unreserve(db: Db, key: string, attemptId: string) {
  const t = signInThrottle;
  await db
    .update(t)
    .set({
      failures: sql`greatest(${t.failures} - 1, 0)`,
      lastFailureAt: sql`case when ${t.lastAttemptId} = ${attemptId} then coalesce(${t.previousFailureAt}, ${t.lastFailureAt} - interval '1 day') else ${t.lastFailureAt} end`,
    })
    .where(eq(t.key, key));
}

export type AttemptOutcome = 'success' | 'wrong-password' | 'not-counted';

export type Reservation =
  { allowed: true; settle(outcome: AttemptOutcome): Promise<void> } | { allowed: false; waitSeconds: number };

/**
 * Reserves a sign-in attempt on each counter that applies (see THROTTLE_RULES). Settle it with
 * the outcome: a wrong password keeps the failures; a success gives them back, clears the
 * account's count from this address (not the address's: a guesser who knows one password must
 * not reset their budget for the others) and remembers the address as the account's own;
 * anything else (malformed request, server error) gives them back.
 */
export async function reserveAttempt(db: Db, email: string, ip: string, now = new Date()): Promise<Reservation> {
  const known = knownAddressKey(email, ip);
  const counters: [key: string, rule: Rule][] = [
    [addressKey(ip), THROTTLE_RULES.address],
    [accountKey(email, ip), THROTTLE_RULES.account],
    [accountEverywhereKey(email), THROTTLE_RULES.accountEverywhere],
  ];

  // A read-only look first, so an attempt refused outright changes no counter at all.
  const rows = await db
    .select()
    .from(signInThrottle)
    .where(inArray(signInThrottle.key, [known, ...counters.map(([key]) => key)]));
  const row = (key: string) => rows.find((r) => r.key === key);
  const knownSince = row(known)?.windowStartedAt;
  const isKnown =
    knownSince !== undefined && now.getTime() - knownSince.getTime() < THROTTLE_RULES.knownAddressDays * 86_400_000;
  const applying = isKnown ? counters.filter(([, rule]) => rule !== THROTTLE_RULES.accountEverywhere) : counters;
  const wait = Math.max(
    ...applying.map(([key, rule]) => waitSeconds(row(key), rule.freeFailures, rule.delaySeconds, now)),
  );
  if (wait > 0) return { allowed: false, waitSeconds: wait };

  // Then the atomic reservations, which decide between attempts racing past that look.
  const held: [key: string, attemptId: string][] = [];
  const giveBack = () => Promise.all(held.map(([key, attemptId]) => unreserve(db, key, attemptId)));
  for (const [key, rule] of applying) {
    const reservation = await reserve(db, key, rule, now);
    if (typeof reservation === 'number') {
      await giveBack();
      return { allowed: false, waitSeconds: reservation };
    }
    held.push([key, reservation.attemptId]);
  }
  return {
    allowed: true,
    async settle(outcome) {
      if (outcome === 'wrong-password') return;
      await giveBack();
      if (outcome !== 'success') return;
      await db.delete(signInThrottle).where(eq(signInThrottle.key, accountKey(email, ip)));
      await db
        .insert(signInThrottle)
        .values({ key: known, failures: 0, windowStartedAt: now, lastFailureAt: now })
        .onConflictDoUpdate({ target: signInThrottle.key, set: { windowStartedAt: now } });
    },
  };
}

/** Deletes counters whose window has expired: they no longer slow anyone down. */
export async function pruneExpiredCounters(db: Db, now = new Date()): Promise<number> {
  const windowStart = new Date(now.getTime() - THROTTLE_RULES.windowMinutes * 60_000);
  const knownSince = new Date(now.getTime() - THROTTLE_RULES.knownAddressDays * 86_400_000);
  const t = signInThrottle;
  const counters = await db
    .delete(t)
    .where(and(not(like(t.key, 'known:%')), sql`${t.windowStartedAt} < ${windowStart}`))
    .returning({ key: t.key });
  const addresses = await db
    .delete(t)
    .where(and(like(t.key, 'known:%'), sql`${t.windowStartedAt} < ${knownSince}`))
    .returning({ key: t.key });
  return counters.length + addresses.length;
}

/**
 * Requests for a password-reset link (issue 16): every request counts, whether or not the
 * account exists (so the limit tells nothing either), per account and per address, with the
 * same window as sign-ins. A few requests are free; after that one every few minutes.
 */
export const RESET_REQUEST_RULES = {
  account: { freeFailures: 3, delaySeconds: 300 },
  address: { freeFailures: 10, delaySeconds: 60 },
} as const;

export async function reservePasswordResetRequest(
  db: Db,
  email: string,
  ip: string,
  now = new Date(),
): Promise<{ allowed: true } | { allowed: false; waitSeconds: number }> {
  const counters: [string, Rule][] = [
    [`reset-address:${ip}`, RESET_REQUEST_RULES.address],
    [`reset-account:${normalEmail(email)}`, RESET_REQUEST_RULES.account],
  ];
  for (const [key, rule] of counters) {
    const reserved = await reserve(db, key, rule, now);
    if (typeof reserved === 'number') return { allowed: false, waitSeconds: reserved };
  }
  return { allowed: true };
}

/**
 * A general allowance on these counters, for anything that is not a sign-in (public form
 * responses, issue 21): every call counts, atomically, so the limit holds across instances and
 * under a burst; past `rule.freeFailures` in the window, one more each `rule.delaySeconds`.
 * The key's prefix keeps it apart from the sign-in counters; expired ones are pruned with them.
 */
export async function reserveAllowance(
  db: Db,
  key: string,
  rule: Rule,
  now = new Date(),
): Promise<{ allowed: true } | { allowed: false; waitSeconds: number }> {
  const reserved = await reserve(db, key, rule, now);
  return typeof reserved === 'number' ? { allowed: false, waitSeconds: reserved } : { allowed: true };
}
