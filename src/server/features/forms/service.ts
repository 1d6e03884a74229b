import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { forms, user } from '#server/db/schema';
import type { Actor, ChangeContext, ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { lockedRow } from '#server/service/locked-row';
import type { CreateFormValues, FormField, UpdateFormValues } from '#shared/schemas/forms';

/**
 * The team's forms (issue 21, docs/decisions/0119): everyone with `more` lists and reads every
 * form; only its creator or an admin changes, closes, deletes it or replaces its public link.
 */

export const FORM_NOT_FOUND = 'Form not found';
export const NOT_YOURS = 'Only the person who created this form, or an admin, can change it.';
export const STALE_FORM = 'This form was changed by someone else. Reload it to see the changes.';

const columns = {
  id: forms.id,
  title: forms.title,
  description: forms.description,
  // Written only through createFormSchema / updateFormSchema, so the stored list has that shape.
  fields: sql<FormField[]>`${forms.fields}`,
  createdAt: forms.createdAt,
  createdById: forms.userId,
  status: forms.status,
  publicToken: forms.publicToken,
  closesAt: forms.closesAt,
  responseLimit: forms.responseLimit,
  thankYouMessage: forms.thankYouMessage,
  responseCount: forms.responseCount,
  version: forms.version,
  updatedAt: forms.updatedAt,
};

const selectForms = (db: Db) => db.select(columns).from(forms);
type FormRow = Awaited<ReturnType<typeof selectForms>>[number];

/** What the activity log keeps of a form: everything but its public token, which is a key. */
const recordable = ({ publicToken: _token, ...form }: FormRow) => form;

/** Who may change a form: its creator, or an admin (D13). */
export const canManage = (actor: Actor, createdById: string | null) =>
  actor.role === 'admin' || (createdById !== null && createdById === actor.id);

function present(row: FormRow & { createdByName: string | null }, actor: Actor) {
  const { createdById, createdByName, ...form } = row;
  return {
    ...form,
    createdBy: createdById ? { id: createdById, name: createdByName ?? '' } : null,
    canManage: canManage(actor, createdById),
  };
}
export type TeamForm = ReturnType<typeof present>;

const withCreator = (db: Db) =>
  db
    .select({ ...columns, createdByName: user.name })
    .from(forms)
    .leftJoin(user, eq(user.id, forms.userId));

/** Every form of the team, newest first, with its creator's name and whether the viewer may change it. */
export async function listForms(db: Db, actor: Actor): Promise<TeamForm[]> {
  const rows = await withCreator(db).orderBy(desc(forms.createdAt), desc(forms.id));
  return rows.map((row) => present(row, actor));
}

export async function getForm(db: Db, actor: Actor, id: string): Promise<TeamForm> {
  const [row] = await withCreator(db).where(eq(forms.id, id));
  if (!row) refuse(404, FORM_NOT_FOUND);
  return present(row, actor);
}

/** Everyone holding `more` sees every form, so every change is told to all of them. */
export const formsAudience = { feature: 'more' as const };
const announce = (formId: string) => ({
  audience: formsAudience,
  event: { type: 'forms.changed' as const, formId },
});

export async function createForm(ctx: ServiceContext, input: CreateFormValues): Promise<TeamForm> {
  const id = await ctx.change(async (tx) => {
    const userId = tx.actor.id;
    const [created] = await tx.db
      .insert(forms)
      .values({ userId, title: input.title, description: input.description, fields: input.fields })
      .returning(columns);
    await tx.record({
      action: 'form.created',
      subject: { type: 'form', id: created!.id },
      announce: announce(created!.id),
      after: recordable(created!),
    });
    return created!.id;
  });
  return getForm(ctx.db, ctx.actor, id);
}

/**
 * The form, locked for the rest of the change: 404 when unknown, 403 when the actor may read
 * but not change it. Responses and the public page lock the same row, so a change and a
 * submission never interleave.
 */
export async function lockManagedForm(tx: ChangeContext, id: string): Promise<FormRow> {
  const form = await lockedRow(selectForms(tx.db).where(eq(forms.id, id)), 404, FORM_NOT_FOUND);
  if (!canManage(tx.actor, form.createdById)) refuse(403, NOT_YOURS);
  return form;
}

/**
 * Saves the whole form as the editor holds it (title, fields, open/closed, closing date,
 * limit, thank-you message). A save made on a version someone else has since changed is a
 * 409: nobody's edit is overwritten silently. Stored responses keep their own labels, so
 * removing or retyping a field leaves them readable.
 */
export async function updateForm(ctx: ServiceContext, id: string, input: UpdateFormValues): Promise<TeamForm> {
  await ctx.change(async (tx) => {
    const before = await lockManagedForm(tx, id);
    if (before.version !== input.version) refuse(409, STALE_FORM);
    const [after] = await tx.db
      .update(forms)
      .set({
        title: input.title,
        description: input.description,
        fields: input.fields,
        status: input.status,
        closesAt: input.closesAt ? new Date(input.closesAt) : null,
        responseLimit: input.responseLimit,
        thankYouMessage: input.thankYouMessage,
        version: sql`${forms.version} + 1`,
        updatedAt: sql`now()`,
      })
      .where(eq(forms.id, id))
      .returning(columns);
    await tx.record({
      action:
        before.status === after!.status ? 'form.updated' : after!.status === 'open' ? 'form.opened' : 'form.closed',
      subject: { type: 'form', id },
      announce: announce(id),
      before: recordable(before),
      after: recordable(after!),
    });
  });
  return getForm(ctx.db, ctx.actor, id);
}

/**
 * "New link": a fresh public token from the column's default, so the old address stops
 * working at once. Personal links are not touched. The version stays: the link is not part of
 * what the editor saves, so an open editor can still save.
 */
export async function replacePublicLink(ctx: ServiceContext, id: string): Promise<TeamForm> {
  await ctx.change(async (tx) => {
    const before = await lockManagedForm(tx, id);
    const [after] = await tx.db
      .update(forms)
      .set({ publicToken: sql`default`, updatedAt: sql`now()` })
      .where(eq(forms.id, id))
      .returning(columns);
    // The tokens themselves stay out of the activity log: it is readable by more people than the form.
    await tx.record({
      action: 'form.link_replaced',
      subject: { type: 'form', id },
      announce: announce(id),
      before: { publicTokenStart: before.publicToken.slice(0, 6) },
      after: { publicTokenStart: after!.publicToken.slice(0, 6) },
    });
  });
  return getForm(ctx.db, ctx.actor, id);
}

/** Deletes a form with its responses and personal links (creator or admin). */
export async function deleteForm(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  return ctx.change(async (tx) => {
    const before = await lockManagedForm(tx, id);
    await tx.db.delete(forms).where(eq(forms.id, id));
    await tx.record({
      action: 'form.deleted',
      subject: { type: 'form', id },
      announce: announce(id),
      before: recordable(before),
    });
    return { id };
  });
}
