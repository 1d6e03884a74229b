/** Limits shared by forms and server validation (SPEC.md section 9). */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
/** The longest email address the sign-in form and schema accept. */
export const SIGN_IN_EMAIL_MAX_LENGTH = 255;
