import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { activity } from '#server/db/schema';

/**
 * The longest a summary is served while nothing changes: the figures also move with the clock
 * (an event starts and leaves "upcoming", a month ends). A minute bounds that.
 */
export const SUMMARY_MAX_AGE_MS = 60_000;

/**
 * Where the change record ends: every write records one entry in its own transaction (the
 * service contract, decision 0097), so a summary read at one position is current until it
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
 * The dashboard summary per time zone, the same for everyone who may see the dashboard, kept
 * while the change record has not moved, for at most a minute (issue 18 item 0, decision
 * 0108). Fifty people opening the dashboard at once cause one computation: the first request's
 * promise is shared by the others.
 */
export class SummaryCache<T> {
  readonly #entries = new Map<string, Entry<T>>();

  constructor(private readonly now: () => number = Date.now) {}

  /**
   * The summary for `timeZone` at change `position`, computed at most once per position and
   * minute. `keep` says whether a computed summary may be served again (not one in which a
   * section failed).
   */
  async get(timeZone: string, position: number, compute: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    const entry = this.#entries.get(timeZone);
    if (entry && entry.position === position && this.now() - entry.at < SUMMARY_MAX_AGE_MS) return entry.value;
    const fresh: Entry<T> = { value: compute(), position, at: this.now() };
    this.#entries.set(timeZone, fresh);
    const forget = () => {
      if (this.#entries.get(timeZone) === fresh) this.#entries.delete(timeZone);
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
