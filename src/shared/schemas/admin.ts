import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { SWITCHABLE_FEATURES } from '../permissions';

/** Contract of the admin screen (SPEC.md sections 2 "Admin", 5, 7): forms and routes use these objects. */

// A missing field gets the same message as an empty one (zod's default names types, not fields).
const required = (message: string) => ({
  error: (issue: { input: unknown }) => (issue.input === undefined ? message : undefined),
});

export const BOTH_REQUIRED = 'Please enter both email and password';
export const EMAIL_REQUIRED = 'Please enter an email address';
export const EMAIL_INVALID = 'Please enter a valid email address';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
export const FULL_NAME_MAX_LENGTH = 100;

const createUserPassword = z
  .string(required(BOTH_REQUIRED))
  .min(1, BOTH_REQUIRED)
  .min(PASSWORD_MIN_LENGTH, PASSWORD_TOO_SHORT)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

/**
 * A new account: with a password the admin sets, or (issue 16) with `invite`, an emailed
 * link for the person to choose their own; a password sent along with `invite` is ignored.
 */
export const createUserSchema = z
  .object({
    email: z
      .string(required(BOTH_REQUIRED))
      .trim()
      .min(1, BOTH_REQUIRED)
      .max(255, 'Email must be at most 255 characters')
      .email(EMAIL_INVALID),
    password: z.string().optional(),
    fullName: z
      .string()
      .trim()
      .max(FULL_NAME_MAX_LENGTH, `Full name must be at most ${FULL_NAME_MAX_LENGTH} characters`)
      .optional(),
    invite: z.boolean({ error: 'invite must be true or false' }).optional(),
  })
  .transform((input, ctx) => {
    if (input.invite) return { ...input, password: undefined };
    const password = createUserPassword.safeParse(input.password);
    if (!password.success) {
      for (const issue of password.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: ['password'] });
      return z.NEVER;
    }
    return { ...input, password: password.data };
  });
export type CreateUserInput = z.output<typeof createUserSchema>;
export type CreateUserValues = z.input<typeof createUserSchema>;

export const addCoordinatorSchema = z.object({
  email: z
    .string(required(EMAIL_REQUIRED))
    .trim()
    .min(1, EMAIL_REQUIRED)
    .max(255, 'Email must be at most 255 characters')
    .email(EMAIL_INVALID),
});
export type AddCoordinatorInput = z.infer<typeof addCoordinatorSchema>;

export const setPermissionSchema = z.object({
  feature: z.enum(SWITCHABLE_FEATURES, { error: 'Unknown permission' }),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type SetPermissionInput = z.infer<typeof setPermissionSchema>;

export const coordinatorParamSchema = z.object({
  userId: z.string().min(1, 'Unknown coordinator').max(100, 'Unknown coordinator'),
});
