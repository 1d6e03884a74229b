/** The partner directory: partners, their contacts, tags and merges, and what a partner import changed. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { CONTACT_KINDS, TAG_COLOURS } from '#shared/partners';
import { createdAt, folded, smallPendingList, updatedAt } from './columns';
import { user } from './accounts';
import { importBatches } from './imports';

export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    phone: varchar('phone', { length: 20 }),
    location: varchar('location', { length: 200 }),
    status: text('status', { enum: ['active', 'inactive'] })
      .notNull()
      .default('active'),
    coordinator: varchar('coordinator', { length: 100 }),
    notes: varchar('notes', { length: 1000 }),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    lastContact: date('last_contact'),
    zone: varchar('zone', { length: 100 }),
    cardholderStatus: boolean('cardholder_status').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * Archived partners (issue 20, D15) leave the directory, the pickers and the chat's
     * cardholder list unless asked for; their gifts, contacts and history stay.
     */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    archivedBy: text('archived_by').references(() => user.id, { onDelete: 'set null' }),
    /** The partner import that created this partner, undone with its batch (decision 0113). */
    importBatchId: uuid('import_batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('partners_name_idx').on(t.name),
    // The gift import matches a chunk's emails ignoring case (partnersByLowered).
    index('partners_email_lower_idx').on(sql`lower(${t.email})`),
    index('partners_import_batch_idx')
      .on(t.importBatchId)
      .where(sql`${t.importBatchId} is not null`),
    index('partners_status_idx').on(t.status),
    // The directory lists partners by name regardless of case, one page at a time (keyset).
    index('partners_sort_idx').on(sql`lower(${t.name})`, t.id),
    // Zones are free text; the filter matches one whatever its case ("North", "north").
    index('partners_zone_lower_idx').on(sql`lower(${t.zone})`),
    // The dashboard's 'Recent Partner Activity': latest additions and contacts.
    index('partners_created_at_idx').on(t.createdAt),
    index('partners_last_contact_idx').on(t.lastContact),
    // The directory's other two orders (issue 27 item 9), one page at a time (keyset): a
    // partner import gives thousands of partners the same created_at, hence the id.
    index('partners_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('partners_contacted_idx').on(t.lastContact.desc().nullsLast(), t.id.desc()),
    // Substring search (ILIKE '%text%') on name, email and location, accents ignored (decision
    // 0180), stays fast at 100,000 partners through trigram indexes on the folded text; the
    // migrations create the pg_trgm and unaccent extensions first.
    index('partners_name_trgm_idx')
      .using('gin', sql`${folded(t.name)} gin_trgm_ops`)
      .with(smallPendingList),
    index('partners_email_trgm_idx')
      .using('gin', sql`${folded(t.email)} gin_trgm_ops`)
      .with(smallPendingList),
    index('partners_location_trgm_idx')
      .using('gin', sql`${folded(t.location)} gin_trgm_ops`)
      .with(smallPendingList),
    check('partners_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/**
 * What a partner import changed on a partner that already existed (the "fill empty fields" and
 * "overwrite" choices for duplicates): the partner's editable fields before the import, put
 * back when the batch is undone.
 */
export const partnerImportChanges = pgTable(
  'partner_import_changes',
  {
    batchId: uuid('batch_id')
      .notNull()
      .references(() => importBatches.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    before: jsonb('before').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.batchId, t.partnerId] }),
    // A removed partner takes its kept values with it: one probe per partner, not a read of every
    // import's kept values (decision 0146).
    index('partner_import_changes_partner_idx').on(t.partnerId),
    // The commit's writing pass matches the partners it updated on the values kept here
    // (features/partners/import-match.ts): one probe per key of the file's chunk.
    index('partner_import_changes_email_idx').on(t.batchId, sql`lower(${t.before}->>'email')`),
    index('partner_import_changes_name_idx').on(t.batchId, sql`lower(${t.before}->>'name')`),
  ],
);

/**
 * The contact log (issue 20): each call, visit, email, letter, meeting, prayer request or note
 * with a partner. `partners.last_contact` is the latest `contact_date`, kept by the trigger of
 * migration 0021 whatever writes here (logging, deleting, a merge moving entries).
 */
export const partnerContacts = pgTable(
  'partner_contacts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONTACT_KINDS }).notNull(),
    contactDate: date('contact_date').notNull(),
    body: varchar('body', { length: 2000 }).notNull(),
    /** Null for the entry migration 0021 made from a last contact typed before the log existed. */
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('partner_contacts_partner_idx').on(t.partnerId, t.contactDate, t.id),
    check(
      'partner_contacts_kind_check',
      sql`${t.kind} in ('call', 'visit', 'email', 'letter', 'meeting', 'prayer_request', 'note')`,
    ),
  ],
);

/** Free tags on partners (issue 20): names unique regardless of case. */
export const partnerTags = pgTable(
  'partner_tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: varchar('name', { length: 50 }).notNull(),
    colour: text('colour', { enum: TAG_COLOURS }).notNull().default('gray'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** The import that created it, whose undo removes it again when no partner carries it (decision 0140). */
    importBatchId: uuid('import_batch_id').references(() => importBatches.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('partner_tags_name_idx').on(sql`lower(${t.name})`),
    index('partner_tags_import_batch_idx').on(t.importBatchId),
    check(
      'partner_tags_colour_check',
      sql`${t.colour} in ('gray', 'red', 'orange', 'amber', 'green', 'teal', 'blue', 'indigo', 'purple', 'pink')`,
    ),
  ],
);

/** Which partner carries which tag. The (tag, partner) key serves the directory's tag filter. */
export const partnerTagLinks = pgTable(
  'partner_tag_links',
  {
    tagId: uuid('tag_id')
      .notNull()
      .references(() => partnerTags.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tagId, t.partnerId] }), index('partner_tag_links_partner_idx').on(t.partnerId)],
);

/**
 * Partners merged into another (issue 20): the merged partner's row is gone, its gifts,
 * contacts, tasks, tags and cardholder channel moved to the survivor. The survivor's timeline
 * reads the change record of the merged ids too. When a survivor is itself merged later, its
 * rows here are re-pointed to the new survivor.
 */
export const partnerMerges = pgTable(
  'partner_merges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    survivorId: uuid('survivor_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    mergedId: uuid('merged_id').notNull(),
    mergedName: varchar('merged_name', { length: 100 }).notNull(),
    mergedBy: text('merged_by').references(() => user.id, { onDelete: 'set null' }),
    mergedAt: timestamp('merged_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('partner_merges_survivor_idx').on(t.survivorId)],
);
