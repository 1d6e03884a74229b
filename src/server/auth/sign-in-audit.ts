import { and, eq, gt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { activity } from '../db/schema';
import { recordChange } from '../service/changes';
import { THROTTLE_RULES } from './sign-in-throttle';

export type SignInOutcome =
  'succeeded' | 'failed' | 'locked_out' | 'refused_deactivated' | 'second_factor_failed' | 'second_factor_locked_out';

/**
 * Sign-ins in the audit log (issue 17): each success and each wrong password, and a lock-out
 * once per account and throttle window, however many refused attempts follow (a guesser must
 * not be able to fill the log, or queue every writer behind the chain's lock). The subject is
 * the address typed, as it was typed to an account that may not exist; never the password.
 */
export async function recordSignIn(
  db: Db,
  outcome: SignInOutcome,
  attempt: { email: string; clientIp: string; userId?: string; method?: 'authenticator' | 'recovery_code' },
): Promise<void> {
  const subject = { type: 'account', id: attempt.email.toLowerCase() };
  const action = `sign_in.${outcome}`;
  if (outcome === 'locked_out' || outcome === 'second_factor_locked_out') {
    const since = new Date(Date.now() - THROTTLE_RULES.windowMinutes * 60_000);
    const [already] = await db
      .select({ id: activity.id })
      .from(activity)
      .where(
        and(
          eq(activity.subjectType, subject.type),
          eq(activity.subjectId, subject.id),
          eq(activity.action, action),
          gt(activity.at, since),
        ),
      )
      .limit(1);
    if (already) return;
  }
  // The second factor used, when there was one: a recovery code used is worth noticing.
  const after = attempt.method ? { secondFactor: attempt.method } : undefined;
  await recordChange(db, { id: attempt.userId ?? null, clientIp: attempt.clientIp }, { action, subject, after });
}
