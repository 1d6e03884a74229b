import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import type { ExportColumn, ExportEntity } from './entities';

/** Rows read per statement: a page, never a whole table, is in memory at once. */
export const EXPORT_PAGE_ROWS = 1000;

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

/** The statement for the page after `after` (the previous page's last key, as text), in key order. */
export function pageQuery(entity: ExportEntity, after: readonly string[] | null, limit = EXPORT_PAGE_ROWS): SQL {
  // json_build_object keeps the columns in their order (jsonb would sort them).
  const row = `json_build_object(${entity.columns.map((c) => `'${c.name}', ${rendered(c)}`).join(', ')})::text as j`;
  const keys = entity.key.map((k) => `t.${quote(k)}`);
  const keyText = keys.map((k, i) => `${k}::text as k${i}`).join(', ');
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
  return sql`select ${sql.raw(`${row}, ${keyText}`)} from ${sql.raw(`${entity.table} t`)}${where} order by ${sql.raw(
    keys.join(', '),
  )} limit ${sql.raw(String(limit))}`;
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

/** How many rows an entity has now (the progress bar's total). */
export async function countRows(db: Db, entity: ExportEntity): Promise<number> {
  const where = entity.where ? ` where ${entity.where}` : '';
  const [row] = await queryRows<{ n: number | string }>(
    db,
    sql.raw(`select count(*)::int as n from ${entity.table} t${where}`),
  );
  return Number(row?.n ?? 0);
}
