/** The form builder: forms, who they were sent to, and the answers. */
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { FORM_STATUSES } from '#shared/forms';
import { createdAt, linkToken, updatedAt } from './columns';
import { user } from './accounts';
import { partners } from './partners';

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
