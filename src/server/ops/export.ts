import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { appliedMigrations, knownMigrations } from '../db/migrate';
import type { ExportSummary } from '../features/export/archive';
import { exportArchive } from '../features/export/export';
import { streamToFile } from '../storage/stream-to-file';
import { OpsError } from './cli';
import type { OpenedInstallation } from './open-installation';

/**
 * Writes the complete export (decision 0128) of an installation into `out`: first as
 * `<out>.partial`, renamed once whole, so a file named `out` is always a complete archive.
 * The database must be at this release's schema (the portal migrates it when it starts).
 */
export async function exportToFile(
  installation: Pick<OpenedInstallation, 'database' | 'storage'>,
  out: string,
  progress: (done: number, total: number, entity: string) => void,
  now = new Date(),
): Promise<ExportSummary> {
  const applied = (await appliedMigrations(installation.database.db)).length;
  if (applied !== knownMigrations().length) {
    throw new OpsError(
      `The database has ${applied} of this release's ${knownMigrations().length} migrations: ` +
        'start the portal of this release once (it upgrades the database), or run the release that matches it.',
    );
  }
  const file = path.resolve(out);
  const partial = `${file}.partial`;
  try {
    const summary = await exportArchive(
      installation,
      (zip: Readable) => streamToFile(partial, zip),
      async (done, total, entity) => progress(done, total, entity),
      now,
    );
    await rename(partial, file);
    return summary;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * Progress for a person at a terminal: one line rewritten in place (at most ten times a second)
 * on a terminal, a line every five seconds in a log.
 */
export function terminalProgress(stream: NodeJS.WriteStream = process.stderr) {
  let last = 0;
  const every = stream.isTTY ? 100 : 5_000;
  const format = new Intl.NumberFormat('en-US');
  return {
    report(done: number, total: number, entity: string) {
      const now = Date.now();
      if (now - last < every && done < total) return;
      last = now;
      const line = `Exporting: ${format.format(done)} of ${format.format(total)} rows (${entity})`;
      stream.write(stream.isTTY ? `\r${line}\u001b[K` : `${line}\n`);
    },
    done() {
      if (stream.isTTY) stream.write('\n');
    },
  };
}
