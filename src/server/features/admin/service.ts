import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client';
import { isUniqueViolation } from '#server/db/errors';
import { coordinatorPermissions, user, user as userTable, userRoles } from '#server/db/schema';
import { createUserWithPassword, findUserByEmail, grantRole, revokeRole, rolesOf } from '#server/auth/users';
import { queueInvitation, unusablePassword } from '#server/auth/invitation';
import type { Announcement } from '#server/service/changes';
import type { Actor, ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import {
  ADMIN_GRANTED,
  mayGive,
  resolvePermissions,
  SWITCHABLE_FEATURES,
  removalRefusal,
  switchRefusal,
  type SwitchableFeature,
} from '#shared/permissions';
import type { AddCoordinatorInput, CreateUserInput, SetPermissionInput } from '#shared/schemas/admin';

/**
 * A non-admin account on the admin screen (D4): a coordinator with the effective state of each
 * switch, or an account with no role ('none': never made a coordinator, or removed), which has
 * Settings only and every switch off until someone adds it as a coordinator again.
 */
export interface Coordinator {
  id: string;
  email: string;
  /** The display name, else the full name; '' when neither is set. */
  name: string;
  role: 'coordinator' | 'none';
  permissions: Record<SwitchableFeature, boolean>;
  /**
   * Deactivated under Admin > Accounts (decision 0104): cannot sign in, whatever the switches
   * say. Listed all the same, so the switches are as they were on reactivation.
   */
  deactivated: boolean;
}

export const REASONS = {
  duplicateEmail: 'A user with this email address already exists.',
  unknownEmail: 'No user with this email address exists. Create the user first.',
  alreadyCoordinator: 'This person is already a coordinator.',
  adminCannotBeCoordinator: 'This person is an admin and already has every permission.',
  unknownPerson: 'This person does not exist (they may have been deleted).',
  noAccess: 'This person has no access. Add them as a coordinator first.',
  emailOff: 'Email is not set up on this portal, so no invitation can be sent. Set a password instead.',
  adminUnchangeable: 'Admins always have every permission; they cannot be changed here.',
  ownPermissions: 'You cannot change your own permissions.',
  ownRole: 'You cannot change your own role.',
} as const;

const adminRoles = alias(userRoles, 'admin_roles');
const coordinatorRoles = alias(userRoles, 'coordinator_roles');
const NO_ACCESS = resolvePermissions('none', []);

/**
 * Every account that is not an admin, ordered by email: coordinators with the effective state
 * of each switch (D4 defaults applied), and accounts without a role, so that a person whose
 * role was removed stays visible and can be given access again. Admins are not listed: they
 * hold every permission and no switch applies to them.
 */
export async function listCoordinators(db: Db, onlyUserId?: string): Promise<Coordinator[]> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      displayName: user.displayName,
      isCoordinator: sql<boolean>`${coordinatorRoles.userId} is not null`,
      deactivated: sql<boolean>`${user.deactivatedAt} is not null`,
    })
    .from(user)
    .leftJoin(coordinatorRoles, and(eq(coordinatorRoles.userId, user.id), eq(coordinatorRoles.role, 'coordinator')))
    .where(
      and(
        onlyUserId === undefined ? undefined : eq(user.id, onlyUserId),
        notExists(
          db
            .select({ one: adminRoles.userId })
            .from(adminRoles)
            .where(and(eq(adminRoles.userId, user.id), eq(adminRoles.role, 'admin'))),
        ),
      ),
    )
    .orderBy(asc(user.email));
  if (rows.length === 0) return [];

  const switches = await db
    .select({
      userId: coordinatorPermissions.userId,
      feature: coordinatorPermissions.feature,
      enabled: coordinatorPermissions.enabled,
    })
    .from(coordinatorPermissions)
    .where(
      inArray(
        coordinatorPermissions.userId,
        rows.filter((r) => r.isCoordinator).map((r) => r.id),
      ),
    );
  const switchesByUser = new Map<string, typeof switches>();
  for (const row of switches) switchesByUser.set(row.userId, [...(switchesByUser.get(row.userId) ?? []), row]);
  return rows.map((row) => {
    const permissions = row.isCoordinator
      ? resolvePermissions('coordinator', switchesByUser.get(row.id) ?? [])
      : NO_ACCESS;
    return {
      id: row.id,
      email: row.email,
      name: row.displayName || row.name,
      role: row.isCoordinator ? 'coordinator' : 'none',
      permissions: Object.fromEntries(
        SWITCHABLE_FEATURES.map((f) => [f, permissions[f]]),
      ) as Coordinator['permissions'],
      deactivated: row.deactivated,
    };
  });
}

export async function getCoordinator(db: Db, userId: string): Promise<Coordinator | undefined> {
  return (await listCoordinators(db, userId))[0];
}

/**
 * Creates an account that can sign in at once. Without a role it has Settings only (D4), and
 * it is listed as such on the admin screen until someone adds it as a coordinator.
 */
export async function createUser(
  ctx: ServiceContext,
  input: CreateUserInput,
): Promise<{ user: { id: string; email: string; name: string } }> {
  try {
    return await ctx.change(async (tx) => {
      if (input.invite && !tx.deps.mail.enabled) refuse(400, REASONS.emailOff);
      if (await findUserByEmail(tx.db, input.email)) refuse(409, REASONS.duplicateEmail);
      const created = await createUserWithPassword(tx.db, {
        ...input,
        password: input.invite ? unusablePassword() : input.password!,
      });
      const user = { ...created, name: input.fullName ?? '' };
      if (input.invite) {
        const [admin] = await tx.db
          .select({ name: sql<string>`coalesce(nullif(display_name, ''), nullif(name, ''), email)` })
          .from(userTable)
          .where(eq(userTable.id, tx.actor.id));
        await queueInvitation(tx.db, tx.deps.mail, tx.deps.config.BASE_URL, user, admin?.name ?? 'An admin');
      }
      await tx.record({
        action: input.invite ? 'user.invited' : 'user.created',
        subject: { type: 'user', id: created.id },
        announce: listChanged(created.id),
        after: user,
      });
      return { user };
    });
  } catch (err) {
    // Two admins creating the same address at the same moment: the unique index decides.
    if (isUniqueViolation(err)) refuse(409, REASONS.duplicateEmail);
    throw err;
  }
}

/**
 * Assigns the coordinator role by email (SPEC "add_coordinator"), to a new account or to one
 * whose role was removed. A coordinator with user management can give nobody more than they
 * hold themselves (D4): the features they lack are switched off for the person they add.
 */
export async function addCoordinator(ctx: ServiceContext, input: AddCoordinatorInput): Promise<Coordinator> {
  return ctx.change(async (tx) => {
    const target = await findUserByEmail(tx.db, input.email);
    if (!target) refuse(404, REASONS.unknownEmail);
    const roles = await rolesOf(tx.db, target.id);
    if (roles.includes('admin')) refuse(409, REASONS.adminCannotBeCoordinator);
    if (target.id === tx.actor.id) refuse(403, REASONS.ownRole);
    if (roles.includes('coordinator')) refuse(409, REASONS.alreadyCoordinator);

    const before = await getCoordinator(tx.db, target.id);
    await grantRole(tx.db, target.id, 'coordinator');
    const notTheirs = SWITCHABLE_FEATURES.filter((feature) => !mayGive(tx.actor, feature));
    if (notTheirs.length > 0) {
      await tx.db
        .insert(coordinatorPermissions)
        .values(notTheirs.map((feature) => ({ userId: target.id, feature, enabled: false })))
        .onConflictDoUpdate({
          target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
          set: { enabled: false, updatedAt: new Date() },
        });
    }
    const coordinator = (await getCoordinator(tx.db, target.id))!;
    await tx.record({
      action: 'coordinator.added',
      subject: { type: 'user', id: target.id },
      announce: accessChanged(target.id),
      before,
      after: coordinator,
    });
    return coordinator;
  });
}

/**
 * Switches one feature for one coordinator; it applies to their next request and reaches their
 * open tabs through the realtime stream. Admins and one's own switches are refused, and only
 * admins change user management or switch on what they do not hold themselves (D4), so a
 * coordinator with user management cannot widen their own access through a second account.
 */
export async function setPermission(
  ctx: ServiceContext,
  targetId: string,
  input: SetPermissionInput,
): Promise<Coordinator> {
  return ctx.change(async (tx) => {
    await checkTarget(tx.db, tx.actor, targetId, REASONS.ownPermissions);
    const refusal = switchRefusal(tx.actor, input.feature, input.enabled);
    if (refusal) refuse(403, refusal);
    const before = await getCoordinator(tx.db, targetId);
    await tx.db
      .insert(coordinatorPermissions)
      .values({ userId: targetId, feature: input.feature, enabled: input.enabled })
      .onConflictDoUpdate({
        target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
        set: { enabled: input.enabled, updatedAt: new Date() },
      });
    const coordinator = (await getCoordinator(tx.db, targetId))!;
    await tx.record({
      action: 'permission.changed',
      subject: { type: 'user', id: targetId },
      announce: accessChanged(targetId),
      before,
      after: coordinator,
    });
    return coordinator;
  });
}

/**
 * Removes the coordinator role (SPEC: delete the user_roles row). The account stays, listed
 * with no access: from its next request it has Settings only (D4), on every tab and instance.
 * Its other switches are kept, so adding it again restores the restrictions it had; user
 * management and Giving Records are revoked, so adding it again never restores them (only an
 * admin grants them; docs/decisions/0090-no-role-no-access.md, 0111).
 */
export async function removeCoordinator(ctx: ServiceContext, targetId: string): Promise<{ ok: true }> {
  return ctx.change(async (tx) => {
    await checkTarget(tx.db, tx.actor, targetId, REASONS.ownRole);
    const before = await getCoordinator(tx.db, targetId);
    const refusal = before ? removalRefusal(tx.actor, before) : null;
    if (refusal) refuse(403, refusal);
    await revokeRole(tx.db, targetId, 'coordinator');
    await tx.db
      .delete(coordinatorPermissions)
      .where(and(eq(coordinatorPermissions.userId, targetId), inArray(coordinatorPermissions.feature, ADMIN_GRANTED)));
    await tx.record({
      action: 'coordinator.removed',
      subject: { type: 'user', id: targetId },
      announce: accessChanged(targetId),
      before,
      after: await getCoordinator(tx.db, targetId),
    });
    return { ok: true as const };
  });
}

/** The target must be an existing coordinator, not an admin, and not the actor. */
async function checkTarget(db: Db, actor: Actor, targetId: string, ownReason: string): Promise<void> {
  const roles = await rolesOf(db, targetId);
  if (roles.includes('admin')) refuse(403, REASONS.adminUnchangeable);
  if (targetId === actor.id) refuse(403, ownReason);
  if (roles.includes('coordinator')) return;
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, targetId));
  refuse(exists ? 409 : 404, exists ? REASONS.noAccess : REASONS.unknownPerson);
}

/** Open admin screens reload the list. */
const listChanged = (userId: string): Announcement => ({
  audience: { feature: 'user_management' },
  event: { type: 'coordinators.changed', userId },
});

/** The person's tabs reload their permissions; open admin screens reload the list. */
const accessChanged = (userId: string): Announcement[] => [
  { audience: { userId }, event: { type: 'permissions.changed', userId } },
  listChanged(userId),
];
