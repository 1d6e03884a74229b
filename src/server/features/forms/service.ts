import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { forms } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import type { CreateFormValues, FormField } from '#shared/schemas/forms';

const columns = {
  id: forms.id,
  title: forms.title,
  description: forms.description,
  // Written only through createFormSchema, so the stored list has that shape.
  fields: sql<FormField[]>`${forms.fields}`,
  createdAt: forms.createdAt,
};

/** Only the signed-in person's own forms, newest first. */
export async function listOwnForms(db: Db, userId: string) {
  return db.select(columns).from(forms).where(eq(forms.userId, userId)).orderBy(desc(forms.createdAt), desc(forms.id));
}

/** Someone else's form is answered exactly like a missing one, so ids reveal nothing. */
export async function getOwnForm(db: Db, userId: string, id: string) {
  const [row] = await db
    .select(columns)
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.userId, userId)));
  return row;
}

const announce = (userId: string, formId: string) => ({
  audience: { userId },
  event: { type: 'forms.changed' as const, formId },
});

export async function createForm(ctx: ServiceContext, input: CreateFormValues) {
  return ctx.change(async (tx) => {
    const userId = tx.actor.id;
    const [created] = await tx.db
      .insert(forms)
      .values({ userId, title: input.title, description: input.description, fields: input.fields })
      .returning(columns);
    await tx.record({
      action: 'form.created',
      subject: { type: 'form', id: created!.id },
      announce: announce(userId, created!.id),
      after: created,
    });
    return created!;
  });
}

/** Deletes one of the actor's own forms; someone else's is refused exactly like a missing one. */
export async function deleteOwnForm(ctx: ServiceContext, id: string): Promise<{ id: string }> {
  return ctx.change(async (tx) => {
    const userId = tx.actor.id;
    const [deleted] = await tx.db
      .delete(forms)
      .where(and(eq(forms.id, id), eq(forms.userId, userId)))
      .returning(columns);
    if (!deleted) refuse(404, 'Form not found');
    await tx.record({
      action: 'form.deleted',
      subject: { type: 'form', id },
      announce: announce(userId, id),
      before: deleted,
    });
    return { id };
  });
}
