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

/**
 * How long one piece of background work (a short transaction of an import's writes) should
 * hold the embedded database: a person's statement that arrives as a piece starts waits about
 * this long (decision 0144). On the bench's data gifts took 24 ms a 250-row insert, up to 70;
 * partners 35 to 40 ms a 100-row one.
 */
export const EMBEDDED_PIECE_MS = 10;

/**
 * The fewest rows a sized piece holds, however slow its rows. A transaction's own cost (its
 * statements' planning, the messages between the threads) is paid per piece: at 20 rows a
 * piece, 100,000 partners took about 57 s to import, at 250 about 45 (decision 0144).
 */
export const MIN_PIECE_ROWS = 50;

/**
 * Sizes background work's pieces by how long the last ones took, so each takes about
 * `targetMs` whatever a row costs there: a partner, with its three trigram indexes, takes three
 * to four times as long to insert as a gift (decision 0144). Never more than `maxRows` nor fewer
 * than `minRows`; the first piece is `minRows`, since nothing is known yet.
 */
export class PieceSizer {
  private msPerRow: number | undefined;

  constructor(
    readonly targetMs: number,
    readonly maxRows: number,
    readonly minRows = Math.min(MIN_PIECE_ROWS, maxRows),
  ) {}

  /** A sizer that always answers `rows`. */
  static fixed(rows: number): PieceSizer {
    return new PieceSizer(Infinity, rows, rows);
  }

  /** The rows of the next piece. */
  get rows(): number {
    if (this.msPerRow === undefined) return this.minRows;
    return Math.max(this.minRows, Math.min(this.maxRows, Math.floor(this.targetMs / this.msPerRow)));
  }

  /** `rows` rows took `ms`. */
  took(rows: number, ms: number): void {
    if (rows <= 0) return;
    const rate = Math.max(0, ms) / rows;
    // Half the last piece, half those before: one slow piece (a GIN index merging its pending
    // list) shrinks the next one, not every one after it.
    this.msPerRow = this.msPerRow === undefined ? rate : (this.msPerRow + rate) / 2;
  }
}

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
