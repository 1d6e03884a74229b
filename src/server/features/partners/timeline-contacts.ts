import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { partnerContacts, user } from '#server/db/schema';
import {
  atText,
  beforePosition,
  keyText,
  newestFirst,
  type TimelinePage,
  type TimelinePosition,
} from '#server/db/timeline-keyset';
import type { ActingPerson } from '#shared/permissions';
import type { ContactKind } from '#shared/partners';
import { personName } from './people';

export interface ContactEntry extends TimelinePosition {
  source: 'contact';
  id: string;
  kind: ContactKind;
  /** The day of the contact, YYYY-MM-DD. */
  date: string;
  body: string;
  /** Who logged it; null for the entry made from a last contact typed before the log existed. */
  by: { id: string; name: string } | null;
  canDelete: boolean;
}

/** Its author or an admin may delete a contact entry (decision 0115). */
export const canDeleteContact = (createdBy: string | null, actor: ActingPerson) =>
  actor.role === 'admin' || (createdBy !== null && createdBy === actor.id);

/**
 * A contact sits on its day at the time of day it was logged (UTC): logged today it sorts with
 * today's gifts and changes by the minute, and a contact logged later for an earlier day still
 * sorts on that day.
 */
const at = sql`((${partnerContacts.contactDate})::timestamp + ((${partnerContacts.createdAt}) at time zone 'UTC')::time) at time zone 'UTC'`;
const key = keyText('contact', sql`${partnerContacts.id}`);

/** A page of the partner's contact log for the timeline (decision 0115). */
export async function contactEntries(
  db: Db,
  partnerId: string,
  page: TimelinePage,
  viewer: ActingPerson,
): Promise<ContactEntry[]> {
  const rows = await db
    .select({
      id: partnerContacts.id,
      at: atText(at),
      key,
      kind: partnerContacts.kind,
      date: partnerContacts.contactDate,
      body: partnerContacts.body,
      createdBy: partnerContacts.createdBy,
      byName: sql<string | null>`case when ${user.id} is null then null else ${personName(user)} end`,
    })
    .from(partnerContacts)
    .leftJoin(user, eq(user.id, partnerContacts.createdBy))
    .where(and(eq(partnerContacts.partnerId, partnerId), beforePosition(at, key, page)))
    .orderBy(...newestFirst(at, key))
    .limit(page.limit + 1);
  return rows.map(({ createdBy, byName, ...row }) => ({
    source: 'contact' as const,
    ...row,
    by: createdBy ? { id: createdBy, name: byName ?? '' } : null,
    canDelete: canDeleteContact(createdBy, viewer),
  }));
}
