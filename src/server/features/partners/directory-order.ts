import { desc, sql, type SQL } from 'drizzle-orm';
import { partners } from '#server/db/schema';
import type { PartnerListQuery } from '#shared/schemas/partners';

const byName = sql<string | null>`lower(${partners.name})`;
/**
 * The same order, in a form partners_sort_idx cannot provide. With a search term of three or
 * more characters the trigram indexes find the matches and a top-N sort orders them; offered
 * the name index, the planner instead walks all partners in name order until a page of matches
 * turns up, which takes the whole table when the matches are few or late in the alphabet
 * (docs/decisions/0052).
 */
const bySearchName = sql<string | null>`(lower(${partners.name}) || '')`;
/** pg_trgm extracts no trigram from a shorter term; the name-order walk is the better plan then. */
const TRIGRAM_MIN_LENGTH = 3;

/**
 * The keyset cursor: where the previous page ended, as the sort key (the text PostgreSQL gave
 * for it, so a timestamp keeps its microseconds) and the partner's id. The key is null for a
 * partner never contacted, in the "latest contact" order.
 */
export interface Cursor {
  key: string | null;
  id: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.key, cursor.id]), 'utf8').toString('base64url');
}

export function decodeCursor(text: string): Cursor | null {
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      (value[0] === null ||
        // PostgreSQL text holds no NUL: a key with one is no key this server wrote (issue 26).
        (typeof value[0] === 'string' && !value[0].includes('\u0000'))) &&
      typeof value[1] === 'string' &&
      UUID.test(value[1])
    ) {
      return { key: value[0] as string | null, id: value[1] };
    }
  } catch {
    // fall through: not a cursor this server wrote
  }
  return null;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** created_at as PostgreSQL writes timestamptz text: "2026-11-25 19:07:40.123456+00". */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2})?$/;

/**
 * One order of the directory (issue 27 item 9): the key each row is sorted by, the ORDER BY,
 * and the condition for the rows after a cursor (null when the cursor's key cannot be one of
 * this order's keys). Newest first and latest contact first read partners_newest_idx and
 * partners_contacted_idx (migration 0024); partners never contacted come last.
 */
export function directoryOrder(query: Pick<PartnerListQuery, 'q' | 'sort'>): {
  key: SQL<string | null>;
  by: SQL[];
  after: (cursor: Cursor) => SQL | null;
} {
  const id = partners.id;
  switch (query.sort ?? 'name') {
    case 'newest':
      return {
        key: sql<string | null>`${partners.createdAt}::text`,
        by: [desc(partners.createdAt), desc(id)],
        after: ({ key, id: after }) =>
          key !== null && TIMESTAMP.test(key)
            ? sql`(${partners.createdAt}, ${id}) < (${key}::timestamptz, ${after}::uuid)`
            : null,
      };
    case 'lastContact':
      return {
        key: sql<string | null>`${partners.lastContact}::text`,
        by: [sql`${partners.lastContact} desc nulls last`, desc(id)],
        after: ({ key, id: after }) => {
          if (key === null) return sql`(${partners.lastContact} is null and ${id} < ${after}::uuid)`;
          if (!DATE.test(key)) return null;
          return sql`(${partners.lastContact} is null or (${partners.lastContact}, ${id}) < (${key}::date, ${after}::uuid))`;
        },
      };
    case 'name': {
      const key = query.q && query.q.length >= TRIGRAM_MIN_LENGTH ? bySearchName : byName;
      return {
        key,
        by: [key, sql`${id}`],
        after: (cursor) => (cursor.key === null ? null : sql`(${key}, ${id}) > (${cursor.key}, ${cursor.id}::uuid)`),
      };
    }
  }
}
