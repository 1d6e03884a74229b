/**
 * The shape of an authenticator app's code, without zod: the sign-in screen checks it too and
 * stays free of zod's runtime (docs/decisions/0056). schemas/two-factor.ts enforces the same.
 */
export const TOTP_CODE_PATTERN = /^\d{6}$/;
export const TOTP_CODE_INVALID = 'Enter the 6-digit code from your authenticator app.';

/** What people type: "123 456" or a pasted code with a trailing space is the same code. */
export const withoutSpaces = (code: string) => code.replace(/\s/g, '');
