import { and, asc, eq, inArray, notExists, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { coordinatorPermissions, user, userRoles } from '../../db/schema';
import { createUserWithPassword, findUserByEmail, grantRole, revokeRole, rolesOf } from '../../auth/users';
import type { EventBus } from '../../realtime/event-bus';
import {
  resolvePermissions,
  SWITCHABLE_FEATURES,
  type AccessRole,
  type Permissions,
  type SwitchableFeature,
} from '../../../shared/permissions';
import type { AddCoordinatorInput, CreateUserInput, SetPermissionInput } from '../../../shared/schemas/admin';

/** The person acting on the admin screen: an admin, or a coordinator granted user_management. */
export interface Actor {
  id: string;
  role: AccessRole;
  permissions: Permissions;
}

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
}

/** A refused operation: the status and the readable reason the screen shows after 'Failed to ...'. */
export interface Refusal {
  ok: false;
  status: 403 | 404 | 409;
  error: string;
}
type Result<T> = ({ ok: true } & T) | Refusal;

const refuse = (status: Refusal['status'], error: string): Refusal => ({ ok: false, status, error });

export const REASONS = {
  duplicateEmail: 'A user with this email address already exists.',
  unknownEmail: 'No user with this email address exists. Create the user first.',
  alreadyCoordinator: 'This person is already a coordinator.',
  adminCannotBeCoordinator: 'This person is an admin and already has every permission.',
  unknownPerson: 'This person does not exist (they may have been deleted).',
  noAccess: 'This person has no access. Add them as a coordinator first.',
  adminUnchangeable: 'Admins always have every permission; they cannot be changed here.',
  ownPermissions: 'You cannot change your own permissions.',
  ownRole: 'You cannot change your own role.',
  onlyAdminsGrantUserManagement: 'Only an admin can give or take away user management.',
  notYoursToGive: 'You cannot give a permission that you do not have yourself.',
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
    };
  });
}

export async function getCoordinator(db: Db, userId: string): Promise<Coordinator | undefined> {
  return (await listCoordinators(db, userId))[0];
}

/** Creates an account that can sign in at once. It becomes a listed coordinator only when added. */
export async function createUser(
  db: Db,
  input: CreateUserInput,
): Promise<Result<{ user: { id: string; email: string; name: string } }>> {
  if (await findUserByEmail(db, input.email)) return refuse(409, REASONS.duplicateEmail);
  try {
    const created = await createUserWithPassword(db, input);
    return { ok: true, user: { ...created, name: input.fullName ?? '' } };
  } catch (err) {
    // Two admins creating the same address at the same moment: the unique index decides.
    if (isUniqueViolation(err)) return refuse(409, REASONS.duplicateEmail);
    throw err;
  }
}

/**
 * Assigns the coordinator role by email (SPEC "add_coordinator"), to a new account or to one
 * whose role was removed. A coordinator with user management can give nobody more than they
 * hold themselves (D4): the features they lack are switched off for the person they add.
 */
export async function addCoordinator(
  db: Db,
  bus: EventBus,
  actor: Actor,
  input: AddCoordinatorInput,
): Promise<Result<{ coordinator: Coordinator }>> {
  const target = await findUserByEmail(db, input.email);
  if (!target) return refuse(404, REASONS.unknownEmail);
  const roles = await rolesOf(db, target.id);
  if (roles.includes('admin')) return refuse(409, REASONS.adminCannotBeCoordinator);
  if (target.id === actor.id) return refuse(403, REASONS.ownRole);
  if (roles.includes('coordinator')) return refuse(409, REASONS.alreadyCoordinator);

  await db.transaction(async (tx) => {
    await grantRole(tx, target.id, 'coordinator');
    const notTheirs = SWITCHABLE_FEATURES.filter((feature) => !mayGive(actor, feature));
    if (notTheirs.length > 0) {
      await tx
        .insert(coordinatorPermissions)
        .values(notTheirs.map((feature) => ({ userId: target.id, feature, enabled: false })))
        .onConflictDoUpdate({
          target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
          set: { enabled: false, updatedAt: new Date() },
        });
    }
  });
  await announce(bus, target.id);
  const coordinator = await getCoordinator(db, target.id);
  return coordinator ? { ok: true, coordinator } : refuse(404, REASONS.unknownPerson);
}

/**
 * Switches one feature for one coordinator; it applies to their next request and reaches their
 * open tabs through the realtime stream. Admins and one's own switches are refused, and only
 * admins change user management or switch on what they do not hold themselves (D4), so a
 * coordinator with user management cannot widen their own access through a second account.
 */
export async function setPermission(
  db: Db,
  bus: EventBus,
  actor: Actor,
  targetId: string,
  input: SetPermissionInput,
): Promise<Result<{ coordinator: Coordinator }>> {
  const refusal = await checkTarget(db, actor, targetId, REASONS.ownPermissions);
  if (refusal) return refusal;
  if (input.feature === 'user_management' && actor.role !== 'admin')
    return refuse(403, REASONS.onlyAdminsGrantUserManagement);
  if (input.enabled && !mayGive(actor, input.feature)) return refuse(403, REASONS.notYoursToGive);
  await db
    .insert(coordinatorPermissions)
    .values({ userId: targetId, feature: input.feature, enabled: input.enabled })
    .onConflictDoUpdate({
      target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
      set: { enabled: input.enabled, updatedAt: new Date() },
    });
  await announce(bus, targetId);
  const coordinator = await getCoordinator(db, targetId);
  return coordinator ? { ok: true, coordinator } : refuse(404, REASONS.unknownPerson);
}

/**
 * Removes the coordinator role (SPEC: delete the user_roles row). The account stays, listed
 * with no access: from its next request it has Settings only (D4), on every tab and instance.
 * Its other switches are kept, so adding it again restores the restrictions it had; user
 * management is revoked, so adding it again never restores that (only an admin grants it;
 * docs/decisions/0090-no-role-no-access.md).
 */
export async function removeCoordinator(
  db: Db,
  bus: EventBus,
  actor: Actor,
  targetId: string,
): Promise<Result<object>> {
  const refusal = await checkTarget(db, actor, targetId, REASONS.ownRole);
  if (refusal) return refusal;
  await db.transaction(async (tx) => {
    await revokeRole(tx, targetId, 'coordinator');
    await tx
      .delete(coordinatorPermissions)
      .where(and(eq(coordinatorPermissions.userId, targetId), eq(coordinatorPermissions.feature, 'user_management')));
  });
  await announce(bus, targetId);
  return { ok: true };
}

/** The target must be an existing coordinator, not an admin, and not the actor. */
async function checkTarget(db: Db, actor: Actor, targetId: string, ownReason: string): Promise<Refusal | undefined> {
  const roles = await rolesOf(db, targetId);
  if (roles.includes('admin')) return refuse(403, REASONS.adminUnchangeable);
  if (targetId === actor.id) return refuse(403, ownReason);
  if (roles.includes('coordinator')) return undefined;
  const [exists] = await db.select({ id: user.id }).from(user).where(eq(user.id, targetId));
  return exists ? refuse(409, REASONS.noAccess) : refuse(404, REASONS.unknownPerson);
}

/** Admins give anything; anyone else only what they hold themselves, and never user management. */
function mayGive(actor: Actor, feature: SwitchableFeature): boolean {
  if (actor.role === 'admin') return true;
  return feature !== 'user_management' && actor.permissions[feature];
}

/** The person's tabs reload their permissions; open admin screens reload the list. */
async function announce(bus: EventBus, userId: string) {
  await bus.publish({ userId }, { type: 'permissions.changed', userId });
  await bus.publish({ feature: 'user_management' }, { type: 'coordinators.changed', userId });
}

function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
