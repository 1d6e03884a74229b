/** Chat: messages, their revisions, what each person has read, and attachments. */
import { sql, type SQLWrapper } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, folded, smallPendingList, updatedAt } from './columns';
import { user } from './accounts';

/**
 * A message's words for its search index and the search (the same expression, or the index is
 * not used): folded first (accents off, curly apostrophes straight, decision 0181), then ASCII
 * punctuation is a space, so the words are the runs of letters and digits the search box splits
 * a query into (searchWords). Read as it is, PostgreSQL's parser keeps a link whole
 * ('grace.org/sermons'), drops a word written as a tag ('<Tuesday>') and keeps '3.5' as one
 * token, so none of 'sermons', 'tuesday' or '3.5' was found. Decision 0173.
 */
export const searchableWords = (content: SQLWrapper) =>
  sql`to_tsvector('simple', regexp_replace(${folded(content)}, '[[:punct:]]+', ' ', 'g'))`;

/**
 * The tsquery for a search's words: each word as a prefix ('cafe':* & 'connor':* & 'o':*), all
 * required. The words go through searchableWords' own expression, so a query is split and
 * folded exactly as the messages are ('Café' and 'cafe' alike, 'O’Connor' as 'o' and 'connor',
 * 'Straße' as 'strasse'); folding can turn a letter into punctuation ('½' is '1/2'), so building
 * the query from the folded lexemes, each quoted, never makes tsquery syntax of what was typed.
 * Null, which matches nothing, when no lexeme is left.
 */
export const prefixQuery = (words: string) =>
  sql`(select string_agg(quote_literal(lexeme) || ':*', ' & ')::tsquery from unnest(${searchableWords(sql`${words}::text`)}))`;

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
    index('messages_search_idx').using('gin', searchableWords(t.content)).with(smallPendingList),
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
