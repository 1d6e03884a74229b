import { mkdir, open } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../db/client';
import type { AppliedMigration } from '../db/migrate';
import { tableEntry, type ManifestTable } from './manifest';
import { referencedObjectKeys } from './object-references';
import { withSnapshot } from './snapshot';
import { TableDigest } from './table-digest';

export interface DatabaseDump {
  tables: ManifestTable[];
  migrations: AppliedMigration[];
  /** The stored objects the dumped rows point at, to be copied next. */
  objectKeys: string[];
}

/** Writes every table as `db/<table>.ndjson` under `dir`, all from one snapshot. */
export async function dumpDatabase(db: Db, dir: string): Promise<DatabaseDump> {
  await mkdir(path.join(dir, 'db'), { recursive: true });
  return withSnapshot(db, async (snapshot) => {
    const tables: ManifestTable[] = [];
    for (const table of snapshot.tables) {
      const digest = new TableDigest();
      const file = await open(path.join(dir, tableEntry(table.name)), 'w');
      try {
        await snapshot.readTable(table, async (lines) => {
          for (const line of lines) digest.add(line);
          await file.write(`${lines.join('\n')}\n`);
        });
      } finally {
        await file.close();
      }
      tables.push({ name: table.name, rows: digest.rows, sha256: digest.digest() });
    }
    return { tables, migrations: snapshot.migrations, objectKeys: await referencedObjectKeys(snapshot) };
  });
}

/** Row counts and checksums of every table as it is now (what a restore is verified against). */
export async function summariseDatabase(db: Db): Promise<ManifestTable[]> {
  return withSnapshot(db, async (snapshot) => {
    const tables: ManifestTable[] = [];
    for (const table of snapshot.tables) {
      const digest = new TableDigest();
      await snapshot.readTable(table, (lines) => {
        for (const line of lines) digest.add(line);
      });
      tables.push({ name: table.name, rows: digest.rows, sha256: digest.digest() });
    }
    return tables;
  });
}
