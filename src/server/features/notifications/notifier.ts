import type { PrincipalCache } from '#server/auth/principal-cache';
import type { Db } from '#server/db/client';
import type { Logger } from '#server/logger';
import type { Notices, NoticeSweep, NotificationRules, RecordedChange } from '#server/service/notices';
import { deliverNotice, type NoticeMail } from './deliver';
import { sendDueDigests } from './digest';
import { readTeam, recipientsAmong, recipientsOf, type TeamMember } from './recipients';

/** How often the sweeps (tasks due tomorrow) and the digests run. */
export const SWEEP_EVERY_MS = 15 * 60 * 1000;

/** The one key of the team cache: it holds the whole active team. */
const TEAM = 'team';

/**
 * Notifications derived from the change record (docs/decisions/0100): each recorded change is
 * handed to the rules of its action, in the change's transaction, so a notification exists if
 * and only if its change committed. Rules and sweeps come from the features (feature-wiring.ts).
 *
 * `teamCache` (the embedded database only, null on PostgreSQL) keeps the active team between
 * changes: it is read from the user, role and switch tables, whose every committed change
 * empties it, as it empties the principal cache (decision 0149).
 */
export function createNotifier(
  db: Db,
  rules: NotificationRules,
  sweeps: readonly NoticeSweep[],
  out: NoticeMail & { digestHour: number },
  logger: Logger,
  teamCache: PrincipalCache<TeamMember[]> | null = null,
): Notices {
  // Read in the change's transaction. The rules belong to features (chat, forms, giving,
  // partners, tasks) whose changes never write an account in the same transaction, so the
  // team a change reads is the team as last committed, which is what the cache holds.
  const teamOf = async (tx: Db, named: string[] | undefined): Promise<TeamMember[]> => {
    if (!teamCache) return readTeam(tx, named);
    const team = (await teamCache.read(TEAM, () => readTeam(tx)))!;
    if (!named) return team;
    const wanted = new Set(named);
    return team.filter((member) => wanted.has(member.id));
  };
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
      const team = await teamOf(tx, named);
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
