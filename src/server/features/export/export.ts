import type { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { ZipFile } from 'yazl';
import type { Database, Db } from '#server/db/client';
import type { Storage } from '#server/storage/index';
import { writeExport, type ExportProgress, type ExportSummary } from './archive';
import { EXPORT_PAGE_ROWS } from './pages';
import { downloadDay } from '#shared/time-zone';

/**
 * Runs `read` so that every page sees the data as of one moment where that costs nobody: on
 * PostgreSQL a REPEATABLE READ, READ ONLY transaction on one connection, while the portal goes
 * on writing on the others. The embedded database has one connection, which a transaction would
 * hold for the whole export and make every request wait: there each page is its own statement,
 * and rows changed during the export may appear as they were before or after (decision 0128).
 */
async function readConsistently<T>(database: Pick<Database, 'kind' | 'db'>, read: (db: Db) => Promise<T>): Promise<T> {
  if (database.kind !== 'postgres') return read(database.db);
  return database.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    await db.execute(sql`set transaction isolation level repeatable read, read only`);
    return read(db);
  });
}

/**
 * Builds the complete export as a zip and hands its bytes to `store` as they are made (the
 * storage in the job, a file at the command line). Resolves once `store` has taken all of it;
 * on any failure the zip is abandoned and `store`'s failure, if any, is awaited so nothing is
 * left half-written behind the caller's back.
 */
export async function exportArchive(
  source: { database: Pick<Database, 'kind' | 'db' | 'backgroundRows'>; storage: Pick<Storage, 'get'> },
  store: (zip: Readable) => Promise<unknown>,
  progress: ExportProgress,
  now = new Date(),
): Promise<ExportSummary> {
  const zip = new ZipFile();
  const output = zip.outputStream as unknown as Readable;
  const stored = store(output);
  // The store's failure ends the export instead of leaving it waiting for a reader that is gone.
  const sinkFailed = stored.then(
    () => new Promise<never>(() => {}),
    (err: unknown) => Promise.reject(err),
  );
  sinkFailed.catch(() => {});
  try {
    const summary = await readConsistently(source.database, (db) =>
      writeExport(
        zip,
        {
          db,
          storage: source.storage,
          progress,
          now,
          oneMoment: source.database.kind === 'postgres',
          pageRows: source.database.backgroundRows ?? EXPORT_PAGE_ROWS,
        },
        sinkFailed,
      ),
    );
    await stored;
    return summary;
  } catch (err) {
    output.destroy();
    await stored.catch(() => {});
    throw err;
  }
}

/** The download's name: the day the export was made, where the person who asked for it is. */
export const exportFileName = (at: Date, timeZone: string | undefined) =>
  `portal-export-${downloadDay(timeZone, at)}.zip`;
