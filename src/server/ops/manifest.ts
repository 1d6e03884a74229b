import { z } from 'zod';

export const BACKUP_FORMAT = 'ministry-portal-backup';
export const BACKUP_FORMAT_VERSION = 1;
export const MANIFEST_FILE = 'manifest.json';

const sha256 = z.string().regex(/^[0-9a-f]{64}$/);

/**
 * manifest.json, the first entry of a backup archive (docs/decisions/0080): what the archive
 * holds and the figures a restore checks it against.
 */
export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_FORMAT_VERSION),
  createdAt: z.iso.datetime(),
  source: z.enum(['pglite', 'postgres']),
  /** drizzle.__drizzle_migrations of the source, oldest first. */
  migrations: z.array(z.object({ hash: z.string(), createdAt: z.number().int() })),
  /** Parents before children: the order a restore inserts in. */
  tables: z.array(z.object({ name: z.string().regex(/^[a-z_][a-z0-9_]*$/), rows: z.number().int().min(0), sha256 })),
  objects: z.array(
    z.object({ key: z.string().min(1), size: z.number().int().min(0), sha256, contentType: z.string().min(1) }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestTable = Manifest['tables'][number];
export type ManifestObject = Manifest['objects'][number];

/** Where a table's rows and an object's bytes sit inside the archive (and its staging folder). */
export const tableEntry = (table: string) => `db/${table}.ndjson`;
export const objectEntry = (key: string) => `objects/${key}`;
