import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

export interface TableInfo {
  name: string;
  /** Primary-key columns in key order; rows are read in this order. */
  primaryKey: string[];
}

/**
 * Every table of the application schema (public), parents before children, so rows can be
 * inserted in this order without breaking a foreign key.
 */
export async function listTables(db: Db): Promise<TableInfo[]> {
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const keys = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select c.relname as table_name, a.attname as column_name
        from pg_index i
        join pg_class c on c.oid = i.indrelid
        join pg_namespace n on n.oid = c.relnamespace
        join pg_attribute a on a.attrelid = c.oid and a.attnum = any(i.indkey)
        where i.indisprimary and n.nspname = 'public'
        order by c.relname, array_position(i.indkey::int2[], a.attnum)`,
  );
  const references = await queryRows<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent
        from pg_constraint f
        join pg_class child on child.oid = f.conrelid
        join pg_class parent on parent.oid = f.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where f.contype = 'f' and n.nspname = 'public'`,
  );
  const names = tables.map((t) => t.name);
  const parentsOf = new Map(names.map((n) => [n, new Set<string>()]));
  for (const r of references) if (r.child !== r.parent) parentsOf.get(r.child)?.add(r.parent);

  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !placed.has(n) && [...parentsOf.get(n)!].every((p) => placed.has(p)));
    if (ready.length === 0)
      throw new Error(`foreign keys form a cycle among: ${names.filter((n) => !placed.has(n)).join(', ')}`);
    for (const n of ready) {
      ordered.push(n);
      placed.add(n);
    }
  }
  return ordered.map((name) => ({
    name,
    primaryKey: keys.filter((k) => k.table_name === name).map((k) => k.column_name),
  }));
}

/** Columns filled from a sequence (serial, bigserial), whose sequence a restore must move on. */
export async function serialColumns(db: Db): Promise<{ table: string; column: string }[]> {
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_default like 'nextval(%'
        order by table_name, column_name`,
  );
  return columns.map((c) => ({ table: c.table_name, column: c.column_name }));
}

/**
 * Tables of the application schema with an enabled trigger of our own (not a foreign key's),
 * such as donations, whose triggers keep giving_slots (docs/decisions/0059).
 */
export async function tablesWithTriggers(db: Db): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select distinct c.relname as name from pg_trigger t
        join pg_class c on c.oid = t.tgrelid
        join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and not t.tgisinternal and t.tgenabled <> 'D'
        order by 1`,
  );
  return rows.map((r) => r.name);
}

/** True when the database holds no application table and no migration record. */
export async function isEmptyDatabase(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ tables: number; migrations: boolean }>(
    db,
    sql`select (select count(*)::int from pg_class c join pg_namespace n on n.oid = c.relnamespace
                where n.nspname = 'public' and c.relkind in ('r', 'p')) as tables,
               to_regclass('drizzle.__drizzle_migrations') is not null as migrations`,
  );
  return row!.tables === 0 && !row!.migrations;
}
