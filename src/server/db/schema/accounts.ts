/** Accounts: the better-auth tables, sign-in records and two-factor codes, roles and per-feature permissions. */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns';

export const user = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // SPEC "Session user" metadata, kept as columns so they can be queried and validated.
    displayName: varchar('display_name', { length: 100 }),
    emailNotifications: boolean('email_notifications').notNull().default(true),
    partnerUpdates: boolean('partner_updates').notNull().default(true),
    donationAlerts: boolean('donation_alerts').notNull().default(true),
    // Notification emails (issue 16, docs/decisions/0100): one each as it happens, or one daily
    // digest; `last_digest_at` is when the last digest was queued.
    emailFrequency: text('email_frequency', { enum: ['immediately', 'daily'] })
      .notNull()
      .default('immediately'),
    lastDigestAt: timestamp('last_digest_at', { withTimezone: true }),
    // Set by an admin (issue 17, decision 0104): the person cannot sign in, their sessions were
    // ended, and they are told of nothing; null while the account is active.
    deactivatedAt: timestamp('deactivated_at', { withTimezone: true }),
    // better-auth's two-factor plugin sets this once an authenticator app is confirmed
    // (the two_factor table below, decision 0105).
    twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
    // Set with a temporary password from an admin: the next sign-in must choose a new password
    // before anything else (auth/account-setup.ts).
    mustChangePassword: boolean('must_change_password').notNull().default(false),
  },
  (t) => [check('user_email_frequency_check', sql`${t.emailFrequency} in ('immediately', 'daily')`)],
);

/**
 * When each person last signed in, for the admin's list of accounts. Its own table: a column
 * of `user` would empty every instance's principal cache at each sign-in (decision 0064).
 */
export const userSignIns = pgTable('user_sign_ins', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }).notNull(),
});

/**
 * better-auth's two-factor plugin (issue 17 item 2, decision 0105): one row per person who
 * started enrolling an authenticator app. `secret` and `backup_codes` are encrypted by
 * better-auth with the installation's secret; `verified` turns true when the first code is
 * confirmed. The failure columns are the plugin's own lock-out after repeated wrong codes.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [uniqueIndex('two_factor_user_id_idx').on(t.userId)],
);

/**
 * The last authenticator code each person signed in with, hashed: a code stays valid for up to
 * 90 seconds, and the same code presented again within that time is refused (RFC 6238 §5.2),
 * so a code seen over someone's shoulder cannot be replayed (auth/two-factor-replay.ts).
 */
export const twoFactorUsedCode = pgTable('two_factor_used_code', {
  userId: text('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  codeHash: text('code_hash').notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable('verification', {
  id: text('id').primaryKey(),
  identifier: text('identifier').notNull(),
  value: text('value').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Failed sign-in counters per account and per client address, shared by every instance. */
export const signInThrottle = pgTable('sign_in_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  lastFailureAt: timestamp('last_failure_at', { withTimezone: true }).notNull(),
  // Set to a fresh random id by the attempt that won the last reservation (sign-in-throttle.ts).
  lastAttemptId: text('last_attempt_id'),
  // last_failure_at before that reservation: a reservation given back (a success) restores it.
  previousFailureAt: timestamp('previous_failure_at', { withTimezone: true }),
});

export const userRoles = pgTable(
  'user_roles',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['admin', 'coordinator'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.role] }),
    check('user_roles_role_check', sql`${t.role} in ('admin', 'coordinator')`),
  ],
);

export const coordinatorPermissions = pgTable(
  'coordinator_permissions',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    feature: text('feature').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.feature] })],
);
