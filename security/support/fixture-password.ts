import { eq, inArray } from 'drizzle-orm';
import { hashPassword } from '#server/auth/password';
import type { Db } from '#server/db/client';
import { account, user } from '#server/db/schema';

const hashes = new Map<string, Promise<string>>();

/**
 * Puts the fixture's password back on the account with `email`: the password change's valid
 * calls give it a new one (the same one again is refused). Each password is hashed once.
 */
export async function restorePassword(db: Db, email: string, password: string) {
  const stored = hashes.get(password) ?? hashPassword(password);
  hashes.set(password, stored);
  await db
    .update(account)
    .set({ password: await stored })
    .where(inArray(account.userId, db.select({ id: user.id }).from(user).where(eq(user.email, email))));
}
