import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { formRecipients, formResponses, forms } from '#server/db/schema';
import type { AppDeps } from '#server/http/app-env';
import { recordVisitorChange } from '#server/service/context';
import { checkAnswers, FORM_ERROR_KEY } from '#shared/form-answers';
import {
  DEFAULT_THANK_YOU,
  PUBLIC_FORM_UNAVAILABLE,
  RESPONSE_MAX_BYTES,
  type PublicFormUnavailable,
} from '#shared/forms';
import type { PublicFormView } from '#shared/public-forms';
import type { FormField } from '#shared/schemas/forms';

/**
 * The public side of a form (issue 21 items 2 and 3): what `/f/<token>` shows, and a visitor's
 * response, with no session. A token is the form's public link or a recipient's personal link.
 */

const formColumns = {
  id: forms.id,
  userId: forms.userId,
  title: forms.title,
  description: forms.description,
  // Written only through the forms schemas, so the stored list has that shape.
  fields: sql<FormField[]>`${forms.fields}`,
  status: forms.status,
  closesAt: forms.closesAt,
  responseLimit: forms.responseLimit,
  responseCount: forms.responseCount,
  thankYouMessage: forms.thankYouMessage,
};
interface FormRow {
  id: string;
  userId: string | null;
  title: string;
  description: string | null;
  fields: FormField[];
  status: 'open' | 'closed';
  closesAt: Date | null;
  responseLimit: number | null;
  responseCount: number;
  thankYouMessage: string | null;
}

interface Recipient {
  id: string;
  name: string;
  partnerId: string | null;
  respondedAt: Date | null;
}

/** The form a token leads to, and the recipient when it is a personal link; null for neither. */
async function formOfToken(
  db: Db,
  token: string,
  lock: boolean,
): Promise<{ form: FormRow; recipient: Recipient | null } | null> {
  const byPublic = db.select(formColumns).from(forms).where(eq(forms.publicToken, token));
  const [form] = lock ? await byPublic.for('update') : await byPublic;
  if (form) return { form, recipient: null };
  const [recipient] = await db
    .select({
      id: formRecipients.id,
      formId: formRecipients.formId,
      name: formRecipients.name,
      partnerId: formRecipients.partnerId,
      respondedAt: formRecipients.respondedAt,
    })
    .from(formRecipients)
    .where(eq(formRecipients.token, token));
  if (!recipient) return null;
  // The form's row lock serialises every response to the form, personal ones included.
  const byId = db.select(formColumns).from(forms).where(eq(forms.id, recipient.formId));
  const [owner] = lock ? await byId.for('update') : await byId;
  if (!owner) return null;
  if (lock) {
    // Read again under the form's lock: a response that committed meanwhile has set it.
    const [again] = await db
      .select({ respondedAt: formRecipients.respondedAt })
      .from(formRecipients)
      .where(eq(formRecipients.id, recipient.id));
    recipient.respondedAt = again?.respondedAt ?? null;
  }
  return { form: owner, recipient };
}

/** Why the form takes no response now, or null when it does. A used personal link says so first. */
function unavailable(form: FormRow, recipient: Recipient | null, now: Date): PublicFormUnavailable | null {
  if (recipient?.respondedAt) return 'already_answered';
  if (form.status === 'closed') return 'closed';
  if (form.closesAt && form.closesAt.getTime() <= now.getTime()) return 'past_closing_date';
  if (form.responseLimit !== null && form.responseCount >= form.responseLimit) return 'limit_reached';
  return null;
}

export type PublicFormAnswer =
  { ok: true; form: PublicFormView } | { ok: false; reason: PublicFormUnavailable; error: string };

const refusal = (reason: PublicFormUnavailable) => ({
  ok: false as const,
  reason,
  error: PUBLIC_FORM_UNAVAILABLE[reason],
});

/** GET /api/public/forms/:token: the form to fill in, or why there is none. */
export async function readPublicForm(
  db: Db,
  token: string,
  ministryName: string,
  now = new Date(),
): Promise<PublicFormAnswer> {
  const found = await formOfToken(db, token, false);
  if (!found) return refusal('not_found');
  const reason = unavailable(found.form, found.recipient, now);
  if (reason) return refusal(reason);
  const { form, recipient } = found;
  return {
    ok: true,
    form: {
      ministryName,
      title: form.title,
      description: form.description,
      fields: form.fields,
      thankYouMessage: form.thankYouMessage ?? DEFAULT_THANK_YOU,
      recipientName: recipient?.name ?? null,
    },
  };
}

export type SubmitOutcome =
  | { ok: true; thankYouMessage: string }
  | {
      ok: false;
      status: 400 | 404 | 410;
      error: string;
      reason?: PublicFormUnavailable;
      fieldErrors?: Record<string, string>;
    };

/** What a response's change record holds: who and where, not the answers (they are the response row). */
export interface RecordedResponse {
  id: string;
  formId: string;
  formTitle: string;
  /** The form's creator, whom the notice tells (features/forms/notices.ts). */
  creatorId: string | null;
  partnerId: string | null;
  recipientId: string | null;
  recipientName: string | null;
  answered: number;
}

/**
 * Stores one visitor's response, all in one transaction: the form's row locked (so the limit
 * and a personal link's single use hold under concurrency), open, before its closing date,
 * under its limit, the link unused, every answer checked (`checkAnswers`, the page's rules);
 * then the response, the count, the link marked used, and one change recorded with the
 * visitor's address and announced to holders of `more`.
 */
export async function submitPublicResponse(
  deps: AppDeps,
  token: string,
  answers: Record<string, unknown>,
  clientIp: string | null,
  now = new Date(),
): Promise<SubmitOutcome> {
  return deps.database.db.transaction(async (txHandle) => {
    const tx = txHandle as unknown as Db;
    const found = await formOfToken(tx, token, true);
    if (!found) return { ok: false, status: 404, reason: 'not_found', error: PUBLIC_FORM_UNAVAILABLE.not_found };
    const { form, recipient } = found;
    const reason = unavailable(form, recipient, now);
    if (reason) return { ok: false, status: 410, reason, error: PUBLIC_FORM_UNAVAILABLE[reason] };

    const checked = checkAnswers(form.fields, answers);
    if (!checked.ok) return { ok: false, status: 400, error: checked.message, fieldErrors: checked.errors };
    if (Buffer.byteLength(JSON.stringify(checked.answers)) > RESPONSE_MAX_BYTES) {
      const error = 'This response is too long to store. Please shorten the longest answers.';
      return { ok: false, status: 400, error, fieldErrors: { [FORM_ERROR_KEY]: error } };
    }

    const [stored] = await tx
      .insert(formResponses)
      .values({
        formId: form.id,
        recipientId: recipient?.id ?? null,
        partnerId: recipient?.partnerId ?? null,
        answers: checked.answers,
      })
      .returning({ id: formResponses.id });
    await tx
      .update(forms)
      .set({ responseCount: sql`${forms.responseCount} + 1` })
      .where(eq(forms.id, form.id));
    if (recipient)
      await tx
        .update(formRecipients)
        .set({ respondedAt: sql`now()` })
        .where(eq(formRecipients.id, recipient.id));

    const after: RecordedResponse = {
      id: stored!.id,
      formId: form.id,
      formTitle: form.title,
      creatorId: form.userId,
      partnerId: recipient?.partnerId ?? null,
      recipientId: recipient?.id ?? null,
      recipientName: recipient?.name ?? null,
      answered: checked.answers.length,
    };
    await recordVisitorChange(tx, deps, clientIp, {
      action: 'form_response.created',
      subject: { type: 'form_response', id: stored!.id },
      announce: { audience: { feature: 'more' }, event: { type: 'forms.responses', formId: form.id } },
      after,
    });
    return { ok: true, thankYouMessage: form.thankYouMessage ?? DEFAULT_THANK_YOU };
  });
}

/** The form a token leads to (for its rate limit and a honeypot's thank-you), without locking. */
export async function formOfPublicToken(
  db: Db,
  token: string,
): Promise<{ id: string; thankYouMessage: string } | null> {
  const found = await formOfToken(db, token, false);
  return found ? { id: found.form.id, thankYouMessage: found.form.thankYouMessage ?? DEFAULT_THANK_YOU } : null;
}
