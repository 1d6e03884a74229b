import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { coordinatorPermissions, userRoles } from '../db/schema';
import { resolvePermissions, type Permissions, type Role } from '../../shared/permissions';

export interface Access {
  role: Role;
  permissions: Permissions;
}

/** Reads the role and switches fresh from the database, so a change applies to the next request. */
export async function loadAccess(db: Db, userId: string): Promise<Access> {
  const [roles, rows] = await Promise.all([
    db.select({ role: userRoles.role }).from(userRoles).where(eq(userRoles.userId, userId)),
    db
      .select({ feature: coordinatorPermissions.feature, enabled: coordinatorPermissions.enabled })
      .from(coordinatorPermissions)
      .where(eq(coordinatorPermissions.userId, userId)),
  ]);
  const role: Role = roles.some((r) => r.role === 'admin') ? 'admin' : 'coordinator';
  return { role, permissions: resolvePermissions(role, rows) };
}
