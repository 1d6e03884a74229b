import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings, user } from '../db/schema';
import type { AccessRole } from '#shared/permissions';
import type { AccountSetup, TwoFactorPolicy } from '#shared/schemas/two-factor';

/** app_settings key of who must use two-factor sign-in (JSON of TwoFactorPolicy). */
export const TWO_FACTOR_POLICY_KEY = 'two_factor_required';

export const NO_POLICY: TwoFactorPolicy = { admin: false, coordinator: false };

export function parseTwoFactorPolicy(value: string | null | undefined): TwoFactorPolicy {
  if (!value) return NO_POLICY;
  try {
    const parsed = JSON.parse(value) as Partial<TwoFactorPolicy>;
    return { admin: parsed.admin === true, coordinator: parsed.coordinator === true };
  } catch {
    return NO_POLICY;
  }
}

/** Whether this role must sign in with a second factor. People without a role see Settings only. */
export function twoFactorRequired(policy: TwoFactorPolicy, role: AccessRole): boolean {
  return role === 'admin' ? policy.admin : role === 'coordinator' ? policy.coordinator : false;
}

/** The policy's stored text, read in the principal's one statement (auth/principal.ts). */
export const twoFactorPolicySql = sql<
  string | null
>`(select ${appSettings.value} from ${appSettings} where ${appSettings.key} = ${TWO_FACTOR_POLICY_KEY})`;

export async function readTwoFactorPolicy(db: Db): Promise<TwoFactorPolicy> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, TWO_FACTOR_POLICY_KEY));
  return parseTwoFactorPolicy(row?.value);
}

export interface SetupFacts {
  role: AccessRole;
  mustChangePassword: boolean;
  twoFactorEnabled: boolean;
  policy: string | null;
}

/**
 * The step a signed-in person must take before anything else, or null. A temporary password
 * is replaced first; then two-factor sign-in is set up where the person's role requires it.
 * Pure: the principal's row holds every fact it needs.
 */
export function pendingSetup(facts: SetupFacts): AccountSetup | null {
  if (facts.mustChangePassword) return 'change-password';
  if (!facts.twoFactorEnabled && twoFactorRequired(parseTwoFactorPolicy(facts.policy), facts.role))
    return 'enrol-two-factor';
  return null;
}

/** The same facts for one person, for the paths that do not read the principal's row. */
export async function loadSetupFacts(db: Db, userId: string) {
  const [row] = await db
    .select({
      mustChangePassword: user.mustChangePassword,
      twoFactorEnabled: user.twoFactorEnabled,
      policy: twoFactorPolicySql,
    })
    .from(user)
    .where(eq(user.id, userId));
  return row ?? { mustChangePassword: false, twoFactorEnabled: false, policy: null };
}

/**
 * What a person in the middle of a setup step may still call: who they are, their settings
 * (the password change), and the two-factor enrolment (under /api/auth, before this check).
 */
export function allowedDuringSetup(method: string, path: string): boolean {
  return (
    (method === 'GET' && (path === '/api/me' || path === '/api/settings' || path === '/api/settings/two-factor')) ||
    (method === 'POST' && path === '/api/settings/password')
  );
}
