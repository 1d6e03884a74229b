import type { Db } from '../db/client';
import type { Feature } from '#shared/permissions';

/**
 * What features say about who should hear of a change (issue 16, docs/decisions/0100). Each
 * feature states its rules in its own `notices.ts`, against the change record it writes; the
 * notifications feature turns the drafts into notifications and emails in the same transaction.
 * These types sit in the platform so a feature can state rules without importing another.
 */

/** A change as `recordChange` writes it, handed to the rules of its action. */
export interface RecordedChange {
  actorId: string | null;
  action: string;
  subject: { type: string; id: string };
  before: unknown;
  after: unknown;
  /** The change's `unrecorded` values (changes.ts), for its rules only. */
  unrecorded?: unknown;
}

/**
 * Which of the person's switches decides: Donation Alerts, Partner Updates, or none (task
 * assignments, due dates, mentions and form responses always reach the person in the portal).
 */
export type NoticeCategory = 'donation' | 'partner' | 'always';

export interface NoticeDraft {
  /**
   * Who: everyone holding all of `features` (admins hold every feature), or only `userIds` among them.
   * Holding the feature is checked when the notice is written, so someone removed from the team,
   * or switched off the feature, is told nothing more about it.
   */
  to: { features: readonly Feature[]; userIds?: readonly string[] };
  category: NoticeCategory;
  /** Such as 'task.assigned'; the client may pick an icon by it. */
  kind: string;
  title: string;
  body?: string | null;
  /** The portal path the entry opens, such as /tasks. */
  link: string;
  /** Set by sweeps that may run twice (on two instances, or after a restart): notified once per key. */
  dedupeKey?: string;
}

/** The drafts for one recorded change; may read the change's transaction (a message's text). */
export type NotificationRule = (change: RecordedChange, db: Db) => NoticeDraft[] | Promise<NoticeDraft[]>;

/** Rules by action (`task.created`, ...). */
export type NotificationRules = Readonly<Record<string, NotificationRule>>;

/** Notices that come from time passing rather than a change (a task due tomorrow). */
export type NoticeSweep = (db: Db, now: Date) => Promise<NoticeDraft[]>;

/**
 * The notifications as the platform sees them (built by features/notifications, wired in
 * src/server/deps.ts): told of every recorded change, and sweeping now and then for the
 * notices time brings and the daily digests.
 */
export interface Notices {
  /**
   * Called beside the change's record, not after it: the rules and the read of their recipients
   * go to the database with the record's insert (context.ts). The notifications wait for
   * `activityId`, the record they point to.
   */
  recorded(tx: Db, change: RecordedChange, activityId: Promise<number>): Promise<void>;
  /** The time-based notices and the due digests, once (the timer does this; tests pass a clock). */
  sweep(now: Date): Promise<void>;
  /** Starts the periodic sweep (the server does; tests that only record changes need not). */
  start(): void;
  stop(): void;
}
