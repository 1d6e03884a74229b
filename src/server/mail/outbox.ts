import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { oneLine, renderEmail, type EmailContent, type MailBranding } from './render';

export interface QueuedEmail extends EmailContent {
  /** What caused it, shown in the admin's list (such as 'password-reset'). */
  kind: string;
  to: { address: string; name?: string | null };
}

/**
 * Writes an email to the outbox with `db`: inside a change, its transaction, so the email
 * exists if and only if the change commits (docs/decisions/0099). The sender delivers it.
 */
export async function queueEmail(db: Db, branding: MailBranding, email: QueuedEmail): Promise<string> {
  return (await queueEmails(db, branding, [email]))[0]!;
}

/** Several emails in one statement (a notification to a team); their ids in the same order. */
export async function queueEmails(db: Db, branding: MailBranding, emails: readonly QueuedEmail[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .insert(emailOutbox)
    .values(
      emails.map((email) => {
        const rendered = renderEmail(email, branding);
        return {
          kind: email.kind,
          toAddress: oneLine(email.to.address),
          toName: email.to.name ? oneLine(email.to.name) : null,
          subject: rendered.subject,
          text: rendered.text,
          html: rendered.html,
          unsubscribeUrl: email.unsubscribeUrl ?? null,
        };
      }),
    )
    .returning({ id: emailOutbox.id });
  return rows.map((row) => row.id);
}
