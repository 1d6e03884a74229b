import { eventFields, pngPart, textFilePart, type MatrixContext, type SignedInActor } from './matrix-context';

/** Objects the matrix's calls act on, created through the API by their owner; each returns its id. */
export const partner = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.create<{ partner: { id: string } }>(owner, '/api/partners', {
      name: `Partner ${ctx.unique()}`,
      email: `${ctx.unique()}@partners.example.org`,
    })
  ).partner.id;
export const task = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.create<{ task: { id: string } }>(owner, '/api/tasks', { title: `Task ${ctx.unique()}` })).task.id;
export const formBody = (ctx: MatrixContext) => ({
  title: `Form ${ctx.unique()}`,
  fields: [{ id: 'f1', label: 'Name', type: 'text' }],
});
export const form = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.create<{ form: { id: string } }>(owner, '/api/forms', formBody(ctx))).form.id;
export const file = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.createMultipart<{ file: { id: string } }>(owner, '/api/files?folder=%2F', [
      textFilePart(`${ctx.unique()}.txt`),
    ])
  ).file.id;
export const event = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.createMultipart<{ event: { id: string; imageUrl: string | null } }>(owner, '/api/calendar/events', [
      ...eventFields(`Event ${ctx.unique()}`),
      pngPart(),
    ])
  ).event;
