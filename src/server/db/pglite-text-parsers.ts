import { types, type PGlite, type QueryOptions } from '@electric-sql/pglite';

/**
 * Types drizzle reads as the text PostgreSQL sends and converts itself: dates, timestamps and
 * intervals, arrays of them, and numeric arrays. drizzle-orm/pglite passes a parser keeping
 * each of them as text with every query.
 */
export const DRIZZLE_TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
];
const TEXT_TYPE_KEYS = new Set(DRIZZLE_TEXT_TYPES.map(String));

const keepText = (value: string) => value;

/** PGlite's own parsers for those types, so drizzle's per-query copy adds nothing. */
export const PGLITE_TEXT_PARSERS = Object.fromEntries(DRIZZLE_TEXT_TYPES.map((oid) => [oid, keepText]));

/**
 * The options without drizzle's parsers when they only keep the types above as text, which the
 * PGlite instance opened with PGLITE_TEXT_PARSERS already does. PGlite merges per-query parsers
 * into its ~340 defaults by copying both into a new object on every query: about 0.15 ms a
 * statement, more than a lookup by primary key costs (docs/decisions/0064). Options with any
 * other parser pass unchanged.
 */
export function withoutRedundantParsers(options: QueryOptions | undefined): QueryOptions | undefined {
  const parsers = options?.parsers;
  if (!parsers) return options;
  for (const oid of Object.keys(parsers)) if (!TEXT_TYPE_KEYS.has(oid)) return options;
  return { ...options, parsers: undefined };
}

/** What drizzle-orm/pglite calls on its client (its sessions use nothing else). */
export type DrizzlePgliteClient = Pick<PGlite, 'query' | 'transaction'>;
