import { z } from 'zod';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../limits';
import { EMAIL_FREQUENCIES } from './notifications';

/** Contract of the settings screen (SPEC.md sections 2 "Settings", 5 "Password change"). */

export const DISPLAY_NAME_MAX_LENGTH = 100;
export const PASSWORDS_DO_NOT_MATCH = 'Passwords do not match';
export const PASSWORD_UNCHANGED = 'Choose a new password that is not the same as the current one';
export const PASSWORD_TOO_SHORT = `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;

/** An empty display name is allowed: the sidebar then falls back to the full name. */
export const profileSchema = z.object({
  displayName: z
    .string({ error: 'Display name must be text' })
    .trim()
    .max(DISPLAY_NAME_MAX_LENGTH, `Display name must be at most ${DISPLAY_NAME_MAX_LENGTH} characters`),
});
export type ProfileInput = z.infer<typeof profileSchema>;

export const CURRENT_PASSWORD_REQUIRED = 'Please enter your current password';
export const CURRENT_PASSWORD_WRONG = 'Your current password is not right';

/**
 * The current password first (issue 17: a change asks for it), then the match before the
 * length, as the spec lists them.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string({ error: CURRENT_PASSWORD_REQUIRED })
      .min(1, CURRENT_PASSWORD_REQUIRED)
      .max(PASSWORD_MAX_LENGTH, CURRENT_PASSWORD_WRONG),
    newPassword: z.string({ error: 'Please enter a new password' }),
    confirmPassword: z.string({ error: 'Please confirm the new password' }),
  })
  .superRefine(({ currentPassword, newPassword, confirmPassword }, ctx) => {
    if (newPassword !== confirmPassword) {
      ctx.addIssue({ code: 'custom', message: PASSWORDS_DO_NOT_MATCH, path: ['confirmPassword'] });
    } else if (newPassword.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', message: PASSWORD_TOO_SHORT, path: ['newPassword'] });
    } else if (newPassword.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({
        code: 'custom',
        message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
        path: ['newPassword'],
      });
    } else if (newPassword === currentPassword) {
      // The same again changes nothing: after a temporary password, the one the admin knows stayed.
      ctx.addIssue({ code: 'custom', message: PASSWORD_UNCHANGED, path: ['newPassword'] });
    }
  });
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const NOTIFICATION_KEYS = ['emailNotifications', 'partnerUpdates', 'donationAlerts'] as const;
export type NotificationKey = (typeof NOTIFICATION_KEYS)[number];

/** Each switch, and the email frequency, saves on its own, so any one may come alone. */
export const notificationsSchema = z
  .object({
    emailNotifications: z.boolean({ error: 'emailNotifications must be true or false' }).optional(),
    partnerUpdates: z.boolean({ error: 'partnerUpdates must be true or false' }).optional(),
    donationAlerts: z.boolean({ error: 'donationAlerts must be true or false' }).optional(),
    emailFrequency: z.enum(EMAIL_FREQUENCIES, { error: 'Choose how often notification emails come' }).optional(),
  })
  .refine((v) => NOTIFICATION_KEYS.some((k) => v[k] !== undefined) || v.emailFrequency !== undefined, {
    error: 'Choose a notification preference to save',
  });
export type NotificationsInput = z.infer<typeof notificationsSchema>;

/** One of the person's own sessions, as Settings > Security lists them (issue 17). */
export interface SessionItem {
  id: string;
  /** "Chrome 141 on Windows", from the browser's user agent; null when it sent none. */
  device: string | null;
  ipAddress: string | null;
  createdAt: string;
  /** When the session was last extended (sessions are extended at most once a day). */
  lastActiveAt: string;
  current: boolean;
}

export const sessionIdParamSchema = z.object({
  id: z.string().min(1, 'Session not found').max(200, 'Session not found'),
});
