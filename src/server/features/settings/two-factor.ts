import { eq } from 'drizzle-orm';
import { user } from '#server/db/schema';
import { readTwoFactorPolicy, twoFactorRequired } from '#server/auth/account-setup';
import { callBetterAuth } from '#server/auth/better-auth-calls';
import type { AppDeps } from '#server/http/app-env';
import type { AccessRole } from '#shared/permissions';

/**
 * The person's two-factor sign-in as Settings > Security shows it. The changes themselves go
 * through /api/auth/two-factor/* (auth/two-factor-routes.ts).
 */
export async function twoFactorStatus(deps: AppDeps, userId: string, role: AccessRole) {
  const { db } = deps.database;
  const [own] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  const enabled = own?.on ?? false;
  const required = twoFactorRequired(await readTwoFactorPolicy(db), role);
  let recoveryCodesLeft: number | null = null;
  if (enabled) {
    // better-auth keeps the codes encrypted; it alone reads them (a server-only call).
    const { auth } = deps;
    const codes = await callBetterAuth(() => auth.api.viewBackupCodes({ body: { userId } }));
    recoveryCodesLeft = codes.backupCodes.length;
  }
  return { enabled, required, recoveryCodesLeft };
}
