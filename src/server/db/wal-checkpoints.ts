/**
 * Checkpoints of the embedded database (decision 0166). PGlite runs PostgreSQL as a single
 * user, without the checkpointer process that would otherwise write one every few minutes or
 * each max_wal_size of write-ahead log. Left alone, the log grew for as long as the portal
 * ran, on disk and in what a start after a crash replays: 1.7 GB after 1.5 GB of writes, and
 * six seconds to open again after kill -9. The server asks for a checkpoint itself once the
 * log since the last one passes `CHECKPOINT_AFTER_BYTES`; PostgreSQL then recycles the old
 * segments. PostgreSQL proper has its checkpointer, so nothing here runs there.
 */
import { sql } from 'drizzle-orm';
import { asBackgroundWork } from './background-work';
import type { Database, Db } from './client';
import { queryRows } from './query-rows';
import type { Logger } from '../logger';

/**
 * After this much log, a checkpoint. It holds the one connection while it writes the pages
 * changed since the last one, at most `shared_buffers` (128 MB): 144 ms after 256 MB of gifts
 * on the bench's data. A start after a crash replays at most about this much (2 s for 284 MB).
 * Lower is worse, not safer: the first change to each page after a checkpoint logs the whole
 * page, so with a checkpoint every 64 MB a gift wrote 33 KB of log instead of 7, and 30,000
 * gifts took 14 checkpoints (decision 0166).
 */
export const CHECKPOINT_AFTER_BYTES = 256 * 1024 * 1024;

/** How often the log's length is read: one cheap statement, given way to people. */
export const WAL_CHECK_EVERY_MS = 30_000;

/** Bytes of write-ahead log written since the last checkpoint began. */
export async function walSinceCheckpoint(db: Db): Promise<number> {
  const [row] = await queryRows<{ bytes: string | number }>(
    db,
    sql`select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::bigint as bytes from pg_control_checkpoint()`,
  );
  return Number(row!.bytes);
}

/** Checkpoints if the log since the last checkpoint has reached `afterBytes`; says whether it did. */
export async function checkpointIfDue(db: Db, afterBytes = CHECKPOINT_AFTER_BYTES): Promise<boolean> {
  return asBackgroundWork(async () => {
    if ((await walSinceCheckpoint(db)) < afterBytes) return false;
    await db.execute(sql`checkpoint`);
    return true;
  });
}

/**
 * Reads the embedded database's log length every `everyMs` and checkpoints when it is due.
 * Resolves the returned stop once a check in progress has ended, so the database is not
 * closed under it. On PostgreSQL it does nothing.
 */
export function startCheckpoints(
  database: Database,
  logger: Logger,
  { everyMs = WAL_CHECK_EVERY_MS, afterBytes = CHECKPOINT_AFTER_BYTES } = {},
): () => Promise<void> {
  if (database.kind !== 'pglite') return async () => {};
  let running: Promise<void> | undefined;
  const check = () => {
    running ??= (async () => {
      try {
        const started = performance.now();
        if (await checkpointIfDue(database.db, afterBytes)) {
          logger.debug({ ms: Math.round(performance.now() - started) }, 'embedded database: checkpoint');
        }
      } catch (err) {
        logger.warn({ err }, 'embedded database: checkpoint failed; the next check tries again');
      } finally {
        running = undefined;
      }
    })();
  };
  const timer = setInterval(check, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
