import { z } from 'zod';
import { DATE_OUT_OF_RANGE, isYearInRange } from '../limits';

export const TASK_PRIORITIES = ['high', 'medium', 'low'] as const;
export const TASK_STATUSES = ['pending', 'in-progress', 'completed'] as const;
export type TaskPriority = (typeof TASK_PRIORITIES)[number];
export type TaskStatus = (typeof TASK_STATUSES)[number];

/** Database column sizes (src/server/db/schema/tasks.ts). */
export const TASK_TITLE_MAX = 200;
export const TASK_DESCRIPTION_MAX = 2000;

// A missing field gets the same message as an empty one (zod's default names types, not fields).
const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

/** Absent stays absent (so a partial update leaves the column alone); empty becomes null. */
const emptyToNull = (value: string | null | undefined) => (value === undefined ? undefined : value || null);

const title = z
  .string(required('Please enter a task title'))
  .trim()
  .min(1, 'Please enter a task title')
  .max(TASK_TITLE_MAX, `The title can be at most ${TASK_TITLE_MAX} characters`);

const description = z
  .string()
  .trim()
  .max(TASK_DESCRIPTION_MAX, `The description can be at most ${TASK_DESCRIPTION_MAX} characters`)
  .nullable()
  .optional()
  .transform(emptyToNull);

const priority = z.enum(TASK_PRIORITIES, { error: 'Please choose a priority: high, medium or low' });
const status = z.enum(TASK_STATUSES, { error: 'Please choose a status: pending, in-progress or completed' });

const INVALID_DUE_DATE = 'Please enter a valid due date';
const dueDate = z
  .union([z.literal(''), z.iso.date({ error: INVALID_DUE_DATE }).refine(isYearInRange, DATE_OUT_OF_RANGE)], {
    error: INVALID_DUE_DATE,
  })
  .nullable()
  .optional()
  .transform(emptyToNull);

/** A user id from the assignee picker; whether that user exists is checked by the server. */
const assignedTo = z
  .string()
  .trim()
  .max(100, 'Please choose an assignee from the list')
  .nullable()
  .optional()
  .transform(emptyToNull);

/** POST /api/tasks and the Create Task dialog. */
export const createTaskSchema = z.object({
  title,
  description,
  priority: priority.default('medium'),
  dueDate,
  assignedTo,
  status: status.default('pending'),
  /** A follow-up: the partner the task is about (issue 20); needs the partners permission too. */
  partnerId: z
    .uuid('Partner not found')
    .nullish()
    .transform((value) => value ?? null),
});
export type CreateTaskInput = z.input<typeof createTaskSchema>;
export type CreateTaskValues = z.output<typeof createTaskSchema>;

/**
 * PATCH /api/tasks/:id: any subset of the fields. The checkbox sends only a status, which
 * everyone with the tasks permission may change (D9); other fields follow the edit rule.
 */
export const updateTaskSchema = z
  .object({ title, description, priority, dueDate, assignedTo, status })
  .partial()
  .refine((patch) => Object.values(patch).some((v) => v !== undefined), 'Please change at least one field');
export type UpdateTaskInput = z.input<typeof updateTaskSchema>;
export type UpdateTaskValues = z.output<typeof updateTaskSchema>;

export const taskIdParamSchema = z.object({ id: z.uuid({ error: 'Invalid task id' }) });
