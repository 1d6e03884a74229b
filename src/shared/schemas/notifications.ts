import { z } from 'zod';

/** Contract of the notification centre (issue 16, docs/decisions/0100). */

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** One entry of the bell's list, as GET /api/notifications answers. */
export interface NotificationItem {
  id: number;
  kind: string;
  title: string;
  body: string | null;
  /** A portal path, such as /tasks. */
  link: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationsPage {
  items: NotificationItem[];
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: number | null;
  unread: number;
}

/** GET /api/notifications: newest first; `before` (an id) pages to older entries. */
export const notificationsQuerySchema = z.object({
  before: z.coerce
    .number({ error: 'Invalid page' })
    .int('Invalid page')
    .positive('Invalid page')
    .max(Number.MAX_SAFE_INTEGER, 'Invalid page')
    .optional(),
});

export const notificationIdParamSchema = z.object({
  id: z.coerce
    .number({ error: 'Notification not found' })
    .int('Notification not found')
    .positive('Notification not found')
    .max(Number.MAX_SAFE_INTEGER, 'Notification not found'),
});

/** How notification emails come (Settings > Notifications). */
export const EMAIL_FREQUENCIES = ['immediately', 'daily'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export const EMAIL_FREQUENCY_LABELS: Record<EmailFrequency, string> = {
  immediately: 'As they happen',
  daily: 'One daily summary',
};
