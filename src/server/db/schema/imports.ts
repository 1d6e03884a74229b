/** Imports (decision 0113): uploads waiting in storage, remembered column mappings, and the batches written. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';
import { user } from './accounts';

/**
 * Where a batch of rows came from (issue 19's gift import; issue 20's partner import shares
 * it): one row per import. Undoing it removes the rows it wrote, as one change. On the embedded
 * database a batch is written in short transactions (docs/decisions/0140): until `completedAt`
 * is set it is still being written, listed nowhere, and a failure takes its rows back.
 */
export const importBatches = pgTable(
  'import_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['gifts', 'partners'] }).notNull(),
    /** The source's name as the importer gave it ("Bank", "Online giving"): its mapping is remembered by it. */
    source: varchar('source', { length: 100 }).notNull(),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    rows: integer('rows').notNull(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: text('undone_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('import_batches_kind_created_idx').on(t.kind, t.createdAt),
    check('import_batches_kind_check', sql`${t.kind} in ('gifts', 'partners')`),
  ],
);

/**
 * A CSV uploaded for an import and not yet committed or abandoned (docs/decisions/0113). Its
 * bytes are the storage object `imports/<id>`; the row says whose it is and what it is for, so
 * each later step (map, preview, dry run, commit) reads it again from storage instead of
 * holding it in memory, and the orphan sweep removes abandoned ones.
 */
export const importUploads = pgTable(
  'import_uploads',
  {
    id: uuid('id').primaryKey(),
    kind: text('kind', { enum: ['gifts', 'partners'] }).notNull(),
    ownerId: text('owner_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fileName: varchar('file_name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Data rows, the header not counted. */
    rows: integer('rows').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('import_uploads_owner_idx').on(t.ownerId, t.createdAt),
    check('import_uploads_kind_check', sql`${t.kind} in ('gifts', 'partners')`),
  ],
);

/** The column mapping last used per kind of import and source, offered again next time. */
export const importMappings = pgTable(
  'import_mappings',
  {
    kind: text('kind', { enum: ['gifts', 'partners'] }).notNull(),
    source: varchar('source', { length: 100 }).notNull(),
    mapping: jsonb('mapping').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.kind, t.source] })],
);
