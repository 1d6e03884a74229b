import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { donations } from '#server/db/schema';

/** Which of these partners have gifts (voided ones count: they are records too), one query. */
export async function partnersWithGifts(db: Db, partnerIds: readonly string[]): Promise<Set<string>> {
  if (partnerIds.length === 0) return new Set();
  const rows = await queryRows<{ id: string }>(
    db,
    sql`select distinct ${donations.partnerId} as id from ${donations}
        where ${donations.partnerId} in (select value::uuid from json_array_elements_text(${JSON.stringify(partnerIds)}::json))`,
  );
  return new Set(rows.map((r) => r.id));
}
