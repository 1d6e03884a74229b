/** What reaches people: the email outbox with its attachments, and in-portal notifications. */
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { bytea, createdAt } from './columns';
import { user } from './accounts';
import { activity } from './activity';

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
    // Pruning the audit log clears the link of every notification to a removed entry: one probe
    // per entry, not a read of every notification (decision 0146).
    index('notifications_activity_idx').on(t.activityId),
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
