import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { activity } from '#server/db/schema';

/**
 * The longest an answer is served while nothing changes: some also move with the clock (an
 * event starts and leaves "upcoming", a month ends). A minute bounds that.
 */
export const CHANGE_CACHE_MAX_AGE_MS = 60_000;

/** How many answers one cache keeps (the oldest goes first): a few months, a few time zones. */
export const CHANGE_CACHE_MAX_ENTRIES = 64;

/**
 * Where the change record ends: every write records one entry in its own transaction (the
 * service contract, decision 0097), so an answer read at one position is current until it
 * moves. One index lookup, on whichever instance made the change.
 */
export async function changePosition(db: Db): Promise<number> {
  const [row] = await db.select({ seq: sql<string | number | null>`max(${activity.seq})` }).from(activity);
  return Number(row?.seq ?? 0);
}

interface Entry<T> {
  value: Promise<T>;
  position: number;
  at: number;
}

/**
 * Answers that are the same for everyone who may see them (the dashboard summary of a time
 * zone, the calendar's occurrences of a month), kept while the change record has not moved,
 * for at most a minute (decision 0108). Fifty people asking at once cause one computation: the
 * first request's promise is shared by the others. Exact on every instance: each asks the
 * database where the record ends before it serves.
 */
export class ChangeCache<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The answer for `key` at change `position`, computed at most once per position and minute.
   * `keep` says whether a computed answer may be served again (not one in which a part failed).
   */
  async get(key: string, position: number, compute: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    const entry = this.#entries.get(key);
    if (entry && entry.position === position && this.now() - entry.at < CHANGE_CACHE_MAX_AGE_MS) return entry.value;
    const fresh: Entry<T> = { value: compute(), position, at: this.now() };
    this.#entries.delete(key);
    this.#entries.set(key, fresh);
    // A Map iterates in insertion order: the first key is the oldest answer.
    if (this.#entries.size > CHANGE_CACHE_MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!);
    const forget = () => {
      if (this.#entries.get(key) === fresh) this.#entries.delete(key);
    };
    try {
      const value = await fresh.value;
      if (!keep(value)) forget();
      return value;
    } catch (err) {
      forget();
      throw err;
    }
  }
}

/** One cache per running portal (its database), made on first use. */
export function cachePerDatabase<T>(): (database: object) => ChangeCache<T> {
  const caches = new WeakMap<object, ChangeCache<T>>();
  return (database) => {
    let cache = caches.get(database);
    if (!cache) caches.set(database, (cache = new ChangeCache<T>()));
    return cache;
  };
}
