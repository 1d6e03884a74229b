import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';

/**
 * Makes the database refuse a row of `table` whose notes are 'explode' ("injected failure"),
 * so a test can fail an import part-way at a row of its choosing. Returns the clean-up.
 */
export async function failRowsNoted(
  db: Db,
  table: 'donations' | 'partners',
  on: 'insert' | 'insert or update' = 'insert',
): Promise<() => Promise<void>> {
  const name = `fail_${table}_import`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin if new.notes = 'explode' then raise exception 'injected failure'; end if; return new; end $$`),
  );
  await db.execute(sql.raw(`create trigger ${name} before ${on} on ${table} for each row execute function ${name}()`));
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}()`));
  };
}
