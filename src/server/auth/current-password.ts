import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, user } from '../db/schema';
import { refuse } from '../service/errors';
import { verifyPassword } from './password';
import { reserveAttempt } from './sign-in-throttle';

/**
 * The signed-in person's password, asked again before a change that could lock the owner out
 * (a new password, two-factor sign-in on or off, new recovery codes; ASVS 2.1.6): someone at
 * an unlocked screen cannot make it. Wrong guesses count on the sign-in throttle's counters for
 * this account and address, so these forms are no faster way to guess than the sign-in screen.
 */
export async function checkCurrentPassword(
  db: Db,
  userId: string,
  clientIp: string,
  password: string,
  wrong: { message: string; field: string },
): Promise<void> {
  const [own] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId));
  if (!own) refuse(401, 'Not authenticated');
  const attempt = await reserveAttempt(db, own.email, clientIp);
  if (!attempt.allowed) {
    refuse(429, `Too many wrong passwords. Please wait ${attempt.waitSeconds} seconds and try again.`);
  }
  const [credential] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
  const right = credential?.hash ? await verifyPassword({ hash: credential.hash, password }) : false;
  await attempt.settle(right ? 'success' : 'wrong-password');
  if (!right) refuse(400, wrong.message, [{ path: wrong.field, message: wrong.message }]);
}
