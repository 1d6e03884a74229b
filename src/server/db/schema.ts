/**
 * The one schema for both PGlite and PostgreSQL. Column names are snake_case; the
 * better-auth tables keep the property names its drizzle adapter expects.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  real,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { FORM_STATUSES } from '#shared/forms';
import { CONTACT_KINDS, TAG_COLOURS } from '#shared/partners';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
/** Binary data; node-postgres answers a Buffer, PGlite a Uint8Array: both become a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

// ---- authentication (better-auth core tables) ----

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // SPEC "Session user" metadata, kept as columns so they can be queried and validated.
    displayName: varchar('display_name', { length: 100 }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    partnerUpdates: boolean('partner_updates').notNull().default(true),
    donationAlerts: boolean('donation_alerts').notNull().default(true),
    // Notification emails (issue 16, docs/decisions/0100): one each as it happens, or one daily
    // digest; `last_digest_at` is when the last digest was queued.
    emailFrequency: text('email_frequency', { enum: ['immediately', 'daily'] })
      .notNull()
      .default('immediately'),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    // Set by an admin (issue 17, decision 0104): the person cannot sign in, their sessions were
    // ended, and they are told of nothing; null while the account is active.
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    // better-auth's two-factor plugin sets this once an authenticator app is confirmed
    // (the two_factor table below, decision 0105).
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    // Set with a temporary password from an admin: the next sign-in must choose a new password
    // before anything else (auth/account-setup.ts).
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [check('user_email_frequency_check', sql`${t.emailFrequency} in ('immediately', 'daily')`)],
);

/**
 * When each person last signed in, for the admin's list of accounts. Its own table: a column
 * of `user` would empty every instance's principal cache at each sign-in (decision 0064).
 */
export const userSignIns = pgTable('user_sign_ins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
});

/**
 * better-auth's two-factor plugin (issue 17 item 2, decision 0105): one row per person who
 * started enrolling an authenticator app. `secret` and `backup_codes` are encrypted by
 * better-auth with the installation's secret; `verified` turns true when the first code is
 * confirmed. The failure columns are the plugin's own lock-out after repeated wrong codes.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
);

/**
 * The last authenticator code each person signed in with, hashed: a code stays valid for up to
 * 90 seconds, and the same code presented again within that time is refused (RFC 6238 §5.2),
 * so a code seen over someone's shoulder cannot be replayed (auth/two-factor-replay.ts).
 */
export const twoFactorUsedCode = pgTable('two_factor_used_code', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Installation-wide settings generated on first start (the session-signing secret). */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/** Failed sign-in counters per account and per client address, shared by every instance. */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  // Set to a fresh random id by the attempt that won the last reservation (sign-in-throttle.ts).
  lastAttemptId: text('last_attempt_id'),
  // last_failure_at before that reservation: a reservation given back (a success) restores it.
  previousFailureAt: timestamp('previous_failure_at', { withTimezone: true }),
});

// ---- roles and permissions ----

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'coordinator'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', sql`${t.role} in ('admin', 'coordinator')`),
  ],
);

export const coordinatorPermissions = pgTable(
  'coordinator_permissions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature] })],
);

// ---- ministry data ----

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
    index('partners_zone_idx').on(t.zone),
    // The dashboard's 'Recent Partner Activity': latest additions and contacts.
    index('partners_created_at_idx').on(t.createdAt),
    index('partners_last_contact_idx').on(t.lastContact),
    // The directory's other two orders (issue 27 item 9), one page at a time (keyset): a
    // partner import gives thousands of partners the same created_at, hence the id.
    index('partners_newest_idx').on(t.createdAt.desc(), t.id.desc()),
    index('partners_contacted_idx').on(t.lastContact.desc().nullsLast(), t.id.desc()),
    // Substring search (ILIKE '%text%') on name, email and location stays fast at 100,000
    // partners through trigram indexes; the migration creates the pg_trgm extension first.
    index('partners_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    index('partners_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
    index('partners_location_trgm_idx').using('gin', t.location.op('gin_trgm_ops')),
    check('partners_status_check', sql`${t.status} in ('active', 'inactive')`),
  ],
);

/**
 * Where a batch of rows came from (issue 19's gift import; issue 20's partner import shares
 * it): one row per committed import. Undoing it removes the rows it wrote, as one change.
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
  },
  (t) => [
    uniqueIndex('partner_tags_name_idx').on(sql`lower(${t.name})`),
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

export const donations = pgTable(
  'donations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    partnerName: varchar('partner_name', { length: 100 }).notNull(),
    // numeric keeps cents exact; never a float.
    amount: numeric('amount', { precision: 12, scale: 2 }).notNull(),
    donationType: text('donation_type', { enum: ['one-time', 'monthly'] }).notNull(),
    notes: varchar('notes', { length: 500 }),
    donationDate: timestamp('donation_date', { withTimezone: true }).notNull().defaultNow(),
    // Issue 19: how it was given and the check number or giving service's id, both optional.
    method: text('method', { enum: ['cash', 'check', 'card', 'bank_transfer', 'online'] }),
    reference: varchar('reference', { length: 100 }),
    /**
     * A voided gift stays (struck through, with its reason) and counts nowhere: the rollup
     * triggers, the dashboard, insights and statements all read `voided_at is null`.
     */
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: text('voided_by').references(() => user.id, { onDelete: 'set null' }),
    voidReason: varchar('void_reason', { length: 500 }),
    /** Raised by every correction: an edit made on an older version is refused, not lost over. */
    version: integer('version').notNull().default(1),
    importBatchId: uuid('import_batch_id').references(() => importBatches.id),
  },
  (t) => [
    // Date range scans, and (with amount) the dashboard's monthly sums as an index-only scan
    // of the gifts that count.
    index('donations_date_amount_idx')
      .on(t.donationDate, t.amount)
      .where(sql`voided_at is null`),
    // The Giving screen's pages, newest first by (date, id), voided gifts included or not.
    index('donations_date_id_idx').on(t.donationDate, t.id),
    // The gift import's likely-duplicate lookup: one exact amount within one day. Amount first,
    // so each probe reads only its matches, not every gift of the day (issue 19's benchmark).
    index('donations_amount_date_idx')
      .on(t.amount, t.donationDate)
      .where(sql`voided_at is null`),
    // The Giving screen's count with voided gifts included: the counted ones come from the
    // rollup, the few voided ones from here (docs/decisions/0131).
    index('donations_voided_date_idx')
      .on(t.donationDate)
      .where(sql`voided_at is not null`),
    index('donations_partner_id_idx').on(t.partnerId, t.donationDate),
    index('donations_import_batch_idx').on(t.importBatchId),
    // The Giving screen's text filter (ILIKE '%text%') over the name and the notes.
    index('donations_text_trgm_idx').using(
      'gin',
      sql`(${t.partnerName} || ' ' || coalesce(${t.notes}, '')) gin_trgm_ops`,
    ),
    check('donations_amount_check', sql`${t.amount} > 0 and ${t.amount} <= 999999999`),
    check('donations_type_check', sql`${t.donationType} in ('one-time', 'monthly')`),
    check('donations_method_check', sql`${t.method} in ('cash', 'check', 'card', 'bank_transfer', 'online')`),
    check('donations_void_check', sql`(${t.voidedAt} is null) = (${t.voidReason} is null)`),
  ],
);

/**
 * The giving rollup (docs/decisions/0059): gifts summed per 15-minute UTC slot, and per UTC day
 * for the whole days inside a month. Derived from donations only: triggers on donations
 * (migration 0004) keep both in the same transaction as every insert, update, delete and
 * truncate (adding each transaction's changes at its commit, migration 0029), so they are
 * never written directly. A slot or day has a row while it holds a gift.
 * Cents as bigint: summing integers is several times faster than summing numeric, and exact.
 */
export const givingSlots = pgTable('giving_slots', {
  slot: timestamp('slot', { withTimezone: true }).primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  gifts: integer('gifts').notNull(),
});

export const givingDays = pgTable('giving_days', {
  day: timestamp('day', { withTimezone: true }).primaryKey(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  gifts: integer('gifts').notNull(),
});

/**
 * What a transaction's gift writes change in the rollup, waiting for its commit (migration 0029,
 * decision 0138): the rollup's shared rows are then updated once, inside the commit, so writers
 * do not queue on today's row while their requests still run. Empty outside a transaction.
 */
export const givingRollupPending = pgTable('giving_rollup_pending', {
  slot: timestamp('slot', { withTimezone: true }).notNull(),
  amountCents: bigint('amount_cents', { mode: 'bigint' }).notNull(),
  gifts: bigint('gifts', { mode: 'number' }).notNull(),
});

/** One row per transaction with pending rollup changes: its deferred trigger folds them at commit. */
export const givingRollupMarks = pgTable('giving_rollup_marks', {
  at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An unguessable link token (issue 21): two random UUIDs, 244 random bits from the server's
 * strong random source, as 64 hex digits. A column default, so new rows and "New link"
 * (`set token = default`) need no code of their own.
 */
const linkToken = sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`;

export const events = pgTable(
  'events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept when its creator's account is deleted (decision 0109, migration 0017).
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 5000 }),
    /**
     * Instants. An all-day event (issue 22) holds its first and last day as midnight UTC of
     * those dates (the end is inclusive), and is shown on those dates in every time zone.
     */
    startDate: timestamp('start_date', { withTimezone: true }).notNull(),
    endDate: timestamp('end_date', { withTimezone: true }).notNull(),
    location: varchar('location', { length: 200 }),
    imageUrl: text('image_url'),
    allDay: boolean('all_day').notNull().default(false),
    /** The IANA zone the event was planned in: a weekly 7 pm meeting stays at 7 pm across DST. */
    timeZone: varchar('time_zone', { length: 64 }).notNull().default('UTC'),
    /** An RFC 5545 RRULE value (without "RRULE:") for a series; null for a single event. */
    recurrence: varchar('recurrence', { length: 500 }),
    /**
     * The end of a series' last occurrence (every series ends, issue 22), so a month's query
     * finds the series overlapping it by an index instead of expanding every rule.
     */
    seriesEnd: timestamp('series_end', { withTimezone: true }),
    /**
     * An occurrence changed on its own (RECURRENCE-ID): the series it belongs to and the start
     * of the occurrence it replaces. Its own start and end say when it now takes place.
     */
    seriesId: uuid('series_id').references((): AnyPgColumn => events.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('events_start_date_idx').on(t.startDate),
    index('events_series_range_idx')
      .on(t.startDate, t.seriesEnd)
      .where(sql`${t.recurrence} is not null`),
    uniqueIndex('events_series_occurrence_idx').on(t.seriesId, t.occurrenceStart),
    check('events_occurrence_check', sql`(${t.seriesId} is null) = (${t.occurrenceStart} is null)`),
    check('events_series_end_check', sql`(${t.recurrence} is null) = (${t.seriesEnd} is null)`),
  ],
);

/** Occurrences of a series that were deleted on their own (EXDATE, issue 22). */
export const eventCancellations = pgTable(
  'event_cancellations',
  {
    eventId: uuid('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    occurrenceStart: timestamp('occurrence_start', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.occurrenceStart] })],
);

/**
 * A person's private calendar subscription address (issue 22): /api/calendar/feed/<token>.ics.
 * Renewing replaces the token (`set token = default`); the old address answers 404.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  token: text('token').notNull().unique().default(linkToken),
  createdAt: createdAt(),
});

/**
 * Onboarding steps (issue 22): the four of SPEC.md are the defaults (migration 0023). A video
 * is uploaded (`video_key`, `onboarding-videos/<uuid>` in storage) or a link to a video page
 * (`video_link`); neither shows "Video coming soon".
 */
export const onboardingSteps = pgTable(
  'onboarding_steps',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    position: integer('position').notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }),
    videoKey: text('video_key'),
    videoType: varchar('video_type', { length: 100 }),
    videoSize: bigint('video_size', { mode: 'number' }),
    videoName: varchar('video_name', { length: 255 }),
    videoLink: varchar('video_link', { length: 2000 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('onboarding_steps_position_idx').on(t.position),
    check('onboarding_steps_one_video_check', sql`${t.videoKey} is null or ${t.videoLink} is null`),
  ],
);

/** How far a person got with a step: done at 90% watched or when they mark it done. */
export const onboardingProgress = pgTable(
  'onboarding_progress',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    stepId: uuid('step_id')
      .notNull()
      .references(() => onboardingSteps.id, { onDelete: 'cascade' }),
    /** The furthest point reached and the video's length, in seconds, as the player reported them. */
    watchedSeconds: real('watched_seconds').notNull().default(0),
    durationSeconds: real('duration_seconds'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.stepId] })],
);

/**
 * Every change to a message (sent, edited, deleted) takes the next number of this sequence as
 * the message's `revision` (issue 23). The revision is the realtime cursor (Last-Event-ID), so
 * a reconnecting tab is replayed edits and deletions in order, like new messages.
 */
export const messageRevisions = pgSequence('message_revision_seq');

export const messages = pgTable(
  'messages',
  {
    // Monotonic: the channel's order and paging cursor.
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    content: varchar('content', { length: 4000 }).notNull(),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    partner: varchar('partner', { length: 200 }).notNull(),
    chatType: text('chat_type', { enum: ['partner', 'coordinator', 'cardholder_success'] }).notNull(),
    createdAt: createdAt(),
    /** The realtime catch-up cursor: see message_revision_seq. Existing rows keep their id. */
    revision: bigint('revision', { mode: 'number' })
      .notNull()
      .default(sql`nextval('message_revision_seq')`),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** A deleted message keeps its place ("message deleted"); its text and attachments are gone. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: text('deleted_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('messages_channel_idx').on(t.chatType, t.partner, t.id),
    uniqueIndex('messages_revision_idx').on(t.revision),
    index('messages_search_idx').using('gin', sql`to_tsvector('simple', ${t.content})`),
    check('messages_chat_type_check', sql`${t.chatType} in ('partner', 'coordinator', 'cardholder_success')`),
  ],
);

/** Where each person stopped reading each channel (issue 23), kept across their devices. */
export const chatReads = pgTable(
  'chat_reads',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    chatType: text('chat_type').notNull(),
    partner: varchar('partner', { length: 200 }).notNull(),
    /** The id of the last message read in the channel. */
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatType, t.partner] })],
);

/** Images and files sent with a message (issue 23), stored as `chat-attachments/<uuid>`. */
export const messageAttachments = pgTable(
  'message_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    storageKey: text('storage_key').notNull().unique(),
    name: varchar('name', { length: 255 }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    mimeType: varchar('mime_type', { length: 255 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('message_attachments_message_idx').on(t.messageId)],
);

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

export const forms = pgTable(
  'forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // Kept when its creator's account is deleted (decision 0109, migration 0017).
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }),
    fields: jsonb('fields').notNull(),
    createdAt: createdAt(),
    // Issue 21: the team's forms, answered through a public link.
    status: text('status', { enum: FORM_STATUSES }).notNull().default('open'),
    publicToken: text('public_token').notNull().default(linkToken),
    closesAt: timestamp('closes_at', { withTimezone: true }),
    responseLimit: integer('response_limit'),
    thankYouMessage: varchar('thank_you_message', { length: 500 }),
    /** Kept by the service in the submission's transaction, under the form's row lock. */
    responseCount: integer('response_count').notNull().default(0),
    version: integer('version').notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('forms_user_id_idx').on(t.userId),
    uniqueIndex('forms_public_token_idx').on(t.publicToken),
    check('forms_status_check', sql`${t.status} in ('open', 'closed')`),
    check('forms_response_limit_check', sql`${t.responseLimit} is null or ${t.responseLimit} > 0`),
  ],
);

/** "Send to Partners": one personal link per recipient, so an answer is tied to them. */
export const formRecipients = pgTable(
  'form_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    name: varchar('name', { length: 100 }).notNull(),
    email: varchar('email', { length: 255 }).notNull(),
    token: text('token').notNull().default(linkToken),
    sentBy: text('sent_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    /** Set by the one response a personal link takes. */
    respondedAt: timestamp('responded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('form_recipients_token_idx').on(t.token),
    index('form_recipients_form_id_idx').on(t.formId),
    index('form_recipients_partner_id_idx').on(t.partnerId),
  ],
);

export const formResponses = pgTable(
  'form_responses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    recipientId: uuid('recipient_id').references(() => formRecipients.id, { onDelete: 'set null' }),
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
    /**
     * The answers with each field's label and type as they were when answered
     * (`StoredAnswer[]` of src/shared/forms/answers.ts), so an answer to a field removed or
     * relabelled later stays readable under the label it was given to.
     */
    answers: jsonb('answers').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('form_responses_form_created_idx').on(t.formId, t.createdAt.desc(), t.id.desc()),
    index('form_responses_partner_id_idx').on(t.partnerId),
    index('form_responses_recipient_id_idx').on(t.recipientId),
  ],
);

export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: varchar('title', { length: 200 }).notNull(),
    description: varchar('description', { length: 2000 }),
    priority: text('priority', { enum: ['high', 'medium', 'low'] })
      .notNull()
      .default('medium'),
    dueDate: date('due_date'),
    assignedTo: text('assigned_to').references(() => user.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['pending', 'in-progress', 'completed'] })
      .notNull()
      .default('pending'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    // Kept so the dashboard can count what was pending seven days ago (D9).
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The partner a follow-up is about (issue 20), if any. */
    partnerId: uuid('partner_id').references(() => partners.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('tasks_due_date_idx').on(t.dueDate),
    index('tasks_partner_idx')
      .on(t.partnerId)
      .where(sql`${t.partnerId} is not null`),
    check('tasks_priority_check', sql`${t.priority} in ('high', 'medium', 'low')`),
    check('tasks_status_check', sql`${t.status} in ('pending', 'in-progress', 'completed')`),
  ],
);

// ---- the change record (docs/decisions/0097-service-contract-and-change-record.md) ----

/**
 * One row for every change a person makes through a service, written in the change's own
 * transaction by `recordChange` (src/server/service/changes.ts): who, what, which subject, who
 * was told, and the values before and after (never a secret). The audit log, the partner
 * timeline and notifications read from it.
 */
export const activity = pgTable(
  'activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    // No foreign key: the record is append-only (a deleted person's id stays, as the audit log
    // must say who did it), and a key's ON DELETE would have to rewrite rows (decision 0102).
    actorId: text('actor_id'),
    clientIp: text('client_ip'),
    action: text('action').notNull(),
    subjectType: text('subject_type').notNull(),
    subjectId: text('subject_id').notNull(),
    audience: jsonb('audience'),
    before: jsonb('before'),
    after: jsonb('after'),
    /**
     * The hash chain (issue 17, decision 0102), set at commit by the deferred trigger of
     * migration 0029 under a lock (decision 0138; null until then): `seq` numbers entries in
     * commit order, `hash` covers the entry and the previous entry's `hash`, kept in
     * `prev_hash`. `npm run audit:verify` recomputes it.
     */
    seq: bigint('seq', { mode: 'number' }),
    prevHash: text('prev_hash'),
    hash: text('hash'),
  },
  (t) => [
    uniqueIndex('activity_seq_idx').on(t.seq),
    index('activity_subject_idx').on(t.subjectType, t.subjectId, t.id),
    // The audit log screen reads newest first by (at, id), alone or by who or by action
    // (src/server/features/audit/service.ts): one index each, so a page is a short index scan
    // at a million entries.
    index('activity_actor_at_idx').on(t.actorId, t.at, t.id),
    index('activity_action_at_idx').on(t.action, t.at, t.id),
    index('activity_at_id_idx').on(t.at, t.id),
  ],
);

/**
 * Where the audit chain starts after old entries were removed under the retention setting
 * (decision 0103): the first kept entry's number and the hash it links to. Append-only, like
 * the log; `npm run audit:verify` starts from the newest row.
 */
export const activityChainStart = pgTable('activity_chain_start', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  seq: bigint('seq', { mode: 'number' }).notNull(),
  prevHash: text('prev_hash'),
  prunedAt: timestamp('pruned_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Realtime envelopes too large for a NOTIFY payload (PostgreSQL's limit is 8,000 bytes): the
 * envelope waits here, written in the announcing transaction, and the notification carries
 * its id (src/server/realtime/event-bus.ts). Rows are deleted once old.
 */
export const realtimeSpill = pgTable('realtime_spill', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  envelope: text('envelope').notNull(),
  createdAt: createdAt(),
});

/**
 * The email outbox (issue 16, docs/decisions/0099): every email is written here in the
 * transaction of the change that causes it, and the sender (src/server/mail/sender.ts)
 * delivers it later, with retries. Without SMTP the emails wait here, readable by admins.
 * `status`: pending (waiting for its next attempt), sending (claimed until `lease_until`),
 * sent, failed (permanently, with `last_error`; an admin may retry it).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    createdAt: createdAt(),
    /** What caused it, for the admin's list (such as 'password-reset'). */
    kind: text('kind').notNull(),
    toAddress: text('to_address').notNull(),
    toName: text('to_name'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    status: text('status', { enum: ['pending', 'sending', 'sent', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Notification emails: the one-click unsubscribe address (List-Unsubscribe, RFC 8058). */
    unsubscribeUrl: text('unsubscribe_url'),
    /**
     * Set by a job that queues emails one by one (year-end statements): queuing the same key
     * again does nothing, so a job that starts over after a crash sends no email twice.
     */
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    uniqueIndex('email_outbox_dedupe_idx').on(t.dedupeKey),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.status} in ('pending', 'sending')`),
    index('email_outbox_created_idx').on(t.createdAt, t.id),
    check('email_outbox_status_check', sql`${t.status} in ('pending', 'sending', 'sent', 'failed')`),
  ],
);

/**
 * Files sent with an email (a year-end statement's PDF, decision 0112), kept with it in the
 * database so an email and its attachments are queued in one transaction, or not at all.
 */
export const emailAttachments = pgTable(
  'email_attachments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    emailId: uuid('email_id')
      .notNull()
      .references(() => emailOutbox.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    content: bytea('content').notNull(),
  },
  (t) => [index('email_attachments_email_idx').on(t.emailId)],
);

/**
 * A person's notifications (issue 16, docs/decisions/0100): derived from the change record in
 * the change's own transaction (src/server/features/notifications/notifier.ts), or by the
 * hourly sweep for tasks due tomorrow. `email_status`: null when no email is due, 'digest' while
 * it waits for the person's daily digest, 'queued' once its email is in the outbox.
 * `dedupe_key` makes a sweep that runs twice, or on two instances, notify once.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipientId: text('recipient_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body'),
    /** Where the entry leads in the portal, a path such as /tasks. */
    link: text('link').notNull(),
    activityId: bigint('activity_id', { mode: 'number' }).references(() => activity.id, { onDelete: 'set null' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    emailStatus: text('email_status', { enum: ['digest', 'queued'] }),
    dedupeKey: text('dedupe_key'),
  },
  (t) => [
    index('notifications_recipient_idx').on(t.recipientId, t.id),
    index('notifications_unread_idx')
      .on(t.recipientId)
      .where(sql`${t.readAt} is null`),
    index('notifications_digest_idx')
      .on(t.recipientId)
      .where(sql`${t.emailStatus} = 'digest'`),
    uniqueIndex('notifications_dedupe_idx')
      .on(t.recipientId, t.dedupeKey)
      .where(sql`${t.dedupeKey} is not null`),
    check('notifications_email_status_check', sql`${t.emailStatus} in ('digest', 'queued')`),
  ],
);

/**
 * Durable background jobs (issue 18 item 2, decision 0107): long work that must survive a
 * restart and run once across instances. A runner claims a due job with FOR UPDATE SKIP
 * LOCKED and holds it by a lease it renews while working; a job whose lease ran out (its
 * runner died) is claimed again and starts over.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind').notNull(),
    /** Who started it: they see its progress live and may cancel it. Null for the portal's own. */
    ownerId: text('owner_id').references(() => user.id, { onDelete: 'set null' }),
    input: jsonb('input').notNull().default({}),
    status: text('status', { enum: ['queued', 'running', 'succeeded', 'failed', 'cancelled'] })
      .notNull()
      .default('queued'),
    progressDone: integer('progress_done').notNull().default(0),
    progressTotal: integer('progress_total'),
    /** What the job made, for whoever reads it later (plain JSON, never a secret). */
    result: jsonb('result'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    maxAttempts: integer('max_attempts').notNull().default(3),
    runAfter: timestamp('run_after', { withTimezone: true }).notNull().defaultNow(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    cancelRequested: boolean('cancel_requested').notNull().default(false),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('jobs_due_idx')
      .on(t.runAfter)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('jobs_owner_idx').on(t.ownerId, t.createdAt),
    check('jobs_status_check', sql`${t.status} in ('queued', 'running', 'succeeded', 'failed', 'cancelled')`),
  ],
);

/**
 * Writes that may be sent twice (issue 24, decision 0129): a queued offline write carries an
 * `Idempotency-Key`; the first answer is kept here so a resend returns it and writes nothing
 * again. A row without a status is a request still being answered. Kept 7 days, removed by
 * the hourly clean-up (src/server/http/idempotency.ts).
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** The method and path the key was first used on ("POST /api/chat/messages"). */
    route: text('route').notNull(),
    /** SHA-256 of the request body: the same key with another body is refused (422). */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    response: text('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
