import { setImmediate as afterPendingIo } from 'node:timers/promises';

/**
 * How long a long job may keep the server's thread before it lets waiting requests, realtime
 * messages and timers in (docs/decisions/0141). Short enough that a page or a chat message
 * waits a few milliseconds at most behind an import; long enough that the pauses cost little.
 */
export const SLICE_MS = 4;

/**
 * Long work on the server's thread, cut into slices: once a slice has lasted its time,
 * `maybePause()` waits until the event loop has handled the I/O that arrived meanwhile
 * (setImmediate runs after the poll phase) and starts the next slice. Cheap enough to call on
 * every row: one clock read.
 */
export class Slices {
  private started = performance.now();

  constructor(private readonly budgetMs = SLICE_MS) {}

  /** Pauses when the slice is over; resolves at once otherwise. */
  async maybePause() {
    if (performance.now() - this.started < this.budgetMs) return;
    await afterPendingIo();
    this.started = performance.now();
  }
}
