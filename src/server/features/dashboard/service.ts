import { and, asc, count, desc, eq, gte, ilike, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query-rows';
import { donations, events, partners, tasks } from '../../db/schema';
import type { Logger } from '../../logger';
import type { ServiceContext } from '../../service/context';
import { refuse } from '../../service/errors';
import { averageCents, percentChange } from '../../../shared/giving';
import { centsToDecimal, decimalToCents } from '../../../shared/money';
import type { DonationValues } from '../../../shared/schemas/dashboard';
import { isValidTimeZone, monthsUpTo, zonedDayStart, type ZonedMonth } from '../../../shared/time-zone';
import { monthCents, ts } from './month-totals';

/** Months of giving the chart shows. */
export const CHART_MONTHS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;
const LIST_LENGTH = 5;

/** The zone the figures use: the browser's when this runtime knows it, else UTC (D10). */
export function resolveTimeZone(requested: string | undefined): string {
  return requested && isValidTimeZone(requested) ? requested : 'UTC';
}

const inMonth = (month: ZonedMonth) =>
  sql`${donations.donationDate} >= ${ts(month.start)} and ${donations.donationDate} < ${ts(month.end)}`;

/**
 * The Monthly Giving card and the chart (SPEC.md section 9, D10). Sums stay numeric or integer
 * cents in SQL and cents (bigint) here. Two statements, run together: the chart's twelve monthly
 * sums (month-totals.ts: from the rollup of quarter hours and days, docs/decisions/0059), and
 * the card's own figures from this month's gifts (docs/decisions/0051), since its donors are a
 * distinct count, which no sum can give.
 */
export async function givingFigures(db: Db, now: Date, timeZone: string) {
  const months = monthsUpTo(now, timeZone, CHART_MONTHS);
  const thisMonth = months.at(-1)!;
  const lastMonth = months.at(-2)!;
  const [chartCents, card] = await Promise.all([
    monthCents(db, months),
    queryRows<Record<string, string | number>>(
      db,
      sql`
      select
        coalesce(sum(${donations.amount}), 0)::text as total,
        count(*)::int as gifts,
        -- A gift linked to a partner counts as that partner; otherwise as its trimmed,
        -- case-folded name. Two distinct counts: no key string built per gift.
        (count(distinct ${donations.partnerId})
          + count(distinct lower(btrim(${donations.partnerName}))) filter (where ${donations.partnerId} is null))::int as donors,
        coalesce(sum(${donations.amount}) filter (where ${donations.donationType} = 'monthly'), 0)::text as recurring
      from ${donations}
      where ${inMonth(thisMonth)}
    `,
    ),
  ]);
  const row = card[0]!;
  const totalCents = decimalToCents(String(row.total));
  const gifts = Number(row.gifts);
  const lastMonthCents = chartCents[CHART_MONTHS - 2]!;
  return {
    giving: {
      month: thisMonth.key,
      total: centsToDecimal(totalCents),
      lastMonthTotal: centsToDecimal(lastMonthCents),
      changePercent: percentChange(totalCents, lastMonthCents),
      donors: Number(row.donors),
      gifts,
      averageGift: centsToDecimal(averageCents(totalCents, gifts)),
      recurring: centsToDecimal(decimalToCents(String(row.recurring))),
    },
    months: months.map((month, i) => ({ month: month.key, total: centsToDecimal(chartCents[i]!) })),
    lastMonth: lastMonth.key,
  };
}

export async function countActivePartners(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(partners).where(eq(partners.status, 'active'));
  return row?.n ?? 0;
}

/**
 * Tasks not completed now, and the change from seven days ago (D9). A task was pending at T
 * when it existed (created_at <= T) and was not completed by then. A task marked completed
 * without a completion time counts as completed all along.
 */
export async function pendingTasks(db: Db, now: Date) {
  const weekAgo = new Date(now.getTime() - 7 * DAY_MS);
  const pendingAt = (at: Date) =>
    sql`${tasks.createdAt} <= ${ts(at)} and (${tasks.completedAt} > ${ts(at)} or (${tasks.completedAt} is null and ${tasks.status} <> 'completed'))`;
  const [row] = await db
    .select({
      now: sql<number>`(count(*) filter (where ${pendingAt(now)}))::int`,
      weekAgo: sql<number>`(count(*) filter (where ${pendingAt(weekAgo)}))::int`,
    })
    .from(tasks);
  const pendingNow = Number(row?.now ?? 0);
  return { count: pendingNow, change: pendingNow - Number(row?.weekAgo ?? 0) };
}

export async function countUpcomingEvents(db: Db, now: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(events).where(gte(events.startDate, now));
  return row?.n ?? 0;
}

export type ActivityItem =
  | { kind: 'added'; key: string; partnerName: string; at: string }
  | { kind: 'contacted'; key: string; partnerName: string; at: string; date: string }
  | {
      kind: 'gift';
      key: string;
      partnerName: string;
      at: string;
      amount: string;
      donationType: 'one-time' | 'monthly';
    };

/**
 * 'Recent Partner Activity' (D9): the latest partner additions, contacts and gifts, newest
 * first. A contact has only a date; it sorts as the start of that day in the reader's zone.
 */
export async function recentActivity(db: Db, timeZone: string): Promise<ActivityItem[]> {
  const [added, contacted, gifts] = await Promise.all([
    db
      .select({ id: partners.id, name: partners.name, createdAt: partners.createdAt })
      .from(partners)
      .orderBy(desc(partners.createdAt))
      .limit(LIST_LENGTH),
    db
      .select({ id: partners.id, name: partners.name, lastContact: partners.lastContact })
      .from(partners)
      .where(isNotNull(partners.lastContact))
      .orderBy(desc(partners.lastContact))
      .limit(LIST_LENGTH),
    db
      .select({
        id: donations.id,
        partnerName: donations.partnerName,
        amount: donations.amount,
        donationType: donations.donationType,
        donationDate: donations.donationDate,
      })
      .from(donations)
      .orderBy(desc(donations.donationDate))
      .limit(LIST_LENGTH),
  ]);
  const items: ActivityItem[] = [
    ...added.map((p) => ({
      kind: 'added' as const,
      key: `added-${p.id}`,
      partnerName: p.name,
      at: p.createdAt.toISOString(),
    })),
    ...contacted.map((p) => {
      const [year, month, day] = p.lastContact!.split('-').map(Number) as [number, number, number];
      return {
        kind: 'contacted' as const,
        key: `contacted-${p.id}`,
        partnerName: p.name,
        at: zonedDayStart(year, month - 1, day, timeZone).toISOString(),
        date: p.lastContact!,
      };
    }),
    ...gifts.map((g) => ({
      kind: 'gift' as const,
      key: `gift-${g.id}`,
      partnerName: g.partnerName,
      at: g.donationDate.toISOString(),
      amount: g.amount,
      donationType: g.donationType,
    })),
  ];
  return items.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0)).slice(0, LIST_LENGTH);
}

/** 'Upcoming Tasks' (D9): tasks not completed, soonest due first (overdue ones lead). */
export async function upcomingTasks(db: Db) {
  return db
    .select({
      id: tasks.id,
      title: tasks.title,
      dueDate: tasks.dueDate,
      priority: tasks.priority,
      status: tasks.status,
    })
    .from(tasks)
    .where(and(sql`${tasks.status} <> 'completed'`, sql`${tasks.completedAt} is null`))
    .orderBy(sql`${tasks.dueDate} asc nulls last`, asc(tasks.createdAt))
    .limit(LIST_LENGTH);
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

export async function dashboardSummary(db: Db, logger: Logger, { now, timeZone }: { now: Date; timeZone: string }) {
  const [giving, activePartners, tasksPending, upcomingEvents, activity, nextTasks] = await Promise.all([
    settle(logger, 'giving', () => givingFigures(db, now, timeZone)),
    settle(logger, 'activePartners', () => countActivePartners(db)),
    settle(logger, 'pendingTasks', () => pendingTasks(db, now)),
    settle(logger, 'upcomingEvents', () => countUpcomingEvents(db, now)),
    settle(logger, 'recentActivity', () => recentActivity(db, timeZone)),
    settle(logger, 'upcomingTasks', () => upcomingTasks(db)),
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

/**
 * Records a gift dated now (SPEC.md section 7); a picked partner must exist. Every open
 * dashboard and the partner's details refresh.
 */
export async function addDonation(ctx: ServiceContext, values: DonationValues) {
  return ctx.change(async (tx) => {
    if (values.partnerId) {
      const [partner] = await tx.db
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.id, values.partnerId));
      if (!partner) refuse(400, 'Partner not found');
    }
    const [row] = await tx.db
      .insert(donations)
      .values({ ...values, userId: tx.actor.id, donationDate: new Date() })
      .returning({
        id: donations.id,
        partnerId: donations.partnerId,
        partnerName: donations.partnerName,
        amount: donations.amount,
        donationType: donations.donationType,
        notes: donations.notes,
        donationDate: donations.donationDate,
      });
    const event = { type: 'donations.changed' as const, partnerId: row!.partnerId };
    await tx.record({
      action: 'donation.created',
      subject: { type: 'donation', id: row!.id },
      announce: [
        { audience: { feature: 'dashboard' }, event },
        { audience: { feature: 'partners' }, event },
      ],
      after: row,
    });
    return row!;
  });
}

/** Existing partners whose name contains the typed text, for the Add Donation type-ahead. */
export async function partnerOptions(db: Db, text: string | undefined) {
  const query = db
    .select({ id: partners.id, name: partners.name, location: partners.location })
    .from(partners)
    .orderBy(sql`lower(${partners.name})`, partners.id)
    .limit(8);
  if (!text) return query;
  return query.where(ilike(partners.name, `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`));
}
