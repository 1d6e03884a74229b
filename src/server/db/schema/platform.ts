/** The platform's own tables: organization settings, durable jobs and idempotency keys. */
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './accounts';

/** Installation-wide settings generated on first start (the session-signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Durable background jobs (issue 18 item 2, decision 0107): long work that must survive a
 * restart and run once across instances. A runner claims a due job with FOR UPDATE SKIP
 * LOCKED and holds it by a lease it renews while working; a job whose lease ran out (its
 * runner died) is claimed again and starts over.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Who started it: they see its progress live and may cancel it. Null for the portal's own. */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    input: jsonb('input').notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    /** What the job made, for whoever reads it later (plain JSON, never a secret). */
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAfter)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_owner_idx').on(t.ownerId, t.createdAt),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);

/**
 * Writes that may be sent twice (issue 24, decision 0129): a queued offline write carries an
 * `Idempotency-Key`; the first answer is kept here so a resend returns it and writes nothing
 * again. A row without a status is a request still being answered. Kept 7 days, removed by
 * the hourly clean-up (src/server/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The method and path the key was first used on ("POST /api/chat/messages"). */
    route: text('route').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused (422). */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
