import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { formRecipients, formResponses, forms, partners } from '#server/db/schema';
import { decodeTimeCursor, encodeTimeCursor } from '#server/db/time-cursor';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import type { StoredAnswer } from '#shared/form-answers';
import type { FormField } from '#shared/schemas/forms';
import { FORM_NOT_FOUND, formsAudience, lockManagedForm } from './service';

/**
 * A form's responses (issue 21 item 5, docs/decisions/0119): newest first by (created_at, id),
 * read a page at a time along the index form_responses_form_created_idx, so the page costs the
 * same at the hundred-thousandth response as at the first.
 */

export const RESPONSES_PAGE_SIZE = 25;
export const RESPONSE_NOT_FOUND = 'Response not found';

const isResponseId = (id: unknown): id is string =>
  typeof id === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

const responseColumns = {
  id: formResponses.id,
  createdAt: formResponses.createdAt,
  // The time as the database wrote it, to the microsecond: the cursor must not round it.
  atText: sql<string>`${formResponses.createdAt}::text`,
  // Stored only by the public endpoint after checkAnswers, so the list has that shape.
  answers: sql<StoredAnswer[]>`${formResponses.answers}`,
  partnerId: formResponses.partnerId,
  partnerName: partners.name,
  recipientName: formRecipients.name,
};

/** The form's fields and count, or 404: every responses route starts here. */
export async function formHead(db: Db, formId: string) {
  const [form] = await db
    .select({
      id: forms.id,
      title: forms.title,
      fields: sql<FormField[]>`${forms.fields}`,
      responseCount: forms.responseCount,
    })
    .from(forms)
    .where(eq(forms.id, formId));
  if (!form) refuse(404, FORM_NOT_FOUND);
  return form;
}

async function readPage(db: Db, formId: string, cursor: string | undefined, size: number) {
  const conditions: SQL[] = [eq(formResponses.formId, formId)];
  if (cursor) {
    const { atText, id } = decodeTimeCursor(cursor, isResponseId);
    conditions.push(sql`(${formResponses.createdAt}, ${formResponses.id}) < (${atText}::timestamptz, ${id}::uuid)`);
  }
  const rows = await db
    .select(responseColumns)
    .from(formResponses)
    .leftJoin(partners, eq(partners.id, formResponses.partnerId))
    .leftJoin(formRecipients, eq(formRecipients.id, formResponses.recipientId))
    .where(and(...conditions))
    // NULLS LAST as the index is declared (migration 0022): plain DESC means NULLS FIRST, which
    // the planner cannot read off that index, and it would sort every response of the form.
    .orderBy(sql`${formResponses.createdAt} desc nulls last`, sql`${formResponses.id} desc nulls last`)
    .limit(size + 1);
  const page = rows.slice(0, size).map(present);
  const last = rows[size - 1];
  return { page, nextCursor: rows.length > size && last ? encodeTimeCursor(last.atText, last.id) : null };
}

interface ResponseRow {
  id: string;
  createdAt: Date;
  atText: string;
  answers: StoredAnswer[];
  partnerId: string | null;
  partnerName: string | null;
  recipientName: string | null;
}

function present({ atText: _at, partnerId, partnerName, recipientName, ...response }: ResponseRow) {
  return {
    ...response,
    partner: partnerId ? { id: partnerId, name: partnerName ?? '' } : null,
    recipient: recipientName === null ? null : { name: recipientName },
  };
}
export type FormResponseView = ReturnType<typeof present>;

/** One page of a form's responses, newest first, each whole; the first page also carries the count. */
export async function listResponses(db: Db, formId: string, cursor: string | undefined) {
  const form = await formHead(db, formId);
  const { page, nextCursor } = await readPage(db, formId, cursor, RESPONSES_PAGE_SIZE);
  return { count: form.responseCount, responses: page, nextCursor };
}

/** Every response, newest first, a batch at a time: the CSV export never holds them all. */
export async function* allResponses(db: Db, formId: string, batch = 500) {
  let cursor: string | undefined;
  for (;;) {
    const { page, nextCursor } = await readPage(db, formId, cursor, batch);
    yield* page;
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}

/**
 * Deletes one response (the form's creator or an admin) and lowers the count, under the form's
 * row lock like a submission. A personal link stays used: the team removed the answer, the
 * partner was not invited again.
 */
export async function deleteResponse(ctx: ServiceContext, formId: string, responseId: string) {
  return ctx.change(async (tx) => {
    await lockManagedForm(tx, formId);
    const [deleted] = await tx.db
      .delete(formResponses)
      .where(and(eq(formResponses.id, responseId), eq(formResponses.formId, formId)))
      .returning();
    if (!deleted) refuse(404, RESPONSE_NOT_FOUND);
    await tx.db
      .update(forms)
      .set({ responseCount: sql`greatest(${forms.responseCount} - 1, 0)` })
      .where(eq(forms.id, formId));
    await tx.record({
      action: 'form.response_deleted',
      subject: { type: 'form', id: formId },
      announce: { audience: formsAudience, event: { type: 'forms.responses', formId } },
      before: deleted,
    });
    return { id: responseId };
  });
}
