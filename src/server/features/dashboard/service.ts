import type { Db } from '#server/db/client';
import type { Logger } from '#server/logger';
import { isValidTimeZone } from '#shared/time-zone';
import type { ActivityItem, DashboardSources } from './sources';

/** How many entries each of the dashboard's lists shows. */
const LIST_LENGTH = 5;

/** The zone the figures use: the browser's when this runtime knows it, else UTC (D10). */
export function resolveTimeZone(requested: string | undefined): string {
  return requested && isValidTimeZone(requested) ? requested : 'UTC';
}

/** 'Recent Partner Activity' (D9): the features' latest entries together, newest first. */
export function latestActivity(lists: ActivityItem[][]): ActivityItem[] {
  return lists
    .flat()
    .sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0))
    .slice(0, LIST_LENGTH);
}

/**
 * Runs one dashboard query; a failure is logged and becomes null, which the card shows as a
 * placeholder, so one broken figure never breaks the page (SPEC.md section 8).
 */
async function settle<T>(logger: Logger, section: string, run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    logger.error({ err, section }, 'dashboard query failed');
    return null;
  }
}

/**
 * Every card and list of the dashboard, each asked of the feature that owns it (sources.ts).
 * Recent Partner Activity comes twice, with gifts and without, because the summary is kept for
 * everyone in a time zone and a reader without Giving Records is given the second
 * (`summaryFor`).
 */
export async function dashboardSummary(
  sources: DashboardSources,
  db: Db,
  logger: Logger,
  { now, timeZone }: { now: Date; timeZone: string },
) {
  const [giving, activePartners, tasksPending, upcomingEvents, activity, nextTasks] = await Promise.all([
    settle(logger, 'giving', () => sources.giving(db, now, timeZone)),
    settle(logger, 'activePartners', () => sources.activePartners(db)),
    settle(logger, 'pendingTasks', () => sources.pendingTasks(db, now)),
    settle(logger, 'upcomingEvents', () => sources.upcomingEvents(db, now)),
    settle(logger, 'recentActivity', async () => {
      const [partners, gifts] = await Promise.all([
        sources.partnerActivity(db, timeZone, LIST_LENGTH),
        sources.giftActivity(db, LIST_LENGTH),
      ]);
      // A single gift names its giver and amount: only readers with Giving Records see it (D12).
      return { withGifts: latestActivity([partners, gifts]), withoutGifts: latestActivity([partners]) };
    }),
    settle(logger, 'upcomingTasks', () => sources.upcomingTasks(db, LIST_LENGTH)),
  ]);
  return {
    timeZone,
    giving: giving?.giving ?? null,
    months: giving?.months ?? null,
    activePartners,
    pendingTasks: tasksPending,
    upcomingEvents,
    recentActivity: activity,
    upcomingTasks: nextTasks,
  };
}

/** The summary as it is kept, for every reader in one time zone. */
export type Summary = Awaited<ReturnType<typeof dashboardSummary>>;

/** The summary as one reader gets it: Recent Partner Activity with single gifts only for those with `giving` (D12). */
export function summaryFor(summary: Summary, canSeeGifts: boolean) {
  const { recentActivity, ...rest } = summary;
  return {
    ...rest,
    recentActivity:
      recentActivity === null ? null : canSeeGifts ? recentActivity.withGifts : recentActivity.withoutGifts,
  };
}

/** The summary as `/api/dashboard/summary` answers it. */
export type ReaderSummary = ReturnType<typeof summaryFor>;
