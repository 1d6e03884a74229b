import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { user, userSignIns } from '../db/schema';

/** Whether an account may sign in: the sign-in route asks after the password was right. */
export async function isDeactivated(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ at: user.deactivatedAt }).from(user).where(eq(user.id, userId));
  return Boolean(row?.at);
}

/** Remembers a successful sign-in for the list of accounts. */
export async function rememberSignIn(db: Db, userId: string, at = new Date()) {
  await db
    .insert(userSignIns)
    .values({ userId, lastSignInAt: at })
    .onConflictDoUpdate({ target: userSignIns.userId, set: { lastSignInAt: at } });
}
