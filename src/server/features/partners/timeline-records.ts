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
 * those of the partners merged into it (their history came along, decision 0118).
 */
export async function changeEntries(db: Db, partnerId: string, page: TimelinePage): Promise<ChangeEntry[]> {
  const rows = await db
    .select({
      at: atText(activityAt),
      key: activityKey,
      action: activity.action,
      before: activity.before,
      after: activity.after,
      by: byName,
    })
    .from(activity)
    .leftJoin(user, eq(user.id, activity.actorId))
    .where(
      and(
        eq(activity.subjectType, 'partner'),
        // Its own records, and those of the partners merged into it (their history came along).
        sql`${activity.subjectId} = any(array_append(array(select ${partnerMerges.mergedId}::text from ${partnerMerges} where ${partnerMerges.survivorId} = ${partnerId}), ${partnerId}::text))`,
        beforePosition(activityAt, activityKey, page),
      ),
    )
    .orderBy(...newestFirst(activityAt, activityKey))
    .limit(page.limit + 1);
  return rows.map(({ action, before, after, ...row }) => ({
    source: 'change' as const,
    ...row,
    ...describePartnerChange(action, before, after),
  }));
}
