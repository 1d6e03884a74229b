/** The shared file manager. */
import { bigint, index, pgTable, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './accounts';

export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 255 }).notNull(),
    path: text('path').notNull().unique(),
    folderPath: text('folder_path').notNull().default('/'),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: varchar('mime_type', { length: 255 }),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('files_folder_path_idx').on(t.folderPath, t.name)],
);
