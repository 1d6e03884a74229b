import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import type { ExportColumn, ExportEntity } from './entities';

/**
 * Rows read per statement: a page, never a whole table, is in memory at once. On the embedded
 * database a page is its `backgroundRows` (250): a page of gifts takes about 15 ms there, a
 * thousand about 60 (docs/decisions/0141).
 */
export const EXPORT_PAGE_ROWS = 1000;
/**
 * Rows counted per statement: one count of a million gifts took 255 ms on the embedded
 * database, so about 13 ms for 50,000.
 */
export const COUNT_CHUNK_ROWS = 50_000;

export type ExportRow = Record<string, unknown>;

const quote = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * A column's value as JSON: instants in UTC with their microseconds, dates and exact decimals
 * as text, so both databases (and any reader) get the same characters for the same value.
 */
function rendered(column: ExportColumn): string {
  const value = column.expr ?? `t.${quote(column.name)}`;
  switch (column.type) {
    case 'timestamp':
      return `to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
    case 'date':
    case 'decimal':
      return `(${value})::text`;
    default:
      return value;
  }
}

/** The entity's rows after `after` (the last key read, as text), for a page or a count. */
function rowsAfter(entity: ExportEntity, after: readonly string[] | null) {
  const keys = entity.key.map((k) => `t.${quote(k)}`);
  const conditions: SQL[] = [];
  if (entity.where) conditions.push(sql.raw(`(${entity.where})`));
  if (after) {
    // A row comparison over the primary key: the next page starts just after the last row read.
    conditions.push(
      sql`(${sql.raw(keys.join(', '))}) > (${sql.join(
        after.map((v) => sql`${v}`),
        sql`, `,
      )})`,
    );
  }
  const where = conditions.length ? sql` where ${sql.join(conditions, sql` and `)}` : sql``;
  return {
    keyText: keys.map((k, i) => `${k}::text as k${i}`).join(', '),
    from: sql`${sql.raw(`${entity.table} t`)}${where}`,
    order: sql.raw(keys.join(', ')),
  };
}

/** The statement for the page after `after` (the previous page's last key, as text), in key order. */
export function pageQuery(entity: ExportEntity, after: readonly string[] | null, limit = EXPORT_PAGE_ROWS): SQL {
  // json_build_object keeps the columns in their order (jsonb would sort them).
  const row = `json_build_object(${entity.columns.map((c) => `'${c.name}', ${rendered(c)}`).join(', ')})::text as j`;
  const { keyText, from, order } = rowsAfter(entity, after);
  return sql`select ${sql.raw(`${row}, ${keyText}`)} from ${from} order by ${order} limit ${sql.raw(String(limit))}`;
}

/** Every row of an entity, a page at a time, each row as its columns in order. */
export async function* entityPages(
  db: Db,
  entity: ExportEntity,
  limit = EXPORT_PAGE_ROWS,
): AsyncGenerator<ExportRow[]> {
  let after: string[] | null = null;
  for (;;) {
    const rows: Record<string, string>[] = await queryRows<Record<string, string>>(db, pageQuery(entity, after, limit));
    if (rows.length === 0) return;
    yield rows.map((r) => JSON.parse(r.j!) as ExportRow);
    if (rows.length < limit) return;
    const last: Record<string, string> = rows[rows.length - 1]!;
    after = entity.key.map((_, i): string => last[`k${i}`]!);
  }
}

/**
 * How many rows an entity has now (the progress bar's total), counted COUNT_CHUNK_ROWS at a
 * time in key order: one count of a million gifts would hold the embedded database for a
 * quarter of a second, and everyone with it.
 */
export async function countRows(db: Db, entity: ExportEntity, chunk = COUNT_CHUNK_ROWS): Promise<number> {
  let total = 0;
  let after: string[] | null = null;
  for (;;) {
    const { keyText, from, order } = rowsAfter(entity, after);
    // The chunk's last row, found by skipping the others in the key's index.
    const [last] = await queryRows<Record<string, string>>(
      db,
      sql`select ${sql.raw(keyText)} from ${from} order by ${order} offset ${sql.raw(String(chunk - 1))} limit 1`,
    );
    if (!last) break;
    total += chunk;
    after = entity.key.map((_, i) => last[`k${i}`]!);
  }
  // Fewer than a chunk are left: counted.
  const { from } = rowsAfter(entity, after);
  const [rest] = await queryRows<{ n: number | string }>(db, sql`select count(*)::int as n from ${from}`);
  return total + Number(rest?.n ?? 0);
}
