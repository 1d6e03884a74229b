import type { ChatMessage, ChatType } from './chat';
import type { JobView } from './jobs';

/** Events carried on the realtime stream. Later features add their own types here. */
export type RealtimeEvent =
  /** The person's role or switches changed: their tabs reload /api/me (sidebar, guards). */
  | { type: 'permissions.changed'; userId: string }
  /** The person's display name or preferences changed in another tab. */
  | { type: 'profile.changed'; userId: string }
  /**
   * One of the person's sessions ended (sign-out, a password change elsewhere, a deleted
   * account): a trigger on the session table announces every deleted row (drizzle/0007). The
   * streams of that session receive it (without the session id) and then close.
   */
  | { type: 'sessions.ended'; userId: string; sessionId?: string }
  /** Someone's coordinator role or switches changed: open admin screens reload the list. */
  | { type: 'coordinators.changed'; userId: string }
  /** Carries the SSE id `message.revision`: the catch-up cursor for a reconnecting tab (new, edited or deleted). */
  | { type: 'chat.message'; message: ChatMessage }
  /** The tab missed more than can be replayed: reload what is on screen. */
  | { type: 'chat.resync' }
  /** The person read a channel up to a message (in any tab or device): their own tabs update the unread counts. */
  | { type: 'chat.read'; chatType: ChatType; partner: string; lastReadId: number }
  /** A task was created, changed or deleted; sent to everyone holding the tasks feature. */
  | { type: 'tasks.changed'; taskId: string; change: 'created' | 'updated' | 'deleted' }
  /** A form of the team changed (created, edited, opened, closed, deleted); to holders of `more`. */
  | { type: 'forms.changed'; formId: string }
  /** A form received a response or lost one; to holders of `more` (issue 21, 'View Responses' live). */
  | { type: 'forms.responses'; formId: string }
  /** A gift was recorded; dashboards and the partner's details refresh. */
  | { type: 'donations.changed'; partnerId: string | null }
  /**
   * A partner was added or edited; partner lists and dashboards refresh. Without `partnerId`
   * when the change is the directory's (a tag renamed, many partners tagged at once).
   */
  | { type: 'partners.changed'; partnerId?: string }
  /** An event was added or edited: calendars reload their list. */
  | { type: 'events.changed' }
  /** A file or folder was added to or removed from this folder of the shared drive. */
  | { type: 'files.changed'; folderPath: string }
  /** The reader's notifications changed (a new one, or read in another tab): the bell reloads. */
  | { type: 'notifications.changed' }
  /** A background job the person started moved on (progress, finished): its progress bar follows. */
  | { type: 'jobs.changed'; job: JobView }
  /** The ministry's name, address, logo or currency changed: screens that show them reload. */
  | { type: 'organization.changed' }
  /** Onboarding steps were added, edited, removed, reordered or got a video; to holders of `more`. */
  | { type: 'onboarding.changed' }
  /** Someone completed an onboarding step: their own tabs and User Management screens reload. */
  | { type: 'onboarding.progress'; userId: string };

export type RealtimeEventType = RealtimeEvent['type'];

/**
 * Every event type, once: the client listens for exactly these (an SSE event whose type the
 * browser does not listen for is dropped silently). `satisfies` makes a type added to the
 * union above without an entry here, or an entry without a type, a compile error.
 */
const EVENT_TYPES = {
  'permissions.changed': true,
  'profile.changed': true,
  'sessions.ended': true,
  'coordinators.changed': true,
  'chat.message': true,
  'chat.resync': true,
  'chat.read': true,
  'tasks.changed': true,
  'forms.changed': true,
  'forms.responses': true,
  'donations.changed': true,
  'partners.changed': true,
  'events.changed': true,
  'files.changed': true,
  'notifications.changed': true,
  'jobs.changed': true,
  'organization.changed': true,
  'onboarding.changed': true,
  'onboarding.progress': true,
} as const satisfies Record<RealtimeEventType, true>;

export const REALTIME_EVENT_TYPES = Object.keys(EVENT_TYPES) as RealtimeEventType[];
