import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { Database } from '../db/client';
import { appliedMigrations, knownMigrations, MIGRATIONS_FOLDER, runMigrations } from '../db/migrate';
import type { Logger } from '../logger';
import type { Storage } from '../storage';
import { createBackup, describeManifest } from './backup';

/** Where the snapshots taken before migrations live, inside DATA_DIR. */
export const snapshotsDir = (dataDir: string) => path.join(dataDir, 'snapshots');

/** The journal's names of the committed migrations (`0014_account_administration`), oldest first. */
export function migrationTags(): string[] {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  return journal.entries.map((entry) => entry.tag);
}

/** What a snapshot's name says: the schema it holds and when it was taken. */
export interface SnapshotFile {
  file: string;
  /** The newest migration the snapshot's database had (`0014_account_administration`). */
  schema: string;
  takenAt: string;
}

const NAME = /^schema-(\d{4}_[a-z0-9_]+)-(\d{8}T\d{6}Z)\.tar$/;

/** `schema-0014_account_administration-20261125T073000Z.tar`: sorts oldest first by schema, then time. */
export function snapshotName(schema: string, at: Date): string {
  const stamp = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `schema-${schema}-${stamp}.tar`;
}

/** The snapshots in DATA_DIR/snapshots, newest first. */
export async function listSnapshots(dataDir: string): Promise<SnapshotFile[]> {
  const names = await readdir(snapshotsDir(dataDir)).catch(() => [] as string[]);
  return names
    .flatMap((name) => {
      const match = NAME.exec(name);
      if (!match) return [];
      const [, schema, stamp] = match;
      const takenAt = `${stamp!.slice(0, 4)}-${stamp!.slice(4, 6)}-${stamp!.slice(6, 8)}T${stamp!.slice(9, 11)}:${stamp!.slice(11, 13)}:${stamp!.slice(13, 15)}Z`;
      return [{ file: path.join(snapshotsDir(dataDir), name), schema: schema!, takenAt }];
    })
    .sort((a, b) => b.takenAt.localeCompare(a.takenAt) || b.schema.localeCompare(a.schema));
}

/**
 * Before `npm start` applies migrations to a database that already holds data, a backup archive
 * of the database and the stored files (the format of `npm run backup`) goes to
 * DATA_DIR/snapshots, named after the schema it holds; only the newest `keep` are kept. A new,
 * empty database has nothing to lose and gets none. Returns the archive written, if any.
 */
export async function snapshotBeforeMigrations(
  deps: { database: Database; storage: Storage; logger: Logger },
  dataDir: string,
  keep: number,
  migrations = knownMigrations(),
): Promise<string | null> {
  const applied = await appliedMigrations(deps.database.db);
  const pending = migrations.length - applied.length;
  if (applied.length === 0 || pending <= 0) return null;
  const schema = migrationTags()[applied.length - 1] ?? `${String(applied.length - 1).padStart(4, '0')}_unknown`;
  await mkdir(snapshotsDir(dataDir), { recursive: true });
  const file = path.join(snapshotsDir(dataDir), snapshotName(schema, new Date()));
  deps.logger.info({ pending, schema }, `upgrade: ${pending} migration(s) to apply; taking a snapshot first`);
  const { manifest } = await createBackup(deps, file);
  deps.logger.info(
    { file },
    `upgrade: snapshot of schema ${schema} written to ${file} (${describeManifest(manifest)}). ` +
      'To go back to it, stop the portal and run `npm run rollback`.',
  );
  for (const old of (await listSnapshots(dataDir)).slice(keep)) await rm(old.file, { force: true });
  return file;
}

/**
 * Applies the migrations this release brings, after a snapshot of what the database and the
 * files hold now (issue 25, decision 0106). All pending migrations run in one transaction: one
 * that fails leaves the database exactly as the snapshot holds it, and the log says so and how
 * to go back. `migrations` is for tests (a release with a migration that fails).
 */
export async function upgradeDatabase(
  deps: { database: Database; storage: Storage; logger: Logger },
  dataDir: string,
  keep: number,
  migrations = knownMigrations(),
): Promise<void> {
  const snapshot = await snapshotBeforeMigrations(deps, dataDir, keep, migrations);
  try {
    // Each migration's start and end, and a heartbeat while a statement runs long (issue 25 item 3).
    await runMigrations(deps.database, migrations, { log: deps.logger });
  } catch (err) {
    if (snapshot)
      deps.logger.error(
        { err, snapshot },
        'upgrade: a migration failed and was rolled back; the database and files are as the snapshot holds them. ' +
          'Start the previous release of the portal, or stop it and run `npm run rollback` to restore the snapshot.',
      );
    throw err;
  }
}
