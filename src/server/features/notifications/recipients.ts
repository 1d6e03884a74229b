import { and, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';
import { accessFrom, accessRoleSql, switchesSql, type SwitchPairs } from '#server/auth/permissions';
import type { NoticeDraft } from '#server/service/notices';
import type { AccessRole } from '#shared/permissions';

/** A person a notice goes to, with what decides whether and how it is emailed. */
export interface Recipient {
  id: string;
  email: string;
  name: string;
  emailNotifications: boolean;
  emailFrequency: 'immediately' | 'daily';
}

/** An active account with what decides which notices reach it (`readTeam`). */
export type TeamMember = Awaited<ReturnType<typeof readTeam>>[number];

/**
 * The active accounts (or only `ids` among them), with their access and switches. One
 * statement; a ministry has tens of accounts, so the rules run over all of them in memory. A
 * deactivated person is told of nothing (decision 0104).
 */
export function readTeam(db: Db, ids?: readonly string[]) {
  return db
    .select({
      id: user.id,
      email: user.email,
      name: sql<string>`coalesce(nullif(${user.displayName}, ''), nullif(${user.name}, ''), ${user.email})`,
      emailNotifications: user.emailNotifications,
      emailFrequency: user.emailFrequency,
      partnerUpdates: user.partnerUpdates,
      donationAlerts: user.donationAlerts,
      role: accessRoleSql(user.id),
      switches: switchesSql(user.id),
    })
    .from(user)
    .where(and(isNull(user.deactivatedAt), ids ? inArray(user.id, [...ids]) : undefined));
}

/**
 * The people among `team` a draft reaches: named by it (when it names anyone), holding its
 * features now (admins hold all), with the category's switch on, never the person who made
 * the change.
 */
export function recipientsAmong(team: readonly TeamMember[], draft: NoticeDraft, actorId: string | null): Recipient[] {
  const named = draft.to.userIds ? new Set(draft.to.userIds) : null;
  return team
    .filter((row) => row.id !== actorId && (!named || named.has(row.id)))
    .filter((row) => {
      const { permissions } = accessFrom(row.role as AccessRole, row.switches as SwitchPairs | string);
      return draft.to.features.every((feature) => permissions[feature]);
    })
    .filter((row) =>
      draft.category === 'donation' ? row.donationAlerts : draft.category === 'partner' ? row.partnerUpdates : true,
    )
    .map(({ id, email, name, emailNotifications, emailFrequency }) => ({
      id,
      email,
      name,
      emailNotifications,
      emailFrequency,
    }));
}

/** The people one draft reaches (`recipientsAmong`), reading only the accounts it names, if it names any. */
export async function recipientsOf(db: Db, draft: NoticeDraft, actorId: string | null): Promise<Recipient[]> {
  const ids = draft.to.userIds;
  if (ids && ids.length === 0) return [];
  return recipientsAmong(await readTeam(db, ids), draft, actorId);
}
