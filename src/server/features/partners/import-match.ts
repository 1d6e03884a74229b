import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { partners, partnerTagLinks, partnerTags } from '#server/db/schema';
import type { DuplicateMode } from '#shared/imports';
import {
  IMPORTED_FIELDS,
  phoneDigits,
  type CheckedPartner,
  type ImportedField,
  type ImportedValues,
} from './import-cells';

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

const storedColumns = {
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
};

const inJson = (keys: string[]) => sql`(select value from json_array_elements_text(${JSON.stringify(keys)}::json))`;
const inUuids = (ids: string[]) =>
  sql`(select value::uuid from json_array_elements_text(${JSON.stringify(ids)}::json))`;

/**
 * The stored partner each row matches (issue 20): by email regardless of case; else by name
 * (regardless of case) and the phone's digits. Several partners sharing an email are narrowed
 * by name and phone; still several, the row matches nobody for sure and is skipped. One query
 * for the emails, one for the names and one for the matched partners' tags, per chunk.
 */
export async function matchPartners(db: Db, rows: CheckedPartner[]): Promise<(PartnerMatch | null)[]> {
  const emails = [...new Set(rows.map((r) => r.values.email.toLowerCase()))];
  const byEmail = group(
    await db
      .select(storedColumns)
      .from(partners)
      .where(sql`lower(${partners.email}) in ${inJson(emails)}`),
    (p) => p.email.toLowerCase(),
  );
  const names = [
    ...new Set(
      rows
        .filter((r) => !byEmail.has(r.values.email.toLowerCase()) && phoneDigits(r.values.phone))
        .map((r) => r.values.name.toLowerCase()),
    ),
  ];
  const byName =
    names.length === 0
      ? new Map<string, Omit<StoredPartner, 'tagIds' | 'tagNames'>[]>()
      : group(
          await db
            .select(storedColumns)
            .from(partners)
            .where(sql`lower(${partners.name}) in ${inJson(names)}`),
          (p) => p.name.toLowerCase(),
        );
  const samePerson = (row: CheckedPartner) => (p: { name: string; phone: string | null }) =>
    p.name.toLowerCase() === row.values.name.toLowerCase() &&
    phoneDigits(p.phone) !== '' &&
    phoneDigits(p.phone) === phoneDigits(row.values.phone);

  type Stored = Omit<StoredPartner, 'tagIds' | 'tagNames'>;
  type Found = { partner: Stored; how: PartnerMatch['how'] } | { ambiguous: number; how: PartnerMatch['how'] } | null;
  const found = rows.map((row): Found => {
    const sameEmail = byEmail.get(row.values.email.toLowerCase());
    if (sameEmail) {
      const narrowed = sameEmail.length > 1 ? sameEmail.filter(samePerson(row)) : sameEmail;
      return narrowed.length === 1
        ? { partner: narrowed[0]!, how: 'same email' as const }
        : { ambiguous: sameEmail.length, how: 'same email' as const };
    }
    const sameNamePhone = (byName.get(row.values.name.toLowerCase()) ?? []).filter(samePerson(row));
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

function group<T>(rows: T[], key: (row: T) => string) {
  const map = new Map<string, T[]>();
  for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
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
