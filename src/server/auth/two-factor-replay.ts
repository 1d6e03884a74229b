import { createHash } from 'node:crypto';
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { twoFactorUsedCode } from '../db/schema';

/**
 * A code is accepted for its own 30 seconds and one step either side (better-auth's window),
 * so at most 90 seconds; remembering the last one a little longer refuses every replay.
 */
export const USED_CODE_MEMORY_SECONDS = 120;

// The code is hashed with the person's id: the table never holds a code that still works.
const hashOf = (userId: string, code: string) => createHash('sha256').update(`${userId}:${code}`).digest('hex');
const since = () => new Date(Date.now() - USED_CODE_MEMORY_SECONDS * 1000);

/** Whether the person signed in with this very code moments ago (checked before the code is). */
export async function codeRecentlyUsed(db: Db, userId: string, code: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: twoFactorUsedCode.userId })
    .from(twoFactorUsedCode)
    .where(
      and(
        eq(twoFactorUsedCode.userId, userId),
        eq(twoFactorUsedCode.codeHash, hashOf(userId, code)),
        gt(twoFactorUsedCode.usedAt, since()),
      ),
    );
  return Boolean(row);
}

/**
 * Claims an accepted code, atomically: false when the same code was claimed moments ago, as by
 * a second request racing the first with one code. The upsert's row lock orders the two.
 */
export async function claimCode(db: Db, userId: string, code: string): Promise<boolean> {
  const codeHash = hashOf(userId, code);
  const now = new Date();
  const claimed = await db
    .insert(twoFactorUsedCode)
    .values({ userId, codeHash, usedAt: now })
    .onConflictDoUpdate({
      target: twoFactorUsedCode.userId,
      set: { codeHash, usedAt: now },
      setWhere: sql`not (${twoFactorUsedCode.codeHash} = ${codeHash} and ${twoFactorUsedCode.usedAt} > ${since()})`,
    })
    .returning({ userId: twoFactorUsedCode.userId });
  return claimed.length > 0;
}
