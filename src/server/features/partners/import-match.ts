import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { partnerImportChanges, partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import type { DuplicateMode } from '#shared/imports';
import {
  IMPORTED_FIELDS,
  lowerAsDatabase,
  phoneDigits,
  VALUES_RECORD,
  type CheckedPartner,
  type ImportedField,
  type ImportedValues,
} from './import-cells';
import { partnersByKeySql } from './lookup-by-key';

/** A stored partner as an import compares it: its editable fields and its tags. */
export interface StoredPartner extends ImportedValues {
  id: string;
  tagIds: string[];
  /** Lower-cased, for comparing with the file's tags. */
  tagNames: string[];
}

export type PartnerMatch =
  | { partner: StoredPartner; how: 'same email' | 'same name and phone' }
  | { ambiguous: number; how: 'same email' | 'same name and phone' };

/** What a row would change on the stored partner it matches, under the chosen mode. */
export interface PartnerChanges {
  fields: Partial<ImportedValues>;
  /** Fill: the file's tags on a partner that has none. Overwrite: the file's tags instead of the partner's. */
  tags: boolean;
}

type Stored = Omit<StoredPartner, 'tagIds' | 'tagNames'>;
/** A stored partner found by a key, with the key as the file wrote it. */
type Found = Stored & { asked: string };

const inUuids = (ids: string[]) =>
  sql`(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * Stored partners whose email (or name) is one of `keys` whatever its case, each with the key
 * that found it (partnersByKeySql).
 *
 * In the commit's writing pass the lookups see what the batch has written so far, which the dry
 * run did not; they are made to see what the dry run saw (decisions 0117 and 0133):
 * - the partners the batch created are left out: a row matching one repeats the earlier row of
 *   the file that created it, which the pipeline marks a duplicate first;
 * - the partners it updated are matched on the values kept before the update
 *   (`partner_import_changes.before`), not on what an overwrite made of their name, email or
 *   phone (partner_import_changes_email_idx and _name_idx).
 */
async function storedBy(db: Db, column: 'email' | 'name', keys: string[], writingBatch: string | undefined) {
  if (keys.length === 0) return [];
  const current = partnersByKeySql(
    column,
    keys,
    sql`id, name, email, phone, location, status, coordinator, notes, zone, cardholder_status as "cardholderStatus"`,
    writingBatch
      ? sql`and import_batch_id is distinct from ${writingBatch}
            and not exists (select 1 from ${partnerImportChanges} c
                            where c.batch_id = ${writingBatch} and c.partner_id = ${partners.id})`
      : undefined,
  );
  if (!writingBatch) return queryRows<Found>(db, current);
  const list = sql`json_array_elements_text(${JSON.stringify(keys)}::json) as k(value)`;
  const keptLowered = column === 'email' ? sql`lower(c.before->>'email')` : sql`lower(c.before->>'name')`;
  return queryRows<Found>(
    db,
    sql`${current}
        union all
        select k.value as asked, kept.* from ${list}
        cross join lateral (
          select c.partner_id as id, b.*
          from ${partnerImportChanges} c, jsonb_to_record(c.before) as b(${VALUES_RECORD})
          where c.batch_id = ${writingBatch} and ${keptLowered} = lower(k.value)
          offset 0) as kept`,
  );
}

/**
 * The stored partner each row matches (issue 20): by email regardless of case; else by name
 * (regardless of case) and the phone's digits. Several partners sharing an email are narrowed
 * by name and phone; still several, the row matches nobody for sure and is skipped. One query
 * for the emails, one for the names and one for the matched partners' tags, per chunk.
 */
export async function matchPartners(
  db: Db,
  rows: CheckedPartner[],
  writingBatch?: string,
): Promise<(PartnerMatch | null)[]> {
  const emails = [...new Set(rows.map((r) => r.values.email))];
  const byEmail = byKey(await storedBy(db, 'email', emails, writingBatch));
  const names = [
    ...new Set(
      rows.filter((r) => !byEmail.has(r.values.email) && phoneDigits(r.values.phone)).map((r) => r.values.name),
    ),
  ];
  const byName = byKey(await storedBy(db, 'name', names, writingBatch));
  const samePhone = (row: CheckedPartner) => (p: { phone: string | null }) =>
    phoneDigits(p.phone) !== '' && phoneDigits(p.phone) === phoneDigits(row.values.phone);
  // Partners sharing an email are told apart by name and phone, the names lower-cased as the
  // database does it, as the name lookup compares them (decision 0176).
  const samePerson = (row: CheckedPartner) => (p: { name: string; phone: string | null }) =>
    lowerAsDatabase(p.name) === lowerAsDatabase(row.values.name) && samePhone(row)(p);

  type Found = { partner: Stored; how: PartnerMatch['how'] } | { ambiguous: number; how: PartnerMatch['how'] } | null;
  const found = rows.map((row): Found => {
    const sameEmail = byEmail.get(row.values.email);
    if (sameEmail) {
      const narrowed = sameEmail.length > 1 ? sameEmail.filter(samePerson(row)) : sameEmail;
      return narrowed.length === 1
        ? { partner: narrowed[0]!, how: 'same email' as const }
        : { ambiguous: sameEmail.length, how: 'same email' as const };
    }
    // Found by the name as the database folds it: only the phone is left to compare.
    const sameNamePhone = (byName.get(row.values.name) ?? []).filter(samePhone(row));
    if (sameNamePhone.length === 0) return null;
    return sameNamePhone.length === 1
      ? { partner: sameNamePhone[0]!, how: 'same name and phone' as const }
      : { ambiguous: sameNamePhone.length, how: 'same name and phone' as const };
  });

  const ids = [...new Set(found.flatMap((m) => (m && 'partner' in m ? [m.partner.id] : [])))];

  const tags = new Map<string, { id: string; name: string }[]>();
  if (ids.length > 0) {
    const links = await db
      .select({ partnerId: partnerTagLinks.partnerId, id: partnerTags.id, name: partnerTags.name })
      .from(partnerTagLinks)
      .innerJoin(partnerTags, eq(partnerTags.id, partnerTagLinks.tagId))
      .where(sql`${partnerTagLinks.partnerId} in ${inUuids(ids)}`);
    for (const link of links) tags.set(link.partnerId, [...(tags.get(link.partnerId) ?? []), link]);
  }
  return found.map((m): PartnerMatch | null => {
    if (!m || !('partner' in m)) return m;
    const own = tags.get(m.partner.id) ?? [];
    return {
      how: m.how,
      partner: { ...m.partner, tagIds: own.map((t) => t.id), tagNames: own.map((t) => t.name.toLowerCase()) },
    };
  });
}

/** The stored partners each key found, by the key as the file wrote it. */
function byKey(rows: Found[]) {
  const map = new Map<string, Stored[]>();
  for (const { asked, ...partner } of rows) map.set(asked, [...(map.get(asked) ?? []), partner]);
  return map;
}

const isEmpty = (value: unknown) => value === null || value === '';

/**
 * What a row changes on the partner it matches. Fill: only the stored partner's empty fields
 * (phone, location, coordinator, notes, zone; name, email, status and cardholder status always
 * have a value) and its tags when it has none. Overwrite: every field the file gives a value
 * for, and the tags when the file gives some. An empty cell never erases anything.
 */
export function changesFor(row: CheckedPartner, stored: StoredPartner, mode: DuplicateMode): PartnerChanges {
  const fields: Partial<Record<ImportedField, unknown>> = {};
  if (mode === 'skip') return { fields: {}, tags: false };
  for (const field of IMPORTED_FIELDS) {
    if (!row.given.includes(field)) continue;
    const next = row.values[field];
    const now = stored[field];
    if (mode === 'fill' ? isEmpty(now) && !isEmpty(next) : next !== now) fields[field] = next;
  }
  const fileTags = row.tags.map((t) => t.toLowerCase()).sort();
  const storedTags = [...stored.tagNames].sort();
  const tags =
    row.tags.length > 0 &&
    (mode === 'fill' ? stored.tagIds.length === 0 : fileTags.join('\n') !== storedTags.join('\n'));
  return { fields: fields as Partial<ImportedValues>, tags };
}

export const FIELD_WORDS: Record<ImportedField | 'tags', string> = {
  name: 'name',
  email: 'email',
  phone: 'phone',
  location: 'location',
  status: 'status',
  coordinator: 'coordinator',
  notes: 'notes',
  zone: 'zone',
  cardholderStatus: 'cardholder status',
  tags: 'tags',
};
