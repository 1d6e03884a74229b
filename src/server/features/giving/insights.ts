import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { queryRows } from '#server/db/query-rows';
import { ts } from '#server/db/sql-instant';
import { monthsUpTo } from '#shared/time-zone';

/**
 * Donor insights on the Giving screen (issue 19 item 7): who to thank and who to call. A donor is
 * a partner: gifts not linked to one (anonymous, or typed names; the unlinked helper links them)
 * and voided gifts count for nobody. Each list is the first LIST_LIMIT rows, with its full count.
 */

const LIST_LIMIT = 25;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Lapsed: nothing in the last 90 days, after giving in the twelve months before them. */
export const LAPSED_QUIET_DAYS = 90;

interface DonorRow {
  partner_id: string;
  partner_name: string;
  last_gift_at: Date | string;
  last_amount: string;
  total: number | string;
  open_task_id: string | null;
  open_task_title: string | null;
}

function present(rows: DonorRow[]) {
  const total = rows.length > 0 ? Number(rows[0]!.total) : 0;
  return {
    count: total,
    donors: rows.map((r) => ({
      partnerId: r.partner_id,
      partnerName: r.partner_name,
      lastGiftAt: new Date(r.last_gift_at).toISOString(),
      lastAmount: r.last_amount,
      // Someone already follows them up: the screen shows that task instead of offering another.
      openTask: r.open_task_id ? { id: r.open_task_id, title: r.open_task_title! } : null,
    })),
  };
}

/**
 * Each candidate's latest gift that counts (name and amount as recorded then), newest first, and
 * for a reader who holds Tasks the open task about them that falls due first, if any;
 * `count(*) over ()` carries the list's full length on every row, so one statement answers both.
 */
const latestGiftOf = (candidates: SQL, openTasks: boolean) => sql`
  with candidates as (${candidates})
  select c.partner_id, last.partner_name, last.donation_date as last_gift_at, last.amount::text as last_amount,
    count(*) over () as total, open_task.id as open_task_id, open_task.title as open_task_title
  from candidates c
  cross join lateral (
    select d.partner_name, d.donation_date, d.amount from donations d
    where d.partner_id = c.partner_id and d.voided_at is null
    order by d.donation_date desc limit 1
  ) last
  left join lateral (
    select t.id, t.title from tasks t
    where ${openTasks} and t.partner_id = c.partner_id and t.status <> 'completed'
    order by t.due_date nulls last, t.created_at limit 1
  ) open_task on true
  order by last.donation_date desc, c.partner_id
  limit ${LIST_LIMIT}`;

/** `openTasks`: the reader holds Tasks, so each donor's open task may be named (none otherwise). */
export async function donorInsights(db: Db, now: Date, timeZone: string, { openTasks }: { openTasks: boolean }) {
  const months = monthsUpTo(now, timeZone, 2);
  const lastMonth = months[0]!;
  const thisMonth = months[1]!;
  const quietSince = new Date(now.getTime() - LAPSED_QUIET_DAYS * DAY_MS);
  const activeSince = new Date(quietSince.getTime() - 365 * DAY_MS);

  // The partner index (partner_id, donation_date) answers every "did they give before / since".
  const [firstTime, lapsed, monthlyMissing] = await Promise.all([
    queryRows<DonorRow>(
      db,
      latestGiftOf(
        sql`
        select distinct d.partner_id from donations d
        where d.donation_date >= ${ts(thisMonth.start)} and d.donation_date < ${ts(thisMonth.end)}
          and d.voided_at is null and d.partner_id is not null
          and not exists (select 1 from donations e where e.partner_id = d.partner_id
            and e.donation_date < ${ts(thisMonth.start)} and e.voided_at is null)`,
        openTasks,
      ),
    ),
    queryRows<DonorRow>(
      db,
      latestGiftOf(
        sql`
        select distinct d.partner_id from donations d
        where d.donation_date >= ${ts(activeSince)} and d.donation_date < ${ts(quietSince)}
          and d.voided_at is null and d.partner_id is not null
          and not exists (select 1 from donations e where e.partner_id = d.partner_id
            and e.donation_date >= ${ts(quietSince)} and e.voided_at is null)`,
        openTasks,
      ),
    ),
    queryRows<DonorRow>(
      db,
      latestGiftOf(
        sql`
        select distinct d.partner_id from donations d
        where d.donation_date >= ${ts(lastMonth.start)} and d.donation_date < ${ts(lastMonth.end)}
          and d.donation_type = 'monthly' and d.voided_at is null and d.partner_id is not null
          and not exists (select 1 from donations e where e.partner_id = d.partner_id
            and e.donation_date >= ${ts(thisMonth.start)} and e.voided_at is null)`,
        openTasks,
      ),
    ),
  ]);
  return {
    month: thisMonth.start.toISOString(),
    firstTime: present(firstTime),
    lapsed: present(lapsed),
    monthlyMissing: present(monthlyMissing),
  };
}
