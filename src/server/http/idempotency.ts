import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from '../db/client';
import { idempotencyKeys } from '../db/schema';
import type { JobHandlers } from '../jobs/handlers';
import type { AppEnv } from './app-env';

/** How long a key is honoured: an offline queue older than this is not resent (issue 24). */
export const IDEMPOTENCY_KEEP_DAYS = 7;
export const IDEMPOTENCY_PRUNE_JOB = 'idempotency.prune';
/** A key is what a client makes (a UUID in ours): printable ASCII without spaces, bounded. */
const KEY_PATTERN = /^[\x21-\x7e]{8,200}$/;

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'The Idempotency-Key header must be 8 to 200 printable characters without spaces.',
  reused: 'This Idempotency-Key was already used for a different request.',
  inProgress: 'This request is already being processed. Try again in a moment.',
} as const;

/**
 * Honours an `Idempotency-Key` header on a write that an offline queue may send twice (issue
 * 24, decision 0129): the connection can drop after the server saved the write but before the
 * answer arrived, and the queue then resends it. The first successful answer of a key is kept
 * per person; the same key from the same person gets that answer again
 * (`Idempotent-Replayed: true`) and nothing is written; the same key with another body or on
 * another route is refused with 422; a key still being answered gets 409. A refused or failed
 * write keeps no row: it wrote nothing, so trying again cannot write twice, and a refusal
 * whose cause went away (a permission given back) may then succeed. Without the header the
 * route behaves as before. Placed after the feature guard (which needs the session) and before
 * validation: a body the validator refuses is a refusal like any other.
 */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  const user = c.get('user');
  if (key === undefined || !user) return next();
  if (!KEY_PATTERN.test(key)) return c.json({ error: IDEMPOTENCY_MESSAGES.badKey }, 400);

  const db = c.var.deps.database.db;
  const route = `${c.req.method} ${c.req.path}`;
  // Hono keeps the text, and the validator's json() reads it from there.
  const requestHash = createHash('sha256')
    .update(await c.req.text())
    .digest('hex');
  const claimed = await db
    .insert(idempotencyKeys)
    .values({ userId: user.id, key, route, requestHash })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });

  if (claimed.length === 0) {
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
    // Gone between the two statements: the first request failed and let its key go.
    if (!first) return c.json({ error: IDEMPOTENCY_MESSAGES.inProgress }, 409);
    if (first.route !== route || first.requestHash !== requestHash)
      return c.json({ error: IDEMPOTENCY_MESSAGES.reused }, 422);
    if (first.status === null || first.response === null)
      return c.json({ error: IDEMPOTENCY_MESSAGES.inProgress }, 409);
    return new Response(first.response, {
      status: first.status,
      headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' },
    });
  }

  const release = () =>
    db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key), isNull(idempotencyKeys.status)));
  try {
    await next();
  } catch (err) {
    await release();
    throw err;
  }
  if (c.res.status >= 200 && c.res.status < 300) {
    const response = await c.res.clone().text();
    await db
      .update(idempotencyKeys)
      .set({ status: c.res.status, response })
      .where(and(eq(idempotencyKeys.userId, user.id), eq(idempotencyKeys.key, key)));
  } else {
    await release();
  }
});

/** Removes keys past their keeping time; the hourly clean-up (feature-wiring.ts). */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - IDEMPOTENCY_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, cutoff))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

export const idempotencyJobs: JobHandlers = {
  [IDEMPOTENCY_PRUNE_JOB]: async ({ db }) => ({ removed: await pruneIdempotencyKeys(db) }),
};
