import type { Db } from '../db/client';
import { activity } from '../db/schema';
import { publishInTransaction, type Audience } from '../realtime/event-bus';
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
  // Announced first: the activity insert takes the audit chain's lock until commit (migration
  // 0012), so nothing that may wait on another transaction (a spilled envelope's clean-up
  // deletes rows) should come after it.
  for (const announcement of announcements) await publishInTransaction(tx, announcement);
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
    .returning({ id: activity.id });
  return row!.id;
}
