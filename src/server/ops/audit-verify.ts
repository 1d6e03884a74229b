import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';

/** Entries read per statement: a million-entry log is checked in bounded memory. */
const BATCH = 5_000;

export interface AuditVerification {
  /** Entries checked, in chain order. */
  entries: number;
  /** The first entry kept when older ones were removed under the retention setting, or null. */
  startsAt: number | null;
  /** The first entry found wrong, or null when the whole chain holds. */
  broken: { seq: number; id: number; reason: string } | null;
}

interface ChainRow {
  seq: string | number;
  id: string | number;
  prev_hash: string | null;
  hash: string | null;
  recomputed: string;
}

/**
 * Walks the audit log's hash chain in order (decision 0102) and reports the first entry that
 * does not hold: a hash that no longer matches its entry (the entry was altered), a previous
 * hash that is not the hash before it, or a missing number (an entry was removed). The hash is
 * recomputed by the database with the same function its insert trigger uses.
 */
export async function verifyAuditChain(db: Db): Promise<AuditVerification> {
  // After retention removed old entries, the chain starts where activity_prune wrote it did
  // (migration 0013): the first kept entry, linking to the hash of the last removed one.
  const [start] = await queryRows<{ seq: string | number; prev_hash: string | null }>(
    db,
    sql`select seq, prev_hash from activity_chain_start order by id desc limit 1`,
  );
  const startsAt = start ? Number(start.seq) : null;
  let expectedSeq = startsAt ?? 1;
  let previousHash: string | null = start?.prev_hash ?? null;
  let entries = 0;
  for (;;) {
    const rows = await queryRows<ChainRow>(
      db,
      sql`select a.seq, a.id, a.prev_hash, a.hash, activity_entry_hash(a.prev_hash, a) as recomputed
          from activity a where a.seq >= ${expectedSeq} order by a.seq limit ${BATCH}`,
    );
    for (const row of rows) {
      const seq = Number(row.seq);
      const at = { seq, id: Number(row.id) };
      if (seq !== expectedSeq) {
        const missing = expectedSeq === seq - 1 ? `${expectedSeq}` : `${expectedSeq} to ${seq - 1}`;
        return { entries, startsAt, broken: { ...at, reason: `entry ${missing} before it is missing (removed)` } };
      }
      if (row.prev_hash !== previousHash) {
        return { entries, startsAt, broken: { ...at, reason: 'its link to the entry before does not match' } };
      }
      if (row.hash !== row.recomputed) {
        return { entries, startsAt, broken: { ...at, reason: 'its content does not match its hash (altered)' } };
      }
      previousHash = row.hash;
      expectedSeq += 1;
      entries += 1;
    }
    if (rows.length < BATCH) break;
  }
  const [unchained] = await queryRows<{ n: string | number }>(
    db,
    sql`select count(*) as n from activity where seq is null`,
  );
  if (Number(unchained?.n ?? 0) > 0) {
    return { entries, startsAt, broken: { seq: 0, id: 0, reason: `${unchained!.n} entries are outside the chain` } };
  }
  return { entries, startsAt, broken: null };
}
