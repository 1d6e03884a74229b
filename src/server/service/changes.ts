import type { Db } from '../db/client';
import { activity } from '../db/schema';
import { notifyPayload, notifySql, type Audience } from '../realtime/event-bus';
import type { RealtimeEvent } from '#shared/realtime';
import type { Actor } from './context';

/** One realtime event and who may receive it. */
export interface Announcement {
  audience: Audience;
  event: RealtimeEvent;
  /** The SSE event id, for events a reconnecting tab may ask to replay (chat). */
  id?: number;
}

/** What a service says about one change it made (docs/decisions/0097). */
export interface Change {
  /** `<subject type>.<verb>`, e.g. `task.created`, `coordinator.removed`. */
  action: string;
  subject: { type: string; id: string };
  /** The realtime events open screens get, each with who may receive it; omitted when no screen needs to hear. */
  announce?: Announcement | Announcement[];
  /** The subject's values before and after the change: plain JSON, never a secret. */
  before?: unknown;
  after?: unknown;
  /**
   * What the notification rules may use that the activity record must not keep (a chat
   * message's text), handed to them as it is and never written: a rule then reads nothing
   * the change already had (docs/decisions/0142).
   */
  unrecorded?: unknown;
}

/**
 * The one place a change is recorded: the activity row and the realtime notification are
 * written in the change's own transaction, so both happen if and only if it commits, and in
 * commit order. Called through `ChangeContext.record`.
 */
export async function recordChange(
  tx: Db,
  // A person, or only the address of someone not signed in (a failed sign-in), or nobody (the server).
  actor: { id: Actor['id'] | null; clientIp?: Actor['clientIp'] } | null,
  change: Change,
): Promise<number> {
  const announcements = change.announce === undefined ? [] : [change.announce].flat();
  const payloads: string[] = [];
  for (const announcement of announcements) payloads.push(await notifyPayload(tx, announcement));
  const [row] = await tx
    .insert(activity)
    .values({
      actorId: actor?.id ?? null,
      clientIp: actor?.clientIp ?? null,
      action: change.action,
      subjectType: change.subject.type,
      subjectId: change.subject.id,
      audience: announcements.length > 0 ? announcements.map((a) => a.audience) : null,
      before: change.before ?? null,
      after: change.after ?? null,
    })
    // The announcements ride on the record's own statement: a change costs one round trip to
    // the database fewer per event (docs/decisions/0139).
    .returning({ id: activity.id, ...(payloads.length > 0 ? { announced: notifySql(payloads) } : {}) });
  return row!.id;
}
