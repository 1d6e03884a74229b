import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, SIGN_IN_EMAIL_MAX_LENGTH } from '../limits';

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
