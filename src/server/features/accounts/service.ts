import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import {
  appSettings,
  coordinatorPermissions,
  folded,
  foldedContains,
  session,
  twoFactor,
  user,
  userRoles,
  userSignIns,
} from '#server/db/schema';
import { queueAdminReset } from '#server/auth/invitation';
import { readTwoFactorPolicy, TWO_FACTOR_POLICY_KEY } from '#server/auth/account-setup';
import { queueTwoFactorNotice } from '#server/auth/password-notice';
import { temporaryPassword } from '#server/auth/password';
import { setPassword } from '#server/auth/users';
import type { TwoFactorPolicy } from '#shared/schemas/two-factor';
import type { Announcement } from '#server/service/changes';
import type { ChangeContext, ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { isUniqueViolation } from '#server/db/errors';
import {
  ACCOUNT_REASONS,
  ACCOUNTS_PAGE_SIZE,
  type AccountRole,
  type AccountsQuery,
  type UpdateAccountInput,
} from '#shared/schemas/accounts';

const hasRole = (role: 'admin' | 'coordinator') =>
  sql<boolean>`exists (select 1 from ${userRoles} where ${userRoles.userId} = ${user.id} and ${userRoles.role} = ${role})`;

const accountColumns = {
  id: user.id,
  email: user.email,
  name: sql<string>`coalesce(nullif(${user.displayName}, ''), ${user.name})`,
  isAdmin: hasRole('admin'),
  isCoordinator: hasRole('coordinator'),
  deactivatedAt: user.deactivatedAt,
  lastSignInAt: userSignIns.lastSignInAt,
  twoFactorEnabled: user.twoFactorEnabled,
  mustChangePassword: user.mustChangePassword,
};

type AccountRow = {
  id: string;
  email: string;
  name: string;
  isAdmin: boolean;
  isCoordinator: boolean;
  deactivatedAt: Date | null;
  lastSignInAt: Date | null;
  twoFactorEnabled: boolean;
  mustChangePassword: boolean;
};

const present = ({ isAdmin, isCoordinator, ...row }: AccountRow) => ({
  ...row,
  role: (isAdmin ? 'admin' : isCoordinator ? 'coordinator' : 'none') as AccountRole,
});
export type Account = ReturnType<typeof present>;

/**
 * Every account, admins included (issue 17 item 4), by email; a search matches the name or the
 * email anywhere, ignoring case and accents as the directory does (decision 0180). Paged by the
 * last email (emails are unique). A few hundred accounts at most: no index is needed.
 */
export async function listAccounts(db: Db, query: AccountsQuery) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = foldedContains(query.q);
    const names = sql`(coalesce(${user.displayName}, '') || ' ' || ${user.name})`;
    conditions.push(sql`(${folded(user.email)} ilike ${pattern} or ${folded(names)} ilike ${pattern})`);
  }
  if (query.status === 'active') conditions.push(isNull(user.deactivatedAt));
  if (query.status === 'deactivated') conditions.push(isNotNull(user.deactivatedAt));
  if (query.cursor) conditions.push(gt(user.email, query.cursor));
  const rows = await db
    .select(accountColumns)
    .from(user)
    .leftJoin(userSignIns, eq(userSignIns.userId, user.id))
    .where(conditions.length ? and(...conditions) : undefined)
    .orderBy(asc(user.email))
    .limit(ACCOUNTS_PAGE_SIZE + 1);
  const page = rows.slice(0, ACCOUNTS_PAGE_SIZE).map(present);
  return { accounts: page, nextCursor: rows.length > ACCOUNTS_PAGE_SIZE ? page.at(-1)!.email : null };
}

/**
 * The account, locked for the change; an admin's account only for an admin (a coordinator with
 * user management manages the team, not those who gave them that right).
 */
async function targetOf(ctx: ServiceContext, id: string): Promise<Account> {
  const [row] = await ctx.db
    .select(accountColumns)
    .from(user)
    .leftJoin(userSignIns, eq(userSignIns.userId, user.id))
    .where(eq(user.id, id))
    .for('update', { of: user });
  if (!row) refuse(404, ACCOUNT_REASONS.notFound);
  const account = present(row);
  if (account.role === 'admin' && ctx.actor.role !== 'admin') refuse(403, ACCOUNT_REASONS.adminsOnly);
  return account;
}

const recorded = (account: Account) => ({
  name: account.name,
  email: account.email,
  role: account.role,
  deactivatedAt: account.deactivatedAt,
  twoFactorEnabled: account.twoFactorEnabled,
});

/** Reads the account after a change and records the change with its values before and after. */
async function recordAccountChange(
  tx: ChangeContext,
  action: string,
  before: Account,
  extra: { announce?: Announcement[]; after?: Record<string, unknown> } = {},
): Promise<Account> {
  const after = await targetOf(tx, before.id);
  await tx.record({
    action,
    subject: { type: 'user', id: before.id },
    announce: extra.announce,
    before: recorded(before),
    after: { ...recorded(after), ...extra.after },
  });
  return after;
}

/** Corrects a person's name or email. */
export async function updateAccount(ctx: ServiceContext, id: string, input: UpdateAccountInput) {
  try {
    return await ctx.change(async (tx) => {
      const before = await targetOf(tx, id);
      await tx.db
        .update(user)
        .set({
          ...(input.name === undefined ? {} : { name: input.name, displayName: input.name }),
          ...(input.email === undefined ? {} : { email: input.email.toLowerCase() }),
          updatedAt: new Date(),
        })
        .where(eq(user.id, id));
      return recordAccountChange(tx, 'account.updated', before);
    });
  } catch (err) {
    if (isUniqueViolation(err)) refuse(409, ACCOUNT_REASONS.duplicateEmail);
    throw err;
  }
}

// Admin-affecting changes wait for each other: two admins deactivating each other at once must
// not leave the portal without one.
const ADMIN_CHANGES_LOCK = 7340018;

/** Refuses when `id` is the only active admin besides nobody: the portal must keep one. */
async function keepAnActiveAdmin(tx: ServiceContext, id: string) {
  const [other] = await tx.db
    .select({ id: user.id })
    .from(user)
    .innerJoin(userRoles, and(eq(userRoles.userId, user.id), eq(userRoles.role, 'admin')))
    .where(and(ne(user.id, id), isNull(user.deactivatedAt)))
    .limit(1);
  if (!other) refuse(409, ACCOUNT_REASONS.lastAdmin);
}

/**
 * The person's open tabs reload what they may do; open admin screens reload their lists (the
 * same events the coordinator switches send).
 */
const accessChanged = (userId: string): Announcement[] => [
  { audience: { userId }, event: { type: 'permissions.changed', userId } },
  { audience: { feature: 'user_management' }, event: { type: 'coordinators.changed', userId } },
];

/**
 * Makes a person an admin or a coordinator, or takes their role away (admins only, never one's
 * own, never the last active admin's). A new coordinator starts with the default switches;
 * switches kept from before apply again, except user management, which only an admin grants.
 */
export async function setRole(ctx: ServiceContext, id: string, role: AccountRole) {
  if (ctx.actor.role !== 'admin') refuse(403, ACCOUNT_REASONS.rolesByAdmins);
  if (id === ctx.actor.id) refuse(409, ACCOUNT_REASONS.ownRole);
  return ctx.change(async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`);
    const before = await targetOf(tx, id);
    if (before.role === role) refuse(409, ACCOUNT_REASONS.sameRole);
    if (before.role === 'admin') await keepAnActiveAdmin(tx, id);
    await tx.db.delete(userRoles).where(eq(userRoles.userId, id));
    if (role !== 'none') await tx.db.insert(userRoles).values({ userId: id, role });
    if (before.role === 'admin' || role !== 'coordinator')
      await tx.db
        .delete(coordinatorPermissions)
        .where(and(eq(coordinatorPermissions.userId, id), eq(coordinatorPermissions.feature, 'user_management')));
    return recordAccountChange(tx, 'account.role_changed', before, { announce: accessChanged(id) });
  });
}

/**
 * Deactivates an account: the person cannot sign in, every session of theirs ends now (the
 * session table's trigger closes their open tabs' streams on every instance, decision 0091),
 * and they are told of nothing. Never oneself, never the last active admin.
 */
export async function deactivateAccount(ctx: ServiceContext, id: string) {
  if (id === ctx.actor.id) refuse(409, ACCOUNT_REASONS.self);
  return ctx.change(async (tx) => {
    await tx.db.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK})`);
    const before = await targetOf(tx, id);
    if (before.deactivatedAt) refuse(409, ACCOUNT_REASONS.alreadyDeactivated);
    if (before.role === 'admin') await keepAnActiveAdmin(tx, id);
    await tx.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, id));
    const ended = await tx.db.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
    return recordAccountChange(tx, 'account.deactivated', before, { after: { sessionsEnded: ended.length } });
  });
}

/** Lets a deactivated person sign in again (with their old password, or a reset link). */
export async function reactivateAccount(ctx: ServiceContext, id: string) {
  return ctx.change(async (tx) => {
    const before = await targetOf(tx, id);
    if (!before.deactivatedAt) refuse(409, ACCOUNT_REASONS.alreadyActive);
    await tx.db.update(user).set({ deactivatedAt: null }).where(eq(user.id, id));
    return recordAccountChange(tx, 'account.reactivated', before);
  });
}

/**
 * Emails the person a link to choose a new password (a day, single use). Without SMTP it waits
 * in the outbox (Admin > Email), and the answer says so.
 */
export async function sendPasswordReset(ctx: ServiceContext, id: string) {
  return ctx.change(async (tx) => {
    const account = await targetOf(tx, id);
    if (account.deactivatedAt) refuse(409, ACCOUNT_REASONS.deactivated);
    const [me] = await tx.db
      .select({ name: sql<string>`coalesce(nullif(display_name, ''), nullif(name, ''), email)` })
      .from(user)
      .where(eq(user.id, tx.actor.id));
    await queueAdminReset(tx.db, tx.deps.mail, tx.deps.config.BASE_URL, account, me?.name ?? 'An admin');
    await tx.record({ action: 'account.password_reset_sent', subject: { type: 'user', id } });
    return { emailed: tx.deps.mail.enabled };
  });
}

/**
 * A temporary password, shown once to the admin to pass on in person or by phone: it works
 * until the person signs in with it, and then they must choose their own before anything else
 * (auth/account-setup.ts). Every session of theirs ends now. The log says that it was set,
 * never what it is.
 */
export async function setTemporaryPassword(ctx: ServiceContext, id: string) {
  if (id === ctx.actor.id) refuse(409, ACCOUNT_REASONS.ownPassword);
  const password = temporaryPassword();
  await ctx.change(async (tx) => {
    const before = await targetOf(tx, id);
    if (before.deactivatedAt) refuse(409, ACCOUNT_REASONS.deactivated);
    await setPassword(tx.db, id, password, { temporary: true });
    await recordAccountChange(tx, 'account.temporary_password_set', before);
  });
  return { password };
}

/**
 * For a person who lost their phone and their recovery codes: two-factor sign-in is turned off
 * and their sessions end. If their role requires it, their next sign-in leads them through
 * setting it up again.
 */
export async function resetTwoFactor(ctx: ServiceContext, id: string) {
  return ctx.change(async (tx) => {
    const before = await targetOf(tx, id);
    if (!before.twoFactorEnabled) refuse(409, ACCOUNT_REASONS.twoFactorOff);
    await tx.db.delete(twoFactor).where(eq(twoFactor.userId, id));
    await tx.db.update(user).set({ twoFactorEnabled: false }).where(eq(user.id, id));
    const ended = await tx.db.delete(session).where(eq(session.userId, id)).returning({ id: session.id });
    await queueTwoFactorNotice(tx.db, tx.deps.mail, id, 'reset');
    return recordAccountChange(tx, 'account.two_factor_reset', before, { after: { sessionsEnded: ended.length } });
  });
}

export const getTwoFactorPolicy = (db: Db) => readTwoFactorPolicy(db);

/**
 * Who must sign in with a second factor (admins only). It applies at once: a person who must
 * and has not set it up is led through it at their next request, this admin included. The
 * people of each role whose rule changed are told (`permissions.changed`), so a tab waiting on
 * the set-up page lets them back in when the rule is lifted, and one elsewhere is led there.
 */
export async function setTwoFactorPolicy(ctx: ServiceContext, policy: TwoFactorPolicy) {
  if (ctx.actor.role !== 'admin') refuse(403, ACCOUNT_REASONS.policyByAdmins);
  return ctx.change(async (tx) => {
    const before = await readTwoFactorPolicy(tx.db);
    const value = JSON.stringify(policy);
    await tx.db
      .insert(appSettings)
      .values({ key: TWO_FACTOR_POLICY_KEY, value })
      .onConflictDoUpdate({ target: appSettings.key, set: { value } });
    const changedRoles = (['admin', 'coordinator'] as const).filter((role) => before[role] !== policy[role]);
    const told = changedRoles.length
      ? await tx.db
          .selectDistinct({ userId: userRoles.userId })
          .from(userRoles)
          .where(inArray(userRoles.role, changedRoles))
      : [];
    await tx.record({
      action: 'accounts.two_factor_policy_changed',
      subject: { type: 'settings', id: TWO_FACTOR_POLICY_KEY },
      announce: told.map(({ userId }) => ({
        audience: { userId },
        event: { type: 'permissions.changed' as const, userId },
      })),
      before,
      after: policy,
    });
    return policy;
  });
}
