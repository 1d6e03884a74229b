import { actionToasts } from '@/lib/toast';

/**
 * The sign-in's own toasts: each failed try replaces the one before, and getting in (or on to
 * the second step) closes it. A "Sign in failed" left open stayed over the dashboard after the
 * right password, and on a phone covered its top bar.
 */
export const signInToasts = actionToasts('sign-in');
