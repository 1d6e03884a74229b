import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { forms } from '../../db/schema';
import type { AppDeps } from '../../http/app-env';
import type { CreateFormValues, FormField } from '../../../shared/schemas/forms';

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

export async function createForm(deps: AppDeps, userId: string, input: CreateFormValues) {
  const [created] = await deps.database.db
    .insert(forms)
    .values({ userId, title: input.title, description: input.description, fields: input.fields })
    .returning(columns);
  await deps.bus.publish({ userId }, { type: 'forms.changed', formId: created!.id });
  return created!;
}

export async function deleteOwnForm(deps: AppDeps, userId: string, id: string) {
  const deleted = await deps.database.db
    .delete(forms)
    .where(and(eq(forms.id, id), eq(forms.userId, userId)))
    .returning({ id: forms.id });
  if (deleted.length === 0) return false;
  await deps.bus.publish({ userId }, { type: 'forms.changed', formId: id });
  return true;
}
