/** The change record (decision 0097): the activity entries, their audit chain's start, and realtime events too long for NOTIFY. */
import { bigint, bigserial, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

/**
 * One row for every change a person makes through a service, written in the change's own
 * transaction by `recordChange` (src/server/service/changes.ts): who, what, which subject, who
 * was told, and the values before and after (never a secret). The audit log, the partner
 * timeline and notifications read from it.
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign key: the record is append-only (a deleted person's id stays, as the audit log
    // must say who did it), and a key's ON DELETE would have to rewrite rows (decision 0102).
    actorId: text('actor_id'),
    clientIp: text('client_ip'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    audience: jsonb('audience'),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The hash chain (issue 17, decision 0102), set at commit by the deferred trigger of
     * migration 0029 under a lock (decision 0138; null until then): `seq` numbers entries in
     * commit order, `hash` covers the entry and the previous entry's `hash`, kept in
     * `prev_hash`. `npm run audit:verify` recomputes it.
     */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('activity_seq_idx').on(t.seq),
    index('activity_subject_idx').on(t.subjectType, t.subjectId, t.id),
    // The audit log screen reads newest first by (at, id), alone or by who or by action
    // (src/server/features/audit/service.ts): one index each, so a page is a short index scan
    // at a million entries.
    index('activity_actor_at_idx').on(t.actorId, t.at, t.id),
    index('activity_action_at_idx').on(t.action, t.at, t.id),
    index('activity_at_id_idx').on(t.at, t.id),
  ],
);

/**
 * Where the audit chain starts after old entries were removed under the retention setting
 * (decision 0103): the first kept entry's number and the hash it links to. Append-only, like
 * the log; `npm run audit:verify` starts from the newest row.
 */
export const activityChainStart = pgTable('activity_chain_start', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  prevHash: text('prev_hash'),
  prunedAt: timestamp('pruned_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Realtime envelopes too large for a NOTIFY payload (PostgreSQL's limit is 8,000 bytes): the
 * envelope waits here, written in the announcing transaction, and the notification carries
 * its id (src/server/realtime/event-bus.ts). Rows are deleted once old.
 */
export const realtimeSpill = pgTable('realtime_spill', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  envelope: text('envelope').notNull(),
  createdAt: createdAt(),
});
