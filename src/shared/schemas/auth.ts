import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SIGN_IN_EMAIL_MAX_LENGTH } from '../limits';

// A missing field gets the same message as an empty one (zod's default names types, not fields).
const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

/**
 * The sign-in contract the server enforces. The sign-in screen checks the same rules without
 * zod's runtime (../sign-in-check.ts, proved equal in its test).
 */
export const signInSchema = z.object({
  email: z.string(required('Email is required')).trim().min(1, 'Email is required').max(SIGN_IN_EMAIL_MAX_LENGTH),
  password: z.string(required('Password is required')).min(1, 'Password is required').max(PASSWORD_MAX_LENGTH),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** "Forgot password?": the address a reset link is sent to, if an account has it (issue 16). */
export const passwordResetRequestSchema = z.object({
  email: z
    .string(required('Email is required'))
    .trim()
    .min(1, 'Email is required')
    .max(SIGN_IN_EMAIL_MAX_LENGTH)
    .pipe(z.email('Enter a valid email address')),
});

/** The reset page: the link's token and the new password (the page also asks for it twice). */
export const passwordResetSchema = z.object({
  token: z
    .string(required('This link is incomplete.'))
    .min(1, 'This link is incomplete.')
    .max(200, 'This link is invalid.'),
  newPassword: z
    .string(required('Please enter a new password'))
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`),
});

/** What a used, expired or altered reset link answers. */
export const RESET_LINK_INVALID = 'This link is invalid, already used or expired. Ask for a new one.';
