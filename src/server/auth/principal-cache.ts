import type { Database } from '../db/client';

/** Channel the triggers of drizzle/0005_principal_changes.sql notify on. */
export const PRINCIPAL_CHANGES_CHANNEL = 'principal_changes';

/** Sessions remembered at most; beyond this the oldest entry makes room. */
const MAX_ENTRIES = 10_000;

/**
 * Principal rows by session token, for the embedded database only (docs/decisions/0064). The
 * notifier keeps the active team in one too (decision 0149): it is read from the same tables.
 *
 * The embedded database belongs to one process: every write to the session, user, role and
 * switch tables runs in this process, and their triggers notify PRINCIPAL_CHANGES_CHANNEL in
 * the same step that commits the write, before that write's caller resumes. Each
 * notification empties the cache, so a sign-out, a revoked session or a changed switch still
 * applies to the very next request. On PostgreSQL several instances share the data and
 * notifications can be lost while a listener reconnects, so there is no cache there
 * (decision 0062).
 */
export class PrincipalCache<Row> {
  readonly #rows = new Map<string, Row>();
  /** Bumped by every change, so a read that overlapped one does not store what it read. */
  #generation = 0;

  get(token: string): Row | undefined {
    return this.#rows.get(token);
  }

  /**
   * The remembered row, or else one read through `load` and remembered when found, unless a
   * change was announced while the read was under way: the row may then predate it (the read
   * ran, the change committed and emptied the cache, and only then did this continue).
   */
  async read(token: string, load: () => Promise<Row | undefined>): Promise<Row | undefined> {
    const remembered = this.#rows.get(token);
    if (remembered !== undefined) return remembered;
    const generation = this.#generation;
    const row = await load();
    if (row !== undefined && generation === this.#generation) {
      if (this.#rows.size >= MAX_ENTRIES) this.#rows.delete(this.#rows.keys().next().value!);
      this.#rows.set(token, row);
    }
    return row;
  }

  /** Forgets every row: something they were read from changed. */
  clear(): void {
    this.#rows.clear();
    this.#generation += 1;
  }

  get size(): number {
    return this.#rows.size;
  }
}

/**
 * A cache emptied on every announced change, on the embedded database; null on PostgreSQL.
 * Resolves once the database is listening, so no change can slip past it.
 */
export async function listenedPrincipalCache<Row>(database: Database): Promise<PrincipalCache<Row> | null> {
  if (database.kind !== 'pglite') return null;
  const cache = new PrincipalCache<Row>();
  await database.listen(PRINCIPAL_CHANGES_CHANNEL, () => cache.clear());
  return cache;
}
