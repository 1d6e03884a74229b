import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../limits';

import { TOTP_CODE_INVALID, TOTP_CODE_PATTERN, withoutSpaces } from '../two-factor-code';

/**
 * Two-factor sign-in (issue 17 item 2, decision 0105): an authenticator app's six-digit codes,
 * and one-time recovery codes for a lost phone. The server enforces these; the sign-in
 * screen checks the code's shape by hand (../two-factor-code.ts, free of zod, decision 0056).
 */

const password = z
  .string({ error: 'Please enter your password' })
  .min(1, 'Please enter your password')
  .max(PASSWORD_MAX_LENGTH, 'Password is too long');

/** Start enrolling, turn two-factor sign-in off, or renew the recovery codes: the password again. */
export const twoFactorPasswordSchema = z.object({ password });

/** A code from the authenticator app: at sign-in, or to confirm enrolment. Spaces are ignored. */
export const totpCodeSchema = z.object({
  code: z
    .string({ error: TOTP_CODE_INVALID })
    .max(20, TOTP_CODE_INVALID)
    .transform(withoutSpaces)
    .pipe(z.string().regex(TOTP_CODE_PATTERN, TOTP_CODE_INVALID)),
});

export const RECOVERY_CODE_INVALID = 'Enter one of your recovery codes.';
/** A recovery code as better-auth issues them (`aB3dE-9xY2k`, letters in either case); spaces are ignored. */
export const recoveryCodeSchema = z.object({
  code: z
    .string({ error: RECOVERY_CODE_INVALID })
    .max(40, RECOVERY_CODE_INVALID)
    .transform(withoutSpaces)
    .pipe(z.string().min(1, RECOVERY_CODE_INVALID)),
});

/** Who must use two-factor sign-in (Admin > Accounts): admins and coordinators separately. */
export const twoFactorPolicySchema = z.object({ admin: z.boolean(), coordinator: z.boolean() });
export type TwoFactorPolicy = z.output<typeof twoFactorPolicySchema>;

/**
 * A step a signed-in person must take before anything else: choose a new password after an
 * admin's temporary one, or set up two-factor sign-in that their role requires.
 */
export type AccountSetup = 'change-password' | 'enrol-two-factor';
export const ACCOUNT_SETUP_REQUIRED = 'Finish setting up your account first.';

export const TWO_FACTOR_MESSAGES = {
  wrongCode: 'That code is not right. Check that the time on your phone is correct and try the newest code.',
  reusedCode: 'That code was just used. Wait for the next code in your authenticator app.',
  wrongRecoveryCode: 'That recovery code is not right or was already used.',
  challengeExpired: 'Your sign-in took too long. Please sign in again.',
  tooManyCodes: 'Too many wrong codes. Please sign in again.',
  locked: 'Too many wrong codes: two-factor sign-in for this account is locked for 15 minutes.',
  alreadyOn: 'Two-factor sign-in is already on.',
  notOn: 'Two-factor sign-in is not on.',
  notStarted: 'Start setting up two-factor sign-in first.',
  required: 'Your ministry requires two-factor sign-in for your role: it cannot be turned off.',
} as const;
