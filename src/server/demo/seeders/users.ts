import { createUserWithPassword, grantRole } from '#server/auth/users';
import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { coordinatorPermissions, user } from '#server/db/schema';

export interface DemoUser {
  id: string;
  email: string;
  name: string;
}
export interface DemoUsers {
  admin: DemoUser;
  coordinators: DemoUser[];
  /** A coordinator who left: deactivated, cannot sign in. */
  former: DemoUser;
}

const COORDINATORS = [
  { email: 'coordinator@example.org', name: 'Sarah Johnson' },
  { email: 'michael.chen@example.org', name: 'Michael Chen' },
];

export async function seedDemoUsers(db: Db, password: string): Promise<DemoUsers> {
  const adminName = 'Pastor David Williams';
  const admin = await createUserWithPassword(db, { email: 'admin@example.org', password, fullName: adminName });
  await grantRole(db, admin.id, 'admin');
  const coordinators: DemoUser[] = [];
  for (const c of COORDINATORS) {
    const created = await createUserWithPassword(db, { email: c.email, password, fullName: c.name });
    await grantRole(db, created.id, 'coordinator');
    // Michael keeps the books: an admin gave him Giving Records (issue 19).
    if (c.email === 'michael.chen@example.org')
      await db.insert(coordinatorPermissions).values({ userId: created.id, feature: 'giving', enabled: true });
    coordinators.push({ ...created, name: c.name });
  }
  // A volunteer who left: Admin > Accounts shows a deactivated account (decision 0104).
  const former = await createUserWithPassword(db, {
    email: 'former.volunteer@example.org',
    password,
    fullName: 'Grace Okafor',
  });
  await grantRole(db, former.id, 'coordinator');
  await db
    .update(user)
    .set({ deactivatedAt: new Date(Date.now() - 30 * 24 * 3600_000) })
    .where(eq(user.id, former.id));
  return { admin: { ...admin, name: adminName }, coordinators, former: { ...former, name: 'Grace Okafor' } };
}
