import { z } from 'zod';

/** An email's state in the outbox (docs/decisions/0099). */
export const EMAIL_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  pending: 'Waiting',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const OUTBOX_PAGE_SIZE = 50;

/** GET /api/email/outbox: newest first, optionally one status, paged with the cursor it returns. */
export const outboxQuerySchema = z.object({
  status: z.enum(EMAIL_STATUSES, { error: 'Unknown status' }).optional(),
  cursor: z.string().max(200, 'Invalid cursor').optional(),
});
export type OutboxQuery = z.output<typeof outboxQuerySchema>;

export const emailIdParamSchema = z.object({ id: z.uuid('Email not found') });
