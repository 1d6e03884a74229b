/** Giving: the gifts, and the rollup the dashboard reads (decisions 0059 and 0138). */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { folded, smallPendingList } from './columns';
import { user } from './accounts';
import { importBatches } from './imports';
import { partners } from './partners';

/** What the Giving screen's text filter searches in a gift: the name, then the notes. */
export const giftText = (t: { partnerName: AnyPgColumn; notes: AnyPgColumn }) =>
  sql`(${t.partnerName} || ' ' || coalesce(${t.notes}, ''))`;

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    partnerName: varchar('partner_name', { length: 100 }).notNull(),
    // numeric keeps cents exact; never a float.
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    donationType: text('donation_type', { enum: ['one-time', 'monthly'] }).notNull(),
    notes: varchar('notes', { length: 500 }),
    donationDate: timestamp('donation_date', { withTimezone: true }).notNull().defaultNow(),
    // Issue 19: how it was given and the check number or giving service's id, both optional.
    method: text('method', { enum: ['cash', 'check', 'card', 'bank_transfer', 'online'] }),
    reference: varchar('reference', { length: 100 }),
    /**
     * A voided gift stays (struck through, with its reason) and counts nowhere: the rollup
     * triggers, the dashboard, insights and statements all read `voided_at is null`.
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: text('voided_by').references(() => user.id, { onDelete: 'set null' }),
    voidReason: varchar('void_reason', { length: 500 }),
    /** Raised by every correction: an edit made on an older version is refused, not lost over. */
    version: integer('version').notNull().default(1),
    importBatchId: uuid('import_batch_id').references(() => importBatches.id),
  },
  (t) => [
    // Date range scans, and (with amount) the dashboard's monthly sums as an index-only scan
    // of the gifts that count.
    index('donations_date_amount_idx')
      .on(t.donationDate, t.amount)
      .where(sql`voided_at is null`),
    // The Giving screen's pages, newest first by (date, id), voided gifts included or not.
    index('donations_date_id_idx').on(t.donationDate, t.id),
    // The gift import's likely-duplicate lookup: one exact amount within one day. Amount first,
    // so each probe reads only its matches, not every gift of the day (issue 19's benchmark).
    index('donations_amount_date_idx')
      .on(t.amount, t.donationDate)
      .where(sql`voided_at is null`),
    // The Giving screen's count with voided gifts included: the counted ones come from the
    // rollup, the few voided ones from here (docs/decisions/0131).
    index('donations_voided_date_idx')
      .on(t.donationDate)
      .where(sql`voided_at is not null`),
    index('donations_partner_id_idx').on(t.partnerId, t.donationDate),
    index('donations_import_batch_idx').on(t.importBatchId),
    // The Giving screen's text filter (ILIKE '%text%') over the name and the notes, accents
    // ignored (decision 0180): `giftText`, folded.
    index('donations_text_trgm_idx')
      .using('gin', sql`${folded(giftText(t))} gin_trgm_ops`)
      .with(smallPendingList),
    check('donations_amount_check', sql`${t.amount} > 0 and ${t.amount} <= 999999999`),
    check('donations_type_check', sql`${t.donationType} in ('one-time', 'monthly')`),
    check('donations_method_check', sql`${t.method} in ('cash', 'check', 'card', 'bank_transfer', 'online')`),
    check('donations_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);

/**
 * The giving rollup (docs/decisions/0059): gifts summed per 15-minute UTC slot, and per UTC day
 * for the whole days inside a month. Derived from donations only: triggers on donations
 * (migration 0004) keep both in the same transaction as every insert, update, delete and
 * truncate (adding each transaction's changes at its commit, migration 0029), so they are
 * never written directly. A slot or day has a row while it holds a gift.
 * Cents as bigint: summing integers is several times faster than summing numeric, and exact.
 */
export const givingSlots = pgTable('giving_slots', {
  slot: timestamp('slot', { withTimezone: true }).primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  gifts: integer('gifts').notNull(),
});

export const givingDays = pgTable('giving_days', {
  day: timestamp('day', { withTimezone: true }).primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  gifts: integer('gifts').notNull(),
});

/**
 * What a transaction's gift writes change in the rollup, waiting for its commit (migration 0029,
 * decision 0138): the rollup's shared rows are then updated once, inside the commit, so writers
 * do not queue on today's row while their requests still run. Each row names its transaction's
 * mark, which the commit takes its rows by (migration 0032, decision 0145). Empty outside a
 * transaction.
 */
export const givingRollupPending = pgTable(
  'giving_rollup_pending',
  {
    mark: bigint('mark', { mode: 'number' }).notNull(),
    slot: timestamp('slot', { withTimezone: true }).notNull(),
    amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
    gifts: bigint('gifts', { mode: 'number' }).notNull(),
  },
  (t) => [index('giving_rollup_pending_mark_idx').on(t.mark)],
);

/**
 * One row per transaction with pending rollup changes: its deferred trigger folds them at commit.
 * Found and removed by its id, never by reading the table: the embedded database runs no
 * autovacuum, so every mark ever removed stays in the table's pages (decision 0145).
 */
export const givingRollupMarks = pgTable('giving_rollup_marks', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});
