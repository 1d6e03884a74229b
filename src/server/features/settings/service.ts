import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';
import { checkCurrentPassword } from '#server/auth/current-password';
import { setPassword } from '#server/auth/users';
import type { ServiceContext } from '#server/service/context';
import { queuePasswordNotice } from '#server/auth/password-notice';
import { recordedUpdate } from '#server/service/recorded-update';
import { CURRENT_PASSWORD_WRONG, type NotificationsInput, type ProfileInput } from '#shared/schemas/settings';

/** What the Settings screen shows: the account's own profile and notification preferences. */
export interface AccountSettings {
  email: string;
  name: string;
  displayName: string | null;
  emailNotifications: boolean;
  partnerUpdates: boolean;
  donationAlerts: boolean;
  emailFrequency: 'immediately' | 'daily';
}

const columns = {
  email: user.email,
  name: user.name,
  displayName: user.displayName,
  emailNotifications: user.emailNotifications,
  partnerUpdates: user.partnerUpdates,
  donationAlerts: user.donationAlerts,
  emailFrequency: user.emailFrequency,
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
  values: Partial<
    Pick<
      typeof user.$inferInsert,
      'displayName' | 'emailNotifications' | 'partnerUpdates' | 'donationAlerts' | 'emailFrequency'
    >
  >,
): Promise<AccountSettings> {
  const userId = ctx.actor.id;
  const own = eq(user.id, userId);
  // 401: the account was deleted while its session was still in use.
  return ctx.change((tx) =>
    recordedUpdate(
      tx,
      tx.db.select(columns).from(user).where(own),
      [401, 'Not authenticated'],
      () =>
        tx.db
          .update(user)
          .set({ ...values, updatedAt: new Date() })
          .where(own)
          .returning(columns),
      { action, subject: { type: 'user', id: userId }, announce: profileChanged(userId) },
    ),
  );
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
export async function changePassword(
  ctx: ServiceContext,
  sessionId: string | null,
  clientIp: string,
  currentPassword: string,
  newPassword: string,
) {
  await checkCurrentPassword(ctx.db, ctx.actor.id, clientIp, currentPassword, {
    message: CURRENT_PASSWORD_WRONG,
    field: 'currentPassword',
  });
  await ctx.change(async (tx) => {
    // Also ends a temporary password's "choose a new one" step (auth/account-setup.ts).
    await setPassword(tx.db, tx.actor.id, newPassword, { keepSessionId: sessionId ?? undefined });
    await tx.record({ action: 'password.changed', subject: { type: 'user', id: tx.actor.id } });
    await queuePasswordNotice(tx.db, tx.deps.mail, tx.actor.id, 'changed');
  });
}
