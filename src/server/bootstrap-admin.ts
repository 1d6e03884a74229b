import { randomBytes } from 'node:crypto';
import type { Db } from './db/client';
import { countUsers, createUserWithPassword, grantRole } from './auth/users';

export const DEFAULT_ADMIN_EMAIL = 'admin@example.org';

export interface BootstrappedAdmin {
  email: string;
  /** Present only when the password was generated and must be shown to the operator once. */
  generatedPassword?: string;
}

/** D5: on an empty database, create the first admin so someone can sign in at all. */
export async function bootstrapFirstAdmin(
  db: Db,
  settings: { email?: string; password?: string },
): Promise<BootstrappedAdmin | undefined> {
  if ((await countUsers(db)) > 0) return undefined;
  const email = settings.email ?? DEFAULT_ADMIN_EMAIL;
  const generatedPassword = settings.password ? undefined : randomBytes(12).toString('base64url');
  const created = await createUserWithPassword(db, {
    email,
    password: settings.password ?? generatedPassword!,
    fullName: 'Administrator',
  });
  await grantRole(db, created.id, 'admin');
  return { email: created.email, generatedPassword };
}
