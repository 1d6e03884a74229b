import type { Db } from '../db/client';
import type { Storage } from '../storage';
import { summariseDatabase } from './dump';
import type { Manifest } from './manifest';
import { verifyObjects } from './objects';

/**
 * Compares a database and a store with a manifest: every table's row count and checksum, and
 * every object's size and checksum. Returns one readable line per difference; none means equal.
 */
export async function compareWithManifest(db: Db, storage: Storage | undefined, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  const actual = new Map((await summariseDatabase(db)).map((t) => [t.name, t]));
  for (const expected of manifest.tables) {
    const found = actual.get(expected.name);
    if (!found) problems.push(`table ${expected.name}: missing`);
    else if (found.rows !== expected.rows)
      problems.push(`table ${expected.name}: ${found.rows} rows, expected ${expected.rows}`);
    else if (found.sha256 !== expected.sha256)
      problems.push(`table ${expected.name}: same row count, different contents`);
    actual.delete(expected.name);
  }
  for (const extra of actual.keys()) problems.push(`table ${extra}: not in the backup`);
  if (storage) problems.push(...(await verifyObjects(storage, manifest.objects)));
  return problems;
}
