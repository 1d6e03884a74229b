import { sql, type SQLWrapper } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query-rows';
import { coordinatorPermissions, userRoles } from '../db/schema';
import { resolvePermissions, type PermissionRow, type Permissions, type Role } from '../../shared/permissions';

export interface Access {
  role: Role;
  permissions: Permissions;
}

/** Whether the user whose id is `userId` (a column or a value) holds the admin role. */
export const isAdminSql = (userId: SQLWrapper | string) =>
  sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${userId} and ${userRoles.role} = 'admin')`;

/** The user's coordinator switches as a JSON array of [feature, enabled] pairs. */
export const switchesSql = (userId: SQLWrapper | string) =>
  sql<
    SwitchPairs | string
  >`coalesce((select json_agg(json_build_array(${coordinatorPermissions.feature}, ${coordinatorPermissions.enabled})) from ${coordinatorPermissions} where ${coordinatorPermissions.userId} = ${userId}), '[]'::json)`;

export type SwitchPairs = [feature: string, enabled: boolean][];

/** The role and switches read by isAdminSql and switchesSql, as the permission rules see them. */
export function accessFrom(isAdmin: boolean, switches: SwitchPairs | string): Access {
  const pairs: SwitchPairs = typeof switches === 'string' ? (JSON.parse(switches) as SwitchPairs) : switches;
  const rows: PermissionRow[] = pairs.map(([feature, enabled]) => ({ feature, enabled }));
  const role: Role = isAdmin ? 'admin' : 'coordinator';
  return { role, permissions: resolvePermissions(role, rows) };
}

/**
 * Reads the role and switches fresh from the database, in one statement, so a change applies
 * to the next request.
 */
export async function loadAccess(db: Db, userId: string): Promise<Access> {
  const [row] = await queryRows<{ is_admin: boolean; switches: SwitchPairs | string }>(
    db,
    sql`select ${isAdminSql(userId)} as is_admin, ${switchesSql(userId)} as switches`,
  );
  return accessFrom(row?.is_admin === true, row?.switches ?? []);
}
