import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user } from '../db/schema';
import type { Mailer } from '../mail/mailer';

/**
 * Tells the person by email that their password changed (ASVS 2.2.3 and 2.5.5), in the
 * transaction of the change: by themselves in Settings, or through a reset link. Only when
 * email is on: a notice queued while it is off would arrive, stale, whenever it is turned on.
 */
export async function queuePasswordNotice(db: Db, mail: Mailer, userId: string, how: 'changed' | 'reset') {
  if (!mail.enabled) return;
  const [account] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  if (!account) return;
  await mail.queue(db, {
    kind: 'password-changed',
    to: { address: account.email, name: account.name },
    recipientName: account.name,
    subject: 'Your password was changed',
    paragraphs: [
      how === 'reset'
        ? 'The password of your account on the portal was just set with a link sent to this address (a reset or an invitation). Every session of the account was signed out.'
        : 'The password of your account on the portal was just changed in Settings. Your other sessions were signed out.',
      'If this was you, there is nothing to do. If it was not, use "Forgot password?" on the sign-in screen at once, or ask an admin to reset your password.',
    ],
  });
}

const TWO_FACTOR_NOTICES = {
  on: {
    subject: 'Two-factor sign-in is on',
    text: 'Two-factor sign-in was just turned on for your account on the portal: signing in now also asks for a code from your authenticator app.',
  },
  off: {
    subject: 'Two-factor sign-in is off',
    text: 'Two-factor sign-in was just turned off for your account on the portal: signing in now asks for your password only.',
  },
  'codes-renewed': {
    subject: 'New recovery codes',
    text: 'New recovery codes were just made for your account on the portal; the old ones no longer work.',
  },
  reset: {
    subject: 'Two-factor sign-in was reset',
    text: 'An admin just reset two-factor sign-in for your account on the portal, and every session of the account was signed out.',
  },
} as const;

/** Tells the person by email that their second factor changed, like a password change (above). */
export async function queueTwoFactorNotice(
  db: Db,
  mail: Mailer,
  userId: string,
  what: keyof typeof TWO_FACTOR_NOTICES,
) {
  if (!mail.enabled) return;
  const [account] = await db.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId));
  if (!account) return;
  const notice = TWO_FACTOR_NOTICES[what];
  await mail.queue(db, {
    kind: 'two-factor-changed',
    to: { address: account.email, name: account.name },
    recipientName: account.name,
    subject: notice.subject,
    paragraphs: [
      notice.text,
      'If this was you, there is nothing to do. If it was not, change your password at once and tell an admin.',
    ],
  });
}
