import { and, asc, eq, inArray, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { coordinatorPermissions, user, userRoles } from '../../db/schema';
import { createUserWithPassword, findUserByEmail, grantRole, revokeRole, rolesOf } from '../../auth/users';
import type { EventBus } from '../../realtime/event-bus';
import {
  resolvePermissions,
  SWITCHABLE_FEATURES,
  type Role,
  type SwitchableFeature,
} from '../../../shared/permissions';
import type { AddCoordinatorInput, CreateUserInput, SetPermissionInput } from '../../../shared/schemas/admin';

/** The person acting on the admin screen: an admin, or a coordinator granted user_management. */
export interface Actor {
  id: string;
  role: Role;
}

export interface Coordinator {
  id: string;
  email: string;
  /** The display name, else the full name; '' when neither is set. */
  name: string;
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
  unknownCoordinator: 'This person is not a coordinator (they may have been removed).',
  adminUnchangeable: 'Admins always have every permission; they cannot be changed here.',
  ownPermissions: 'You cannot change your own permissions.',
  ownRole: 'You cannot change your own role.',
} as const;

const adminRoles = alias(userRoles, 'admin_roles');

/**
 * Coordinators (a user_roles row with role coordinator, D4) with the effective state of each
 * switch, ordered by email. Someone who is also an admin is not listed: admins hold every
 * permission and no switch applies to them.
 */
export async function listCoordinators(db: Db, onlyUserId?: string): Promise<Coordinator[]> {
  const rows = await db
    .select({ id: user.id, email: user.email, name: user.name, displayName: user.displayName })
    .from(userRoles)
    .innerJoin(user, eq(user.id, userRoles.userId))
    .where(
      and(
        eq(userRoles.role, 'coordinator'),
        onlyUserId === undefined ? undefined : eq(userRoles.userId, onlyUserId),
        notExists(
          db
            .select({ one: adminRoles.userId })
            .from(adminRoles)
            .where(and(eq(adminRoles.userId, userRoles.userId), eq(adminRoles.role, 'admin'))),
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
        rows.map((r) => r.id),
      ),
    );
  const switchesByUser = new Map<string, typeof switches>();
  for (const row of switches) switchesByUser.set(row.userId, [...(switchesByUser.get(row.userId) ?? []), row]);
  return rows.map((row) => {
    const permissions = resolvePermissions('coordinator', switchesByUser.get(row.id) ?? []);
    return {
      id: row.id,
      email: row.email,
      name: row.displayName || row.name,
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

/** Assigns the coordinator role by email (SPEC "add_coordinator"). */
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

  await grantRole(db, target.id, 'coordinator');
  await announce(bus, target.id);
  const coordinator = await getCoordinator(db, target.id);
  return coordinator ? { ok: true, coordinator } : refuse(404, REASONS.unknownCoordinator);
}

/**
 * Switches one feature for one coordinator; it applies to their next request and reaches their
 * open tabs through the realtime stream. Admins and one's own switches are refused (D4).
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
  await db
    .insert(coordinatorPermissions)
    .values({ userId: targetId, feature: input.feature, enabled: input.enabled })
    .onConflictDoUpdate({
      target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
      set: { enabled: input.enabled, updatedAt: new Date() },
    });
  await announce(bus, targetId);
  const coordinator = await getCoordinator(db, targetId);
  return coordinator ? { ok: true, coordinator } : refuse(404, REASONS.unknownCoordinator);
}

/**
 * Removes the coordinator role (SPEC: delete the user_roles row). The account stays and, as
 * D4 treats everyone without a role as a coordinator, so do the switches that restrict it:
 * removal never widens access. User management is revoked, since nobody could see or revoke
 * it on a person who is no longer listed (docs/decisions/0010-admin-operations.md).
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

/** The target must be a listed coordinator, not an admin, and not the actor. */
async function checkTarget(db: Db, actor: Actor, targetId: string, ownReason: string): Promise<Refusal | undefined> {
  const roles = await rolesOf(db, targetId);
  if (roles.includes('admin')) return refuse(403, REASONS.adminUnchangeable);
  if (targetId === actor.id) return refuse(403, ownReason);
  if (!roles.includes('coordinator')) return refuse(404, REASONS.unknownCoordinator);
  return undefined;
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
