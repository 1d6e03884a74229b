import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { tasks } from '#server/db/schema';

/** Which of these partners have tasks (follow-ups) linked to them, one query. */
export async function partnersWithTasks(db: Db, partnerIds: readonly string[]): Promise<Set<string>> {
  if (partnerIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct ${tasks.partnerId} as id from ${tasks}
        where ${tasks.partnerId} in (select value::uuid from json_array_elements_text(${JSON.stringify(partnerIds)}::json))`,
  );
  return new Set(rows.map((r) => r.id));
}
