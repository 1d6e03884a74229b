import { z } from 'zod';
import { DATE_OUT_OF_RANGE, DATE_RANGE_BACKWARDS, isYearInRange } from '../limits';

/** Entries per page of the audit log screen. */
export const AUDIT_PAGE_SIZE = 50;

const instant = z.iso
  .datetime({ offset: true, error: 'Please enter a valid date' })
  .refine(isYearInRange, DATE_OUT_OF_RANGE)
  .optional();

/**
 * A person's bookkeeping of what they have read in the chat: recorded like every change, but
 * one for each channel opened, so the log hides them unless asked (decision 0158).
 */
export const READ_RECEIPT_ACTIONS: readonly string[] = ['chat.read', 'chat.reads-started'];

const text = (max: number, message: string) => z.string().trim().max(max, message).optional();

/**
 * GET /api/audit and its CSV export: newest first, narrowed by who, what, which subject and
 * when (instants the screen computes from the person's own dates), paged by the cursor it returns.
 * Chat read receipts are left out unless `reads` is 'show' or the action asked for is one.
 */
export const auditQuerySchema = z
  .object({
    actor: text(100, 'Unknown person'),
    action: text(100, 'Unknown action'),
    subjectType: text(100, 'Unknown subject'),
    subjectId: text(300, 'The subject is too long'),
    from: instant,
    to: instant,
    cursor: text(200, 'Invalid cursor'),
    reads: z.enum(['show'], { error: 'Unknown choice of read receipts' }).optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
    message: DATE_RANGE_BACKWARDS,
    path: ['from'],
  });
export type AuditQuery = z.output<typeof auditQuerySchema>;

/** The choices of retention: null keeps every entry (the default). */
export const AUDIT_RETENTION_CHOICES = [null, 90, 365, 730, 1095, 2555] as const;
export const AUDIT_RETENTION_LABELS: Record<string, string> = {
  null: 'Keep everything',
  90: '90 days',
  365: '1 year',
  730: '2 years',
  1095: '3 years',
  2555: '7 years',
};

/** PUT /api/audit/settings. */
export const auditSettingsSchema = z.object({
  retentionDays: z.union(
    [z.null(), z.number().int().min(30, 'Keep entries at least 30 days').max(36_500, 'At most 100 years')],
    { error: 'Choose how long entries are kept' },
  ),
});
export type AuditSettings = z.output<typeof auditSettingsSchema>;
