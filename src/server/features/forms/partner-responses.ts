import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { formRecipients, formResponses, forms } from '#server/db/schema';
import { atText, beforePosition, keyText, newestFirst, type TimelinePage } from '#server/db/timeline-keyset';
import type { ChangeContext } from '#server/service/context';
import type { StoredAnswer } from '#shared/form-answers';

/**
 * The forms feature's part in partner details (issue 21 item 5): the partner's responses on
 * their timeline, and a merge moving them. Asked through src/server/feature-wiring.ts.
 */

const at = sql`${formResponses.createdAt}`;
const key = keyText('form-response', sql`${formResponses.id}`);

/**
 * A page of the partner's form responses, newest first, each whole (the answers as given, with
 * their labels), at most `limit` + 1 after the cursor. Shown to holders of `more`.
 */
export async function partnerFormResponseEntries(db: Db, partnerId: string, page: TimelinePage) {
  const rows = await db
    .select({
      id: formResponses.id,
      formId: formResponses.formId,
      formTitle: forms.title,
      at: atText(at),
      key,
      answers: sql<StoredAnswer[]>`${formResponses.answers}`,
    })
    .from(formResponses)
    .innerJoin(forms, eq(forms.id, formResponses.formId))
    .where(and(eq(formResponses.partnerId, partnerId), beforePosition(at, key, page)))
    .orderBy(...newestFirst(at, key))
    .limit(page.limit + 1);
  return rows.map((row) => ({ source: 'form-response' as const, ...row }));
}

/**
 * A partner merge's part in forms: the merged partner's responses and personal links move to
 * the survivor (otherwise deleting the merged row would unlink them).
 */
export const formsMergeMove = {
  noun: 'formResponses',
  async move(tx: ChangeContext, parties: { merged: { id: string }; survivor: { id: string } }) {
    const moved = await tx.db
      .update(formResponses)
      .set({ partnerId: parties.survivor.id })
      .where(eq(formResponses.partnerId, parties.merged.id))
      .returning({ formId: formResponses.formId });
    await tx.db
      .update(formRecipients)
      .set({ partnerId: parties.survivor.id })
      .where(eq(formRecipients.partnerId, parties.merged.id));
    const formIds = [...new Set(moved.map((row) => row.formId))];
    return {
      count: moved.length,
      announce: formIds.map((formId) => ({
        audience: { feature: 'more' as const },
        event: { type: 'forms.responses' as const, formId },
      })),
    };
  },
};
