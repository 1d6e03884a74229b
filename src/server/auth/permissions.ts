import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { coordinatorPermissions, userRoles } from '../db/schema';
import { resolvePermissions, type AccessRole, type PermissionRow, type Permissions } from '#shared/permissions';

export interface Access {
  role: AccessRole;
  permissions: Permissions;
}

/**
 * The role that decides the access of the user whose id is `userId` (a column or a value):
 * 'admin' when they hold it (also beside a coordinator row: 'admin' sorts first), else
 * 'coordinator', else 'none' (D4). One index range on user_roles' primary key.
 */
export const accessRoleSql = (userId: SQLWrapper | string) =>
  sql<AccessRole>`coalesce((select min(${userRoles.role}) from ${userRoles} where ${userRoles.userId} = ${userId}), 'none')`;

/** The user's coordinator switches as a JSON array of [feature, enabled] pairs. */
export const switchesSql = (userId: SQLWrapper | string) =>
  sql<
    SwitchPairs | string
  >`coalesce((select json_agg(json_build_array(${coordinatorPermissions.feature}, ${coordinatorPermissions.enabled})) from ${coordinatorPermissions} where ${coordinatorPermissions.userId} = ${userId}), '[]'::json)`;

export type SwitchPairs = [feature: string, enabled: boolean][];

/** The role and switches read by accessRoleSql and switchesSql, as the permission rules see them. */
export function accessFrom(role: AccessRole, switches: SwitchPairs | string): Access {
  const pairs: SwitchPairs = typeof switches === 'string' ? (JSON.parse(switches) as SwitchPairs) : switches;
  const rows: PermissionRow[] = pairs.map(([feature, enabled]) => ({ feature, enabled }));
  return { role, permissions: resolvePermissions(role, rows) };
}

/**
 * Reads the role and switches fresh from the database, in one statement, so a change applies
 * to the next request.
 */
export async function loadAccess(db: Db, userId: string): Promise<Access> {
  const [row] = await queryRows<{ role: AccessRole; switches: SwitchPairs | string }>(
    db,
    sql`select ${accessRoleSql(userId)} as role, ${switchesSql(userId)} as switches`,
  );
  return accessFrom(row?.role ?? 'none', row?.switches ?? []);
}
