import { sql } from 'drizzle-orm';
import { isObjectKey } from '../storage';
import { PLACEHOLDER_NAME } from '#shared/schemas/files';
import type { SnapshotReader } from './snapshot';

/**
 * The stored objects the snapshot's rows point at: a file record's bytes (`files/<id>`; folder
 * placeholders have none) and an event's image (`events.image_url` holds its key). Objects no
 * row points at (an upload whose record was never written) are not backed up, nor are a year's
 * statement archives (a job's output, built again on demand). The ministry's logo is kept in
 * app_settings (`organization_logo`, decision 0112).
 */
export async function referencedObjectKeys(snapshot: SnapshotReader): Promise<string[]> {
  const names = new Set(snapshot.tables.map((t) => t.name));
  const keys: string[] = [];
  if (names.has('files')) {
    const rows = await snapshot.query<{ key: string }>(
      sql`select 'files/' || id::text as key from files where name <> ${PLACEHOLDER_NAME} order by id`,
    );
    keys.push(...rows.map((r) => r.key));
  }
  if (names.has('events')) {
    const rows = await snapshot.query<{ key: string }>(
      sql`select image_url as key from events where image_url is not null order by id`,
    );
    keys.push(...rows.map((r) => r.key).filter(isObjectKey));
  }
  if (names.has('app_settings')) {
    const rows = await snapshot.query<{ key: string }>(
      sql`select value as key from app_settings where key = 'organization_logo'`,
    );
    keys.push(...rows.map((r) => r.key).filter(isObjectKey));
  }
  return [...new Set(keys)];
}
