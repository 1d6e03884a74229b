import { z } from 'zod';

// A missing field gets the same message as an empty one (zod's default names types, not fields).
const required = (message: string) => ({ error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined) });

export const signInSchema = z.object({
  email: z.string(required('Email is required')).trim().min(1, 'Email is required').max(255),
  password: z.string(required('Password is required')).min(1, 'Password is required').max(128),
});
export type SignInInput = z.infer<typeof signInSchema>;
