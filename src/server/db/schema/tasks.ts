/** The task board. */
import { sql } from 'drizzle-orm';
import { check, date, index, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';
import { user } from './accounts';
import { partners } from './partners';

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
