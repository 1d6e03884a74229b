import { and, desc, eq, ilike, inArray, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { folded, foldedContains, partners } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { recordedUpdate } from '#server/service/recorded-update';
import {
  PARTNER_CHANGED_MEANWHILE,
  PARTNER_PAGE_SIZE,
  type PartnerFilterValues,
  type PartnerListQuery,
  type PartnerUpdate,
  type PartnerValues,
} from '#shared/schemas/partners';
import { decodeCursor, directoryOrder, encodeCursor } from './directory-order';
import { partnersByKeySql } from './lookup-by-key';
import { tagCondition, tagsAreSparse } from './tag-filter';
import { withTags } from './tag-links';

/** What the API returns for a partner (SPEC.md section 3, D9). */
export const partnerColumns = {
  id: partners.id,
  name: partners.name,
  email: partners.email,
  phone: partners.phone,
  location: partners.location,
  status: partners.status,
  coordinator: partners.coordinator,
  notes: partners.notes,
  zone: partners.zone,
  cardholderStatus: partners.cardholderStatus,
  lastContact: partners.lastContact,
  archivedAt: partners.archivedAt,
  createdAt: partners.createdAt,
  updatedAt: partners.updatedAt,
};

/**
 * The query behind one page of the directory, by name regardless of case. The search is a
 * case-insensitive substring match on name, email or location (ILIKE, served by the trigram
 * indexes); the filters are status, zone and cardholder status (D9). It asks for one row more
 * than the page to learn whether another page follows.
 */
export function partnerListQuery(db: Db, query: PartnerListQuery, sparseTags = false) {
  const limit = query.limit ?? PARTNER_PAGE_SIZE;
  const conditions = directoryConditions(query, sparseTags);
  const order = directoryOrder(query);
  if (query.cursor) {
    const cursor = decodeCursor(query.cursor);
    const after = cursor && order.after(cursor);
    if (!after) refuse(400, 'Invalid cursor');
    conditions.push(after);
  }
  return db
    .select({ ...partnerColumns, sortKey: order.key })
    .from(partners)
    .where(conditions.length > 0 ? and(...conditions) : undefined)
    .orderBy(...order.by)
    .limit(limit + 1);
}

/**
 * The directory's filters as conditions on partners: the list, the export and "Tag all" share
 * them (issue 20). Archived partners are left out unless `archived=true` asks for them.
 */
export function directoryConditions(query: PartnerFilterValues, sparseTags = false): SQL[] {
  const conditions: SQL[] = [];
  if (query.q) {
    // Accents and the apostrophe's shape ignored on both sides (decision 0180).
    const pattern = foldedContains(query.q);
    conditions.push(
      or(
        ilike(folded(partners.name), pattern),
        ilike(folded(partners.email), pattern),
        ilike(folded(partners.location), pattern),
      )!,
    );
  }
  if (query.status) conditions.push(eq(partners.status, query.status));
  // Whatever its case: "north" typed on one partner is the "North" of the others (partners_zone_lower_idx).
  if (query.zone) conditions.push(sql`lower(${partners.zone}) = lower(${query.zone})`);
  if (query.cardholder) conditions.push(eq(partners.cardholderStatus, query.cardholder === 'true'));
  if (query.tags && query.tags.length > 0) conditions.push(tagCondition(query.tags, query.match ?? 'any', sparseTags));
  if (query.archived !== 'true') conditions.push(isNull(partners.archivedAt));
  return conditions;
}

/** One page of the directory and the cursor of the next, if any. */
export async function listPartners(db: Db, query: PartnerListQuery) {
  const limit = query.limit ?? PARTNER_PAGE_SIZE;
  // Rare tags are read from their links first (docs/decisions/0116).
  const sparse = query.tags && query.tags.length > 0 ? await tagsAreSparse(db, query.tags) : false;
  const rows = await partnerListQuery(db, query, sparse);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  const nextCursor = rows.length > limit && last ? encodeCursor({ key: last.sortKey, id: last.id }) : null;
  const partnersOfPage = page.map(({ sortKey: _sortKey, ...partner }) => partner);
  return { partners: await withTags(db, partnersOfPage), nextCursor };
}

/**
 * Zones in use, for the filter and the form's suggestions: one per zone whatever its case, in
 * the spelling most partners have ("North" over one partner's "north"; on a tie, the first in
 * order), so the filter does not offer the same zone twice and the form suggests the usual one.
 */
export async function listZones(db: Db): Promise<string[]> {
  const spellings = db
    .select({ zone: partners.zone, n: sql<number>`count(*)`.as('n') })
    .from(partners)
    .where(isNotNull(partners.zone))
    .groupBy(partners.zone)
    .as('spellings');
  const zone = sql`lower(${spellings.zone})`;
  const rows = await db
    .selectDistinctOn([zone], { zone: spellings.zone })
    .from(spellings)
    .orderBy(zone, desc(spellings.n), spellings.zone);
  return rows.map((r) => r.zone!);
}

export async function getPartner(db: Db, id: string) {
  const [row] = await db.select(partnerColumns).from(partners).where(eq(partners.id, id));
  return row ? (await withTags(db, [row]))[0]! : null;
}

/** Whether a partner exists: giving asks before linking a gift (src/server/feature-wiring.ts). */
export async function partnerExists(db: Db, id: string): Promise<boolean> {
  const [row] = await db.select({ id: partners.id }).from(partners).where(eq(partners.id, id));
  return row !== undefined;
}

/** The partner's name, or null when no partner has the id. */
export async function partnerNameOf(db: Db, id: string): Promise<string | null> {
  const [row] = await db.select({ name: partners.name }).from(partners).where(eq(partners.id, id));
  return row?.name ?? null;
}

/** Name, email and location of these partners (a year-end statement's addressee), in no particular order. */
export async function partnerContacts(db: Db, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: partners.id, name: partners.name, email: partners.email, location: partners.location })
    .from(partners)
    .where(inArray(partners.id, [...ids]));
}

/** Partners whose name contains the typed text, by name: the Add Donation type-ahead (archived ones left out). */
export async function partnerNameOptions(db: Db, text: string | undefined) {
  const notArchived = isNull(partners.archivedAt);
  return db
    .select({ id: partners.id, name: partners.name, location: partners.location })
    .from(partners)
    .where(text ? and(notArchived, ilike(folded(partners.name), foldedContains(text))) : notArchived)
    .orderBy(sql`lower(${partners.name})`, partners.id)
    .limit(8);
}

/**
 * The id, as a value inside a statement, when a partner has it; null otherwise. A statement
 * that writes with it (a gift's insert) needs no read of its own (docs/decisions/0139).
 */
export function partnerIdIfExistsSql(id: string): SQL<string | null> {
  return sql`(select ${partners.id} from ${partners} where ${partners.id} = ${id})`;
}

/**
 * The same for the one partner named exactly `name`, ignoring case and surrounding spaces:
 * null when none or several are. Archived partners are not linked to typed gift names (issue 20).
 */
export function partnerIdNamedSql(name: string): SQL<string | null> {
  const named = sql`select ${partners.id} as id from ${partners}
    where lower(${partners.name}) = lower(${name.trim()}) and ${partners.archivedAt} is null limit 2`;
  return sql`(select case when count(*) = 1 then (array_agg(named.id))[1] end from (${named}) as named)`;
}

/**
 * Partners whose email (or name) is one of `keys` whatever its case, grouped by the key as
 * given: the gift import's matching (partnersByKeySql).
 */
async function partnersByLowered(db: Db, column: 'email' | 'name', keys: string[]) {
  const matches = new Map<string, { id: string; name: string }[]>();
  if (keys.length === 0) return matches;
  const rows = await queryRows<{ id: string; name: string; asked: string }>(
    db,
    partnersByKeySql(column, keys, sql`${partners.id}, ${partners.name}`),
  );
  for (const row of rows) matches.set(row.asked, [...(matches.get(row.asked) ?? []), { id: row.id, name: row.name }]);
  return matches;
}

export const partnersByEmails = (db: Db, emails: string[]) => partnersByLowered(db, 'email', emails);
export const partnersByNames = (db: Db, names: string[]) => partnersByLowered(db, 'name', names);

/** Every open directory and dashboard refreshes; without a partner for a change of the directory's own. */
export const partnersChanged = (partnerId?: string) => {
  const event = { type: 'partners.changed' as const, ...(partnerId === undefined ? {} : { partnerId }) };
  return [
    { audience: { feature: 'partners' as const }, event },
    { audience: { feature: 'dashboard' as const }, event },
  ];
};

export async function createPartner(ctx: ServiceContext, values: PartnerValues) {
  return ctx.change(async (tx) => {
    const [row] = await tx.db
      .insert(partners)
      .values({ ...values, userId: tx.actor.id })
      .returning(partnerColumns);
    await tx.record({
      action: 'partner.created',
      subject: { type: 'partner', id: row!.id },
      announce: partnersChanged(row!.id),
      after: row,
    });
    return row!;
  });
}

/** Replaces the editable fields. */
export async function updatePartner(ctx: ServiceContext, id: string, { editedFrom, ...values }: PartnerUpdate) {
  const thisPartner = eq(partners.id, id);
  const updated = await ctx.change((tx) =>
    recordedUpdate(
      tx,
      tx.db.select(partnerColumns).from(partners).where(thisPartner),
      [404, 'Partner not found'],
      () =>
        tx.db
          .update(partners)
          .set({ ...values, updatedAt: new Date() })
          .where(thisPartner)
          .returning(partnerColumns),
      { action: 'partner.updated', subject: { type: 'partner', id }, announce: partnersChanged(id) },
      // Two people editing one partner: the later save would silently undo the earlier one.
      (before) => {
        if (editedFrom !== undefined && before.updatedAt.getTime() !== Date.parse(editedFrom)) {
          refuse(409, PARTNER_CHANGED_MEANWHILE);
        }
      },
    ),
  );
  return (await withTags(ctx.db, [updated]))[0]!;
}
