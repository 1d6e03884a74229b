import { sql, type SQL } from 'drizzle-orm';
import { decodeTimeCursor, encodeTimeCursor } from './time-cursor';

/**
 * One page of a timeline merged from several tables (a partner's timeline, decision 0115):
 * every source orders its rows newest first by (at, key) and answers only rows before the
 * cursor, at most `limit` + 1 of them. `at` is written by PostgreSQL in UTC to the microsecond
 * in one fixed width, so the merging code compares it as text exactly as the database does;
 * `key` ('contact:<uuid>') is unique across sources and compared bytewise (collation "C") on
 * both sides.
 */
export interface TimelinePosition {
  at: string;
  key: string;
}

export interface TimelinePage {
  /** Where the previous page ended; null for the first page. */
  before: TimelinePosition | null;
  limit: number;
}

/** A timestamptz (or a timestamp meant in UTC) as fixed-width UTC text: '2026-11-25 04:11:49.123456+00'. */
export const atText = (at: SQL) =>
  sql<string>`to_char((${at}) at time zone 'UTC', 'YYYY-MM-DD HH24:MI:SS.US') || '+00'`;

/** A source's key: its name and the row's id. */
export const keyText = (source: string, id: SQL) => sql<string>`(${source} || ':' || (${id})::text)`;

/** The rows of a source that come after the cursor, newest first (true on the first page). */
export function beforePosition(at: SQL, key: SQL, page: TimelinePage): SQL {
  if (!page.before) return sql`true`;
  return sql`((${at}) < ${page.before.at}::timestamptz or ((${at}) = ${page.before.at}::timestamptz and (${key}) collate "C" < ${page.before.key} collate "C"))`;
}

/** Newest first, the same order `compareNewestFirst` gives in JavaScript. */
export const newestFirst = (at: SQL, key: SQL) => [sql`(${at}) desc`, sql`(${key}) collate "C" desc`];

export function compareNewestFirst(a: TimelinePosition, b: TimelinePosition): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  if (a.key === b.key) return 0;
  return a.key < b.key ? 1 : -1;
}

const isKey = (value: unknown): value is string =>
  typeof value === 'string' && value.length <= 100 && /^[a-z-]+:[0-9a-f-]+$/.test(value);

export const encodeTimelineCursor = (position: TimelinePosition) => encodeTimeCursor(position.at, position.key);

/** The position a cursor names; a cursor this server did not write is a 400. */
export function decodeTimelineCursor(text: string): TimelinePosition {
  const { atText: at, id: key } = decodeTimeCursor(text, isKey);
  return { at, key };
}
