import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { setPassword } from '../../auth/users';
import type { ServiceContext } from '../../service/context';
import { refuse } from '../../service/errors';
import type { NotificationsInput, ProfileInput } from '../../../shared/schemas/settings';

/** What the Settings screen shows: the account's own profile and notification preferences. */
export interface AccountSettings {
  email: string;
  name: string;
  displayName: string | null;
  emailNotifications: boolean;
  partnerUpdates: boolean;
  donationAlerts: boolean;
}

const columns = {
  email: user.email,
  name: user.name,
  displayName: user.displayName,
  emailNotifications: user.emailNotifications,
  partnerUpdates: user.partnerUpdates,
  donationAlerts: user.donationAlerts,
};

export async function getSettings(db: Db, userId: string): Promise<AccountSettings | undefined> {
  const [row] = await db.select(columns).from(user).where(eq(user.id, userId));
  return row;
}

const profileChanged = (userId: string) => ({
  audience: { userId },
  event: { type: 'profile.changed' as const, userId },
});

/** The actor's own account row, changed and recorded; their other tabs refresh. */
async function changeOwnAccount(
  ctx: ServiceContext,
  action: string,
  values: Partial<Pick<typeof user.$inferInsert, 'displayName' | 'emailNotifications' | 'partnerUpdates' | 'donationAlerts'>>,
): Promise<AccountSettings> {
  return ctx.change(async (tx) => {
    const userId = tx.actor.id;
    const [before] = await tx.db.select(columns).from(user).where(eq(user.id, userId)).for('update');
    // The account was deleted while its session was still in use.
    if (!before) refuse(401, 'Not authenticated');
    const [row] = await tx.db
      .update(user)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning(columns);
    await tx.record({ action, subject: { type: 'user', id: userId }, announce: profileChanged(userId), before, after: row });
    return row!;
  });
}

/** An empty display name is stored as null, so the full name (or 'Ministry Partner') shows again. */
export function updateProfile(ctx: ServiceContext, input: ProfileInput) {
  return changeOwnAccount(ctx, 'profile.updated', { displayName: input.displayName || null });
}

export function updateNotifications(ctx: ServiceContext, input: NotificationsInput) {
  return changeOwnAccount(ctx, 'notifications.updated', input);
}

/**
 * Sets the new password, keeps the session that asked and ends every other one; the session
 * table's trigger tells their open realtime streams, which close, so those tabs return to the
 * sign-in screen (drizzle/0007). The record says that the password changed, never what to.
 */
export async function changePassword(ctx: ServiceContext, sessionId: string | null, newPassword: string) {
  await ctx.change(async (tx) => {
    await setPassword(tx.db, tx.actor.id, newPassword, sessionId ?? undefined);
    await tx.record({ action: 'password.changed', subject: { type: 'user', id: tx.actor.id } });
  });
}
