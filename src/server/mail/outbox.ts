import type { Db } from '../db/client';
import { emailAttachments, emailOutbox } from '../db/schema';
import { oneLine, renderEmail, type EmailContent, type MailBranding } from './render';

export interface QueuedEmail extends EmailContent {
  /** What caused it, shown in the admin's list (such as 'password-reset'). */
  kind: string;
  to: { address: string; name?: string | null };
  /** Files sent with it (a year-end statement's PDF), stored with the email in its transaction. */
  attachments?: readonly EmailAttachment[];
  /** Queuing an email with a key already in the outbox does nothing (a job that starts over). */
  dedupeKey?: string;
}

export interface EmailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
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
          dedupeKey: email.dedupeKey ?? null,
        };
      }),
    )
    // An email whose key is already queued is skipped: its id is then '' in the answer.
    .onConflictDoNothing()
    .returning({ id: emailOutbox.id, dedupeKey: emailOutbox.dedupeKey });
  // RETURNING lists the inserted rows in the order given; a skipped one is simply missing.
  let next = 0;
  const ids = emails.map((email) => {
    const row = rows[next];
    if (row && (email.dedupeKey === undefined || row.dedupeKey === email.dedupeKey)) {
      next++;
      return row.id;
    }
    return '';
  });
  const files = emails.flatMap((email, i) =>
    ids[i] ? (email.attachments ?? []).map((file) => ({ ...file, emailId: ids[i]!, size: file.content.length })) : [],
  );
  if (files.length > 0) await db.insert(emailAttachments).values(files);
  return ids;
}
