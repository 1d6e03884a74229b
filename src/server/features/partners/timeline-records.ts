import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { activity, partnerMerges, user } from '#server/db/schema';
import {
  atText,
  beforePosition,
  keyText,
  newestFirst,
  type TimelinePage,
  type TimelinePosition,
} from '#server/db/timeline-keyset';
import type { Permissions } from '#shared/permissions';
import { describePartnerChange, type FieldChange } from './change-words';
import { personName } from './people';

/** A change to the partner's record, in words: who, what, and each field from and to. */
export interface ChangeEntry extends TimelinePosition {
  source: 'change';
  by: string | null;
  summary: string;
  changes: FieldChange[];
}

const activityAt = sql`${activity.at}`;
const activityKey = keyText('change', sql`${activity.id}`);
const byName = sql<string | null>`case when ${user.id} is null then null else ${personName(user)} end`;

/**
 * Changes to the partner's record: its own recorded changes, merges into it among them, and
 * those of the partners merged into it (their history came along, decision 0118), each of
 * those naming the partner it was recorded on (two "Added the partner" told nobody which was
 * which). A statement taken is a giving fact (D12): only readers with Giving Records see it.
 */
export async function changeEntries(
  db: Db,
  partnerId: string,
  page: TimelinePage,
  viewer: { permissions: Permissions },
): Promise<ChangeEntry[]> {
  const rows = await db
    .select({
      at: atText(activityAt),
      key: activityKey,
      action: activity.action,
      before: activity.before,
      after: activity.after,
      by: byName,
      mergedName: partnerMerges.mergedName,
    })
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorId))
    .leftJoin(
      partnerMerges,
      and(eq(partnerMerges.survivorId, partnerId), sql`${partnerMerges.mergedId}::text = ${activity.subjectId}`),
    )
    .where(
      and(
        eq(activity.subjectType, 'partner'),
        // Its own records, and those of the partners merged into it (their history came along).
        sql`${activity.subjectId} = any(array_append(array(select ${partnerMerges.mergedId}::text from ${partnerMerges} where ${partnerMerges.survivorId} = ${partnerId}), ${partnerId}::text))`,
        viewer.permissions.giving ? undefined : sql`${activity.action} not like 'statement.%'`,
        beforePosition(activityAt, activityKey, page),
      ),
    )
    .orderBy(...newestFirst(activityAt, activityKey))
    .limit(page.limit + 1);
  return rows.map(({ action, before, after, mergedName, ...row }) => {
    const { summary, changes } = describePartnerChange(action, before, after);
    return {
      source: 'change' as const,
      ...row,
      summary: mergedName === null ? summary : `${summary} (as ${mergedName}, merged in later)`,
      changes,
    };
  });
}
