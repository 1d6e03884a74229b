import { createUserWithPassword, grantRole } from '#server/auth/users';
import type { Db } from '#server/db/client';

export interface DemoUser {
  id: string;
  email: string;
  name: string;
}
export interface DemoUsers {
  admin: DemoUser;
  coordinators: DemoUser[];
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
    coordinators.push({ ...created, name: c.name });
  }
  return { admin: { ...admin, name: adminName }, coordinators };
}
