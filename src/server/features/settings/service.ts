import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { user } from '../../db/schema';
import { setPassword } from '../../auth/users';
import type { EventBus } from '../../realtime/event-bus';
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

/** An empty display name is stored as null, so the full name (or 'Ministry Partner') shows again. */
export async function updateProfile(db: Db, bus: EventBus, userId: string, input: ProfileInput) {
  const [row] = await db
    .update(user)
    .set({ displayName: input.displayName || null, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning(columns);
  await bus.publish({ userId }, { type: 'profile.changed', userId });
  return row;
}

export async function updateNotifications(db: Db, bus: EventBus, userId: string, input: NotificationsInput) {
  const [row] = await db
    .update(user)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(user.id, userId))
    .returning(columns);
  await bus.publish({ userId }, { type: 'profile.changed', userId });
  return row;
}

/**
 * Sets the new password, keeps the session that asked and ends every other one; their open
 * realtime streams are told and closed, so those tabs return to the sign-in screen.
 */
export async function changePassword(
  db: Db,
  bus: EventBus,
  userId: string,
  sessionId: string | null,
  newPassword: string,
) {
  await setPassword(db, userId, newPassword, sessionId ?? undefined);
  await bus.publish({ userId }, { type: 'sessions.ended', userId, exceptSessionId: sessionId ?? undefined });
}
