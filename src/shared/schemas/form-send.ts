import { z } from 'zod';
import { sendFormSchema } from './forms';

/**
 * "Send to Partners" (issue 21 item 4): one or more recipients, each a partner from the
 * directory (by id: its name and email are read there) or a typed name and email, checked
 * with the spec's own schema and texts (`sendFormSchema`).
 */
export const FORM_SEND_MAX_RECIPIENTS = 50;

export const formRecipientSchema = z
  .object({
    partnerId: z.uuid({ error: 'Please choose a partner from the list' }).optional(),
    partnerName: z.string({ error: 'Please fill in all required fields' }).optional(),
    partnerEmail: z.string({ error: 'Please fill in all required fields' }).optional(),
  })
  .transform((recipient, ctx): { partnerId: string } | { name: string; email: string } => {
    const { partnerId } = recipient;
    if (partnerId) return { partnerId };
    const typed = sendFormSchema.safeParse({
      partnerName: recipient.partnerName ?? '',
      partnerEmail: recipient.partnerEmail ?? '',
    });
    if (!typed.success) {
      for (const issue of typed.error.issues)
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      return z.NEVER;
    }
    return { name: typed.data.partnerName, email: typed.data.partnerEmail };
  });
export type FormRecipientInput = z.input<typeof formRecipientSchema>;
export type FormRecipientValue = z.output<typeof formRecipientSchema>;

/** POST /api/forms/:id/send. */
export const sendFormRequestSchema = z.object({
  recipients: z
    .array(formRecipientSchema, { error: 'Please fill in all required fields' })
    .min(1, 'Please fill in all required fields')
    .max(FORM_SEND_MAX_RECIPIENTS, `A form can be sent to at most ${FORM_SEND_MAX_RECIPIENTS} recipients at once`),
});
export type SendFormRequest = z.input<typeof sendFormRequestSchema>;

/** One recipient as the send answers: their personal link, to copy when email is off. */
export interface SentFormRecipient {
  id: string;
  name: string;
  email: string;
  partnerId: string | null;
  /** The full address of their personal link. */
  link: string;
}

export interface SendFormResult {
  /** Whether email is configured: without it the messages wait in the outbox (D14). */
  emailEnabled: boolean;
  recipients: SentFormRecipient[];
}
