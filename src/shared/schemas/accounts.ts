import { z } from 'zod';
import { EMAIL_INVALID, FULL_NAME_MAX_LENGTH } from './admin';

/** Accounts per page of Admin > Accounts. */
export const ACCOUNTS_PAGE_SIZE = 50;

/** The role an account has on the admin's list: 'none' has Settings only (D4). */
export type AccountRole = 'admin' | 'coordinator' | 'none';

/** GET /api/accounts: every account, by email, optionally those whose name or email holds `q`. */
export const accountsQuerySchema = z.object({
  q: z.string().trim().max(100, 'Search at most 100 characters').optional(),
  status: z.enum(['active', 'deactivated'], { error: 'Unknown status' }).optional(),
  cursor: z.string().max(300, 'Invalid cursor').optional(),
});
export type AccountsQuery = z.output<typeof accountsQuerySchema>;

export const accountParamSchema = z.object({ id: z.string().min(1).max(100, 'Account not found') });

/** PATCH /api/accounts/:id: an admin corrects a person's name or email. */
export const updateAccountSchema = z
  .object({
    name: z
      .string()
      .trim()
      .min(1, 'Please enter a name')
      .max(FULL_NAME_MAX_LENGTH, `Name must be at most ${FULL_NAME_MAX_LENGTH} characters`)
      .optional(),
    email: z.string().trim().max(255, 'Email must be at most 255 characters').email(EMAIL_INVALID).optional(),
  })
  .refine((v) => v.name !== undefined || v.email !== undefined, { message: 'Nothing to change' });
export type UpdateAccountInput = z.output<typeof updateAccountSchema>;

/** PUT /api/accounts/:id/role: an admin makes a person an admin, a coordinator, or takes their role away. */
export const setRoleSchema = z.object({
  role: z.enum(['admin', 'coordinator', 'none'], { error: 'Choose admin, coordinator or no role' }),
});
export type SetRoleInput = z.output<typeof setRoleSchema>;

export const ACCOUNT_REASONS = {
  notFound: 'Account not found',
  self: 'You cannot deactivate your own account.',
  lastAdmin: 'This is the last active admin: make another admin first.',
  adminsOnly: 'Only an admin can change an admin account.',
  duplicateEmail: 'A user with this email address already exists.',
  alreadyDeactivated: 'This account is already deactivated.',
  alreadyActive: 'This account is already active.',
  deactivated: 'This account is deactivated: reactivate it first.',
  ownRole: 'You cannot change your own role.',
  rolesByAdmins: 'Only an admin can change roles.',
  sameRole: 'This person already has this role.',
  ownPassword: 'Change your own password in Settings.',
  twoFactorOff: 'Two-factor sign-in is not on for this account.',
  policyByAdmins: 'Only an admin can change who must use two-factor sign-in.',
} as const;

/** What a deactivated person is told when they sign in with the right password. */
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated. Ask an admin if you need access again.';
