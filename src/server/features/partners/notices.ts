import { and, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { user } from '#server/db/schema';
import type { NoticeDraft, NotificationRules } from '#server/service/notices';

/**
 * Partner updates (issue 16, docs/decisions/0100): a partner added, a partner's status changed,
 * or a partner assigned to you, for holders of the partners feature with the Partner Updates
 * switch on.
 */

interface RecordedPartner {
  id: string;
  name: string;
  status: 'active' | 'inactive';
  coordinator: string | null;
}

const update = (kind: string, title: string): NoticeDraft => ({
  to: { features: ['partners'] },
  category: 'partner',
  kind,
  title,
  link: '/partners',
});

const sameText = (a: string | null, b: string | null) =>
  (a ?? '').trim().toLowerCase() === (b ?? '').trim().toLowerCase();

/**
 * The team member a partner's coordinator names. The field is free text (SPEC section 3), so it
 * names someone only when it is exactly one active person's full name, display name or email,
 * case and surrounding spaces ignored; a name two people share, or a name nobody has, names
 * no one (the same rule as a gift's typed partner name, decision 0110).
 */
async function coordinatorNamed(db: Db, coordinator: string | null): Promise<string | undefined> {
  const text = (coordinator ?? '').trim().toLowerCase();
  if (text === '') return undefined;
  const rows = await db
    .select({ id: user.id })
    .from(user)
    .where(
      and(
        isNull(user.deactivatedAt),
        or(
          sql`lower(trim(${user.name})) = ${text}`,
          sql`lower(trim(${user.displayName})) = ${text}`,
          sql`lower(${user.email}) = ${text}`,
        ),
      ),
    )
    .limit(2);
  return rows.length === 1 ? rows[0]!.id : undefined;
}

/** "A partner assigned to you": the person the coordinator field now names, when it changed to them. */
async function assigned(db: Db, partner: RecordedPartner): Promise<NoticeDraft[]> {
  const userId = await coordinatorNamed(db, partner.coordinator);
  if (!userId) return [];
  return [
    {
      to: { features: ['partners'], userIds: [userId] },
      category: 'partner',
      kind: 'partner.assigned',
      title: `You are now the coordinator of ${partner.name}`,
      link: `/partners?partner=${partner.id}`,
    },
  ];
}

export const partnerNotices: NotificationRules = {
  'partner.created': async (change, db) => {
    const after = change.after as RecordedPartner;
    return [update('partner.created', `New partner: ${after.name}`), ...(await assigned(db, after))];
  },
  'partner.updated': async (change, db) => {
    const before = change.before as RecordedPartner;
    const after = change.after as RecordedPartner;
    return [
      ...(before.status === after.status ? [] : [update('partner.status', `${after.name} is now ${after.status}`)]),
      ...(sameText(before.coordinator, after.coordinator) ? [] : await assigned(db, after)),
    ];
  },
};
