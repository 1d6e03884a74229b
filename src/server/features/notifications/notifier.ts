import type { Db } from '#server/db/client';
import type { Logger } from '#server/logger';
import type { Notices, NoticeSweep, NotificationRules, RecordedChange } from '#server/service/notices';
import { deliverNotice, type NoticeMail } from './deliver';
import { sendDueDigests } from './digest';
import { readTeam, recipientsAmong, recipientsOf } from './recipients';

/** How often the sweeps (tasks due tomorrow) and the digests run. */
export const SWEEP_EVERY_MS = 15 * 60 * 1000;

/**
 * Notifications derived from the change record (docs/decisions/0100): each recorded change is
 * handed to the rules of its action, in the change's transaction, so a notification exists if
 * and only if its change committed. Rules and sweeps come from the features (feature-wiring.ts).
 */
export function createNotifier(
  db: Db,
  rules: NotificationRules,
  sweeps: readonly NoticeSweep[],
  out: NoticeMail & { digestHour: number },
  logger: Logger,
): Notices {
  let timer: NodeJS.Timeout | undefined;
  let first: NodeJS.Timeout | undefined;
  const notifier: Notices = {
    async recorded(tx: Db, change: RecordedChange, activityId: Promise<number>) {
      const rule = rules[change.action];
      if (!rule) return;
      const drafts = await rule(change, tx);
      if (drafts.length === 0) return;
      // One read of the people for all the drafts, while the change's record is being written
      // (context.ts): only those the drafts name, when every draft names its people.
      const named = drafts.every((draft) => draft.to.userIds)
        ? [...new Set(drafts.flatMap((draft) => draft.to.userIds!))]
        : undefined;
      if (named?.length === 0) return;
      const team = await readTeam(tx, named);
      const id = await activityId;
      for (const draft of drafts) {
        await deliverNotice(tx, out, draft, recipientsAmong(team, draft, change.actorId), id);
      }
    },
    async sweep(now) {
      for (const sweep of sweeps) {
        for (const draft of await sweep(db, now)) {
          await db.transaction(async (tx) => {
            const t = tx as unknown as Db;
            await deliverNotice(t, out, draft, await recipientsOf(t, draft, null), null);
          });
        }
      }
      await sendDueDigests(db, out, now);
    },
    start() {
      if (timer) return;
      const run = () =>
        notifier.sweep(new Date()).catch((err: unknown) => logger.warn({ err }, 'the notification sweep failed'));
      timer = setInterval(run, SWEEP_EVERY_MS);
      timer.unref();
      first = setTimeout(run, 5_000);
      first.unref();
    },
    stop() {
      clearInterval(timer);
      clearTimeout(first);
      timer = undefined;
    },
  };
  return notifier;
}
