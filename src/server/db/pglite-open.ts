/**
 * Opening the embedded database's thread on a data directory, copying the prepared template
 * into a new one first. Kept apart from client.ts, which wraps the thread for drizzle, so that
 * the entry point can start it before the rest of the server's code has loaded
 * (docs/decisions/0151-embedded-database-started-first.md): this module imports nothing heavier
 * than PGlite's thread and the template's check.
 */
import fs from 'node:fs';
import path from 'node:path';
import { lockDataDir } from './data-dir-lock';
import { isEmptyDirectory, PGLITE_TEMPLATE_DIR, seedFromTemplate } from './pglite-template';
import { compiledPglite, openPgliteThread, type PgliteThread } from './pglite-thread';
import type { Logger } from '../logger';

/** Where the embedded database lives inside the portal's DATA_DIR. */
export function embeddedDatabaseDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/**
 * Opens the thread on `dataDir` ('memory' for none), or on `image` in memory. A new directory
 * starts as a copy of `template` when one is given and usable.
 */
export async function openPgliteDataDir(
  dataDir: string,
  template: string | undefined,
  image: Blob | undefined,
  logger: Logger,
): Promise<PgliteThread> {
  // Compiles while the template is copied below; a failure is reported by openPgliteThread.
  compiledPglite().catch(() => {});
  if (dataDir !== 'memory') {
    if (template && isEmptyDirectory(dataDir)) {
      const outcome = seedFromTemplate(dataDir, template);
      if (outcome.used) logger.info({ dataDir }, 'new embedded database: copied the prepared template');
      else logger.warn(`new embedded database: creating its cluster, which takes several seconds: ${outcome.reason}`);
    }
    // PGlite fails on a directory whose parents do not exist yet.
    fs.mkdirSync(dataDir, { recursive: true });
  }
  // PGlite runs on a thread of its own (pglite-thread.ts, decision 0134) with the options it
  // had on the server's thread: pg_trgm and unaccent for search (decision 0180), and strict durability (decision
  // 0070: a commit that has returned survives the process being killed).
  return openPgliteThread({ dataDir: dataDir === 'memory' ? undefined : dataDir, image });
}

/** The portal's embedded database, locked and opening before the server's code is loaded. */
export interface EmbeddedStart {
  releaseLock(): void;
  /** The thread on DATA_DIR/db; startServer migrates and wraps it. */
  thread: Promise<PgliteThread>;
}

/**
 * Takes the data directory's lock (throws DataDirLockedError) and starts opening its database,
 * a new one as a copy of the prepared template. Called by index.ts before it loads the rest of
 * the server, which then loads while PGlite starts on its thread; startServer calls it when no
 * caller did.
 */
export function startEmbedded(dataDir: string, logger: Logger): EmbeddedStart {
  const releaseLock = lockDataDir(dataDir);
  const thread = openPgliteDataDir(embeddedDatabaseDir(dataDir), PGLITE_TEMPLATE_DIR, undefined, logger);
  // Awaited by startServer once the code has loaded; until then a failure is not unhandled.
  thread.catch(() => {});
  return { releaseLock, thread };
}
