import { and, desc, eq, gte, ilike, isNull, lte, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { donations, folded, foldedContains, giftText, user } from '#server/db/schema';
import { decodeTimeCursor, encodeTimeCursor } from '#server/db/time-cursor';
import type { ServiceContext } from '#server/service/context';
import { centsToDecimal, decimalToCents } from '#shared/money';
import { GIFTS_PAGE_SIZE, type GiftQuery } from '#shared/schemas/giving-ledger';
import { rangeTotals } from './range-totals';

/**
 * The Giving screen's ledger (issue 19): every gift, newest first by (date, id), narrowed by the
 * filters, with the count and the sum of everything the filters match. Voided gifts are listed
 * only when asked for, and never summed.
 */

const recorder = alias(user, 'recorder');
const voider = alias(user, 'voider');

const giftColumns = {
  id: donations.id,
  donationDate: donations.donationDate,
  // The time as the database wrote it, to the microsecond: the cursor must not round it.
  atText: sql<string>`${donations.donationDate}::text`,
  partnerId: donations.partnerId,
  partnerName: donations.partnerName,
  amount: donations.amount,
  donationType: donations.donationType,
  method: donations.method,
  reference: donations.reference,
  notes: donations.notes,
  recordedById: donations.userId,
  recordedByName: recorder.name,
  voidedAt: donations.voidedAt,
  voidReason: donations.voidReason,
  voidedByName: voider.name,
  version: donations.version,
  importBatchId: donations.importBatchId,
};

const isGiftId = (id: unknown): id is string =>
  typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

const instant = (iso: string | undefined) => (iso ? new Date(iso) : undefined);

function filters(query: GiftQuery): SQL[] {
  const conditions: SQL[] = [];
  const from = instant(query.from);
  const to = instant(query.to);
  if (!query.voided) conditions.push(isNull(donations.voidedAt));
  if (from) conditions.push(gte(donations.donationDate, from));
  if (to) conditions.push(lte(donations.donationDate, to));
  return [...conditions, ...narrowing(query)];
}

/** Every filter but the dates and voided gifts: with none of them the rollup has the totals. */
function narrowing(query: GiftQuery): SQL[] {
  const conditions: SQL[] = [];
  if (query.partnerId) conditions.push(eq(donations.partnerId, query.partnerId));
  if (query.type) conditions.push(eq(donations.donationType, query.type));
  if (query.method) conditions.push(eq(donations.method, query.method));
  if (query.min) conditions.push(gte(donations.amount, query.min));
  if (query.max) conditions.push(lte(donations.amount, query.max));
  if (query.q)
    // The expression of the trigram index donations_text_trgm_idx (migration 0038), accents ignored.
    conditions.push(ilike(folded(giftText(donations)), foldedContains(query.q)));
  return conditions;
}

async function readPage(db: Db, query: GiftQuery, cursor: string | undefined, size: number) {
  const conditions = filters(query);
  if (cursor) {
    const { atText, id } = decodeTimeCursor(cursor, isGiftId);
    conditions.push(sql`(${donations.donationDate}, ${donations.id}) < (${atText}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select(giftColumns)
    .from(donations)
    .leftJoin(recorder, eq(recorder.id, donations.userId))
    .leftJoin(voider, eq(voider.id, donations.voidedBy))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(desc(donations.donationDate), desc(donations.id))
    .limit(size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > size && last ? encodeTimeCursor(last.atText, last.id) : null };
}

type GiftRow = Awaited<ReturnType<typeof readPage>>['page'][number];
export type LedgerGift = ReturnType<typeof present>;

function present({ atText: _atText, recordedById, recordedByName, voidedByName, ...gift }: GiftRow) {
  return {
    ...gift,
    recordedBy: recordedById ? { id: recordedById, name: recordedByName ?? '' } : null,
    voidedBy: voidedByName,
  };
}

/** How many gifts the filters match, and the sum of those that count (voided ones never do). */
async function totals(db: Db, query: GiftQuery) {
  if (narrowing(query).length === 0) {
    // Dates alone (a preset such as last year, or all gifts): from the rollup, not the gifts,
    // and any voided gifts counted from their own small index.
    const { count, cents } = await rangeTotals(db, instant(query.from), instant(query.to), {
      voided: Boolean(query.voided),
    });
    return { count, total: centsToDecimal(cents) };
  }
  const conditions = filters(query);
  // Without voided gifts the filters already exclude them, and naming voided_at here too would
  // keep PostgreSQL from summing from the partial (donation_date, amount) index alone: it read
  // every gift's row instead (docs/decisions/0131).
  const counted = query.voided
    ? sql`sum(${donations.amount}) filter (where ${donations.voidedAt} is null)`
    : sql`sum(${donations.amount})`;
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      total: sql<string>`coalesce(${counted}, 0)::text`,
    })
    .from(donations)
    .where(conditions.length ? and(...conditions) : undefined);
  return { count: Number(row?.count ?? 0), total: centsToDecimal(decimalToCents(row?.total ?? '0')) };
}

/**
 * One page, and the cursor of the next. The first page also carries the count and the sum of the
 * whole filtered set; later pages (a cursor) do not repeat that work.
 */
export async function listGifts(db: Db, query: GiftQuery) {
  const [{ page, nextCursor }, summary] = await Promise.all([
    readPage(db, query, query.cursor, GIFTS_PAGE_SIZE),
    query.cursor ? Promise.resolve(null) : totals(db, query),
  ]);
  return { gifts: page.map(present), nextCursor, summary };
}

/** Rows per statement when exporting: bounded memory for a million gifts. */
const EXPORT_BATCH = 2_000;

/**
 * Every gift the filters match, newest first, a batch at a time. The export of donors' records
 * is itself recorded first, with the filters it used.
 */
export async function* exportGifts(ctx: ServiceContext, query: GiftQuery) {
  const { cursor: _ignored, tz: _zone, ...used } = query;
  await ctx.change((tx) =>
    tx.record({ action: 'donations.exported', subject: { type: 'donation', id: 'export' }, after: { filters: used } }),
  );
  let cursor: string | undefined;
  for (;;) {
    const { page, nextCursor } = await readPage(ctx.db, used, cursor, EXPORT_BATCH);
    for (const row of page) yield present(row);
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}
