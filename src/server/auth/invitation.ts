import { randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '../db/client';
import { verification } from '../db/schema';
import type { Mailer } from '../mail/mailer';

/** How long an invitation link works (issue 16: 7 days). */
export const INVITATION_DAYS = 7;

/**
 * A password no one knows, for an invited account until the person chooses theirs: the account
 * exists (an admin can make it a coordinator at once) but cannot be signed into.
 */
export const unusablePassword = () => randomBytes(32).toString('base64url');

/**
 * Queues the invitation email of a new account, in the transaction that creates it (issue 16,
 * docs/decisions/0100). The link is a better-auth password-reset token written with a 7-day
 * expiry instead of one hour: the same single-use page sets the password (better-auth consumes
 * the token), so an invitation and a reset cannot disagree about what a used link does.
 */
export async function queueInvitation(
  db: Db,
  mail: Mailer,
  baseUrl: string,
  invitee: { id: string; email: string; name: string },
  invitedBy: string,
): Promise<void> {
  const token = await writeResetToken(db, invitee.id, INVITATION_DAYS * 24);
  await mail.queue(db, {
    kind: 'invitation',
    to: { address: invitee.email, name: invitee.name || null },
    recipientName: invitee.name || null,
    subject: 'You are invited to the portal',
    paragraphs: [
      `${invitedBy} created an account for you on the portal, under this email address.`,
      `Choose your password with the link below. It works once, for ${INVITATION_DAYS} days; after that, ask for a new invitation or use "Forgot password?" on the sign-in screen.`,
    ],
    action: {
      label: 'Choose your password',
      url: `${baseUrl}/reset-password?token=${encodeURIComponent(token)}&invite=1`,
    },
  });
}

/** A better-auth password-reset token for `userId`, valid `hours`: single use, on the same page. */
async function writeResetToken(db: Db, userId: string, hours: number): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(verification).values({
    id: randomUUID(),
    // better-auth's own identifier for reset tokens (stored as is: no `storeIdentifier` option).
    identifier: `reset-password:${token}`,
    value: userId,
    expiresAt: new Date(Date.now() + hours * 60 * 60 * 1000),
  });
  return token;
}

/** How long a reset link an admin sends works: a day, so the person can act on it at work tomorrow. */
export const ADMIN_RESET_HOURS = 24;

/**
 * Queues a link to choose a new password, sent by an admin (issue 17, decision 0104), in the
 * transaction that records it. Without SMTP the email waits in the outbox, where the admin can
 * read the link on Admin > Email and pass it on.
 */
export async function queueAdminReset(
  db: Db,
  mail: Mailer,
  baseUrl: string,
  person: { id: string; email: string; name: string },
  sentBy: string,
): Promise<void> {
  const token = await writeResetToken(db, person.id, ADMIN_RESET_HOURS);
  await mail.queue(db, {
    kind: 'admin-password-reset',
    to: { address: person.email, name: person.name || null },
    recipientName: person.name || null,
    subject: 'Choose a new password',
    paragraphs: [
      `${sentBy} asked the portal to send you a link to choose a new password.`,
      `The link works once, for ${ADMIN_RESET_HOURS} hours. Until you use it, your current password still works.`,
    ],
    action: { label: 'Choose a new password', url: `${baseUrl}/reset-password?token=${encodeURIComponent(token)}` },
  });
}
