import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { account, session, user, userRoles } from '../db/schema';
import type { Role } from '#shared/permissions';
import { hashPassword } from './password';

export interface NewUser {
  email: string;
  password: string;
  fullName?: string;
}

/**
 * Creates a user with an email/password credential the way better-auth stores one (an
 * account row with providerId "credential"), since public sign-up is switched off.
 */
export async function createUserWithPassword(db: Db, input: NewUser): Promise<{ id: string; email: string }> {
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(user).values({ id, email, name: input.fullName?.trim() ?? '', emailVerified: true });
    await tx.insert(account).values({
      id: randomUUID(),
      accountId: id,
      providerId: 'credential',
      userId: id,
      password: passwordHash,
    });
  });
  return { id, email };
}

export async function findUserByEmail(db: Db, email: string) {
  const [found] = await db
    .select({ id: user.id, email: user.email, name: user.name })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()));
  return found;
}

/**
 * Sets a new password and signs the user out everywhere else (but `keepSessionId`). A temporary
 * password from an admin is `temporary`: the next sign-in must replace it; any other password
 * ends that step.
 */
export async function setPassword(
  db: Db,
  userId: string,
  password: string,
  options: { keepSessionId?: string; temporary?: boolean } = {},
) {
  const { keepSessionId, temporary = false } = options;
  const passwordHash = await hashPassword(password);
  await db.transaction(async (tx) => {
    await tx
      .update(account)
      .set({ password: passwordHash, updatedAt: new Date() })
      .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')));
    await tx.update(user).set({ mustChangePassword: temporary }).where(eq(user.id, userId));
    await tx
      .delete(session)
      .where(
        keepSessionId
          ? and(eq(session.userId, userId), sql`${session.id} <> ${keepSessionId}`)
          : eq(session.userId, userId),
      );
  });
}

export async function grantRole(db: Db, userId: string, role: Role) {
  await db.insert(userRoles).values({ userId, role }).onConflictDoNothing();
}

/** Removes one role row; answers whether there was one. */
export async function revokeRole(db: Db, userId: string, role: Role): Promise<boolean> {
  const removed = await db
    .delete(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.role, role)))
    .returning({ userId: userRoles.userId });
  return removed.length > 0;
}

/** The role rows a user holds (none, coordinator, admin, or both). */
export async function rolesOf(db: Db, userId: string): Promise<Role[]> {
  const rows = await db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId));
  return rows.map((r) => r.role);
}

export async function countUsers(db: Db): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(user);
  return row?.n ?? 0;
}
