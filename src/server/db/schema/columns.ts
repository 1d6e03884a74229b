/** Column helpers the schema's tables share. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import { customType, timestamp } from 'drizzle-orm/pg-core';

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Binary data; node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

/**
 * An unguessable link token (issue 21): two random UUIDs, 244 random bits from the server's
 * strong random source, as 64 hex digits. A column default, so new rows and "New link"
 * (`set token = default`) need no code of their own.
 */
export const linkToken = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

/**
 * Storage parameters of the GIN indexes on tables people and imports write to (migration 0031,
 * docs/decisions/0141). A GIN index gathers new entries in a pending list and merges it into the
 * index when it reaches the limit; at PostgreSQL's default of 4 MB the insert that crosses it
 * works for 100 ms and more, and on the embedded database everyone waits for that insert. At
 * 64 kB (the least PostgreSQL allows) each merge is small.
 */
export const smallPendingList = { gin_pending_list_limit: 64 } as const;

/**
 * Text as search compares it: without accents, and with curly apostrophes and quotes straight
 * ("Dürr" as "Durr", "O’Connor" as "O'Connor"), by the `portal_fold` function of migration 0038
 * over the unaccent extension (decision 0180). The trigram indexes are built on this expression
 * and a search compares it with the folded term, so both must be written through here.
 */
export const folded = (text: SQLWrapper) => sql`portal_fold(${text})`;

/**
 * What a search for `text` compares a folded column with (`ilike`): the text anywhere, folded the
 * same way, with its own % _ and \ taken literally.
 */
export const foldedContains = (text: string) => folded(sql`${`%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}`);
