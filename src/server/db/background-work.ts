/**
 * People first on the embedded database (docs/decisions/0141). PGlite runs one statement at a
 * time, so a background job's statement that starts just before a person's makes the person wait
 * for it. Work run through `asBackgroundWork` (the job runner's handlers) therefore starts each
 * statement or transaction only when no person's statement is on its way and none has been for
 * QUIET_MS, the gap between the statements of one request; it waits at most MAX_WAIT_MS, so a
 * steady stream of requests slows a job down but never stops it. A background transaction, once
 * begun, runs its statements without waiting: a person's statement could not start before it
 * ends anyway. PostgreSQL has a connection for each, and does not use this.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { setTimeout as sleep } from 'node:timers/promises';

const background = new AsyncLocalStorage<true>();

/** Runs `work` (and everything it awaits) as background work: it gives way to people. */
export function asBackgroundWork<T>(work: () => Promise<T>): Promise<T> {
  return background.run(true, work);
}

export function isBackgroundWork(): boolean {
  return background.getStore() === true;
}

export const QUIET_MS = 3;
export const MAX_WAIT_MS = 100;

/**
 * The embedded database's `Database.backgroundRows`: the rows one statement or short transaction
 * of background work touches there (a chunk of an import's lookups, a transaction of its writes,
 * a page of the export), so a person's statement waits behind tens of milliseconds, not
 * hundreds (docs/decisions/0140, 0141). 100 rows a write transaction did not shorten chat's
 * waits measurably and made a job run longer (decision 0141 and its amendment).
 */
export const EMBEDDED_BACKGROUND_ROWS = 250;

/** Counts people's statements on their way to the database; background work waits for none. */
export class ForegroundFirst {
  private inFlight = 0;
  private quietSince = -Infinity;

  constructor(
    private readonly quietMs = QUIET_MS,
    private readonly maxWaitMs = MAX_WAIT_MS,
  ) {}

  /** Wraps a person's statement: counted until it is answered. */
  async foreground<T>(statement: () => Promise<T>): Promise<T> {
    this.inFlight++;
    try {
      return await statement();
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) this.quietSince = performance.now();
    }
  }

  /** Resolves when background work may start its next statement. */
  async giveWay(): Promise<void> {
    const until = performance.now() + this.maxWaitMs;
    for (;;) {
      const now = performance.now();
      const quietFor = this.inFlight > 0 ? 0 : now - this.quietSince;
      if (quietFor >= this.quietMs || now >= until) return;
      await sleep(Math.max(1, Math.min(this.quietMs - quietFor, until - now)));
    }
  }
}
