import { enqueueJob } from '#server/jobs/queue';
import { restorePassword } from './fixture-password';
import { desc, eq } from 'drizzle-orm';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import {
  donations,
  emailOutbox,
  formResponses,
  forms,
  importBatches,
  jobs,
  notifications,
  onboardingSteps,
  partners,
  session,
} from '#server/db/schema';
import { archiveKeyOf } from '#server/features/giving/statement-jobs';
import { STATEMENT_ARCHIVE_JOB } from '#shared/schemas/giving-statements';
import { EXPORT_JOB } from '#shared/schemas/export';
import { exportKeyOf } from '#server/features/export/jobs';
import { unsubscribeToken } from '#server/features/notifications/unsubscribe-token';
import { multipartBody, type MultipartPart } from '#test-support/multipart';
import { eventFields, pngPart, textFilePart, type MatrixContext, type SignedInActor } from './matrix-context';

/** Objects the matrix's calls act on, created through the API by their owner; each returns its id. */
/** A chat message of the owner's in General Partners (only its author edits it; an admin may delete it). */
export const chatMessage = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.create<{ message: { id: number } }>(owner, '/api/chat/messages', {
      chatType: 'partner',
      partner: 'General Partners',
      content: `Fixture ${ctx.unique()}`,
    })
  ).message.id;
export const partner = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.create<{ partner: { id: string } }>(owner, '/api/partners', {
      name: `Partner ${ctx.unique()}`,
      email: `${ctx.unique()}@partners.example.org`,
    })
  ).partner.id;
/** A contact logged by the owner on a partner of theirs (only its author or an admin may delete it). */
export const contactEntry = async (ctx: MatrixContext, owner: SignedInActor) => {
  const partnerId = await partner(ctx, owner);
  const { contact } = await ctx.create<{ contact: { id: string } }>(owner, `/api/partners/${partnerId}/contacts`, {
    kind: 'note',
    date: '2025-05-01',
    body: `Note ${ctx.unique()}`,
  });
  return { partnerId, contactId: contact.id };
};
/** A partner tag (issue 20), created by its owner. */
export const partnerTag = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.create<{ tag: { id: string } }>(owner, '/api/partners/tags', { name: `Tag ${ctx.unique()}` })).tag.id;
/** A gift recorded by the admin (only admins add gifts), with the version a correction names. */
export const gift = async (ctx: MatrixContext) =>
  (
    await ctx.create<{ donation: { id: string } }>('admin', '/api/giving/donations', {
      partnerName: `Donor ${ctx.unique()}`,
      amount: '25.00',
      donationType: 'one-time',
    })
  ).donation.id;
export const task = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.create<{ task: { id: string } }>(owner, '/api/tasks', { title: `Task ${ctx.unique()}` })).task.id;
export const formBody = (ctx: MatrixContext) => ({
  title: `Form ${ctx.unique()}`,
  fields: [{ id: 'f1', label: 'Name', type: 'text' }],
});
export const form = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.create<{ form: { id: string } }>(owner, '/api/forms', formBody(ctx))).form.id;
/**
 * The public link's token of a new form (issue 21). The link needs no session and belongs to
 * nobody who uses it, so the form is the admin's whoever calls.
 */
export const publicFormToken = async (ctx: MatrixContext) => {
  const id = await form(ctx, 'admin');
  const [row] = await ctx.t.db.select({ token: forms.publicToken }).from(forms).where(eq(forms.id, id));
  return row!.token;
};

/**
 * A response to a form of the owner's, stored straight in the table: the public endpoint that
 * takes responses needs no session and is not what these calls are about.
 */
export const formResponse = async (ctx: MatrixContext, owner: SignedInActor) => {
  const formId = await form(ctx, owner);
  const [row] = await ctx.t.db
    .insert(formResponses)
    .values({ formId, answers: [{ fieldId: 'f1', label: 'Name', type: 'text', value: `Answer ${ctx.unique()}` }] })
    .returning({ id: formResponses.id });
  await ctx.t.db.update(forms).set({ responseCount: 1 }).where(eq(forms.id, formId));
  return { formId, responseId: row!.id };
};
export const file = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.createMultipart<{ file: { id: string } }>(owner, '/api/files?folder=%2F', [
      textFilePart(`${ctx.unique()}.txt`),
    ])
  ).file.id;
/** A new empty folder of the owner's in the home folder; answers its path. */
export const folder = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.create<{ folder: { path: string } }>(owner, '/api/files/folders', { parent: '/', name: ctx.unique() }))
    .folder.path;
/** A chat message with one picture attached; its attachment's id. */
export const chatAttachment = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.createMultipart<{ message: { attachments: { id: string }[] } }>(owner, '/api/chat/messages', [
      { name: 'chatType', value: 'partner' },
      { name: 'partner', value: 'General Partners' },
      { name: 'content', value: `Photo ${ctx.unique()}` },
      { ...pngPart(), name: 'files' },
    ])
  ).message.attachments[0]!.id;
export const event = async (ctx: MatrixContext, owner: SignedInActor) =>
  (
    await ctx.createMultipart<{ event: { id: string; imageUrl: string | null } }>(owner, '/api/calendar/events', [
      ...eventFields(`Event ${ctx.unique()}`),
      pngPart(),
    ])
  ).event;
/** The admin's calendar feed address (issue 22): its path, which needs no session. */
export const calendarFeedPath = async (ctx: MatrixContext) => {
  const response = await ctx.t.request('/api/calendar/feed', { headers: { cookie: ctx.cookies.admin } });
  if (response.status !== 200) throw new Error(`feed address: ${response.status}`);
  return new URL(((await response.json()) as { url: string }).url).pathname;
};
/** An email the server could not send (written straight to the outbox: no route queues one). */
export const failedEmail = async (ctx: MatrixContext) => {
  const [row] = await ctx.t.db
    .insert(emailOutbox)
    .values({
      kind: 'test',
      toAddress: `${ctx.unique()}@example.org`,
      subject: 'Undeliverable',
      text: 'Hello',
      html: '<p>Hello</p>',
      status: 'failed',
      attempts: 1,
      lastError: '550 Mailbox unavailable',
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
};

/** A notification of the owner's (written straight to the table: the rules are tested elsewhere). */
export const notification = async (ctx: MatrixContext, owner: SignedInActor) => {
  const [row] = await ctx.t.db
    .insert(notifications)
    .values({ recipientId: ctx.users[owner].id, kind: 'test', title: `Notice ${ctx.unique()}`, link: '/tasks' })
    .returning({ id: notifications.id });
  return row!.id;
};

/** A small gift CSV, as the import's upload step receives it. */
export const giftCsvPart = (ctx: MatrixContext): MultipartPart => ({
  name: 'file',
  filename: `${ctx.unique()}.csv`,
  value: `Date,Amount,Name\n2024-03-01,12.50,Donor ${ctx.unique()}\n`,
  contentType: 'text/csv',
});
/** An uploaded gift import of the owner's, waiting to be committed. */
export const giftImportUpload = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.createMultipart<{ upload: { id: string } }>(owner, '/api/giving/imports/uploads', [giftCsvPart(ctx)]))
    .upload.id;
export const GIFT_IMPORT_STEP = `source=Bank&timeZone=UTC&mapping=${encodeURIComponent(
  JSON.stringify({ date: 'Date', amount: 'Amount', partnerName: 'Name' }),
)}`;
/** A committed gift import of one gift (written straight to the tables: the commit job is tested elsewhere). */
export const giftImportBatch = async (ctx: MatrixContext) => {
  const [batch] = await ctx.t.db
    .insert(importBatches)
    .values({
      kind: 'gifts',
      source: 'Bank',
      fileName: 'gifts.csv',
      rows: 1,
      createdBy: ctx.users.admin.id,
      completedAt: new Date(),
    })
    .returning({ id: importBatches.id });
  await ctx.t.db
    .insert(donations)
    .values({ partnerName: `Donor ${ctx.unique()}`, amount: '5', donationType: 'one-time', importBatchId: batch!.id });
  return batch!.id;
};

/** A small partner CSV, as the partner import's upload step receives it. */
export const partnerCsvPart = (ctx: MatrixContext): MultipartPart => {
  const who = ctx.unique();
  return {
    name: 'file',
    filename: `${who}.csv`,
    value: `Name,Email\nPartner ${who},p-${who}@example.org\n`,
    contentType: 'text/csv',
  };
};
/** An uploaded partner import of the owner's, waiting to be committed. */
export const partnerImportUpload = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await ctx.createMultipart<{ upload: { id: string } }>(owner, '/api/partners/imports/uploads', [partnerCsvPart(ctx)]))
    .upload.id;
export const PARTNER_IMPORT_STEP = `source=Breeze&timeZone=UTC&duplicates=fill&mapping=${encodeURIComponent(
  JSON.stringify({ name: 'Name', email: 'Email' }),
)}`;
/** A committed partner import of one partner (written straight to the tables: the commit job is tested elsewhere). */
export const partnerImportBatch = async (ctx: MatrixContext) => {
  const [batch] = await ctx.t.db
    .insert(importBatches)
    .values({
      kind: 'partners',
      source: 'Breeze',
      fileName: 'partners.csv',
      rows: 1,
      createdBy: ctx.users.admin.id,
      completedAt: new Date(),
    })
    .returning({ id: importBatches.id });
  const who = ctx.unique();
  await ctx.t.db
    .insert(partners)
    .values({ name: `Imported ${who}`, email: `i-${who}@example.org`, importBatchId: batch!.id });
  return batch!.id;
};

/** A queued background job of the owner's (queued straight away: the runner is not started here). */
export const job = async (ctx: MatrixContext, owner: SignedInActor) =>
  (await enqueueJob(ctx.t.db, { kind: 'matrix.probe', ownerId: ctx.users[owner].id })).id;

/** The unsubscribe link's token of the owner (the admin for the anonymous caller: the link needs no session). */
export const unsubscribeQuery = (ctx: MatrixContext, owner: SignedInActor) =>
  `token=${encodeURIComponent(unsubscribeToken(ctx.t.deps.linkKey, ctx.users[owner].id))}`;

/** Puts the person's fixture password back: the password change's calls give them a new one. */
export const restoreFixturePassword = (ctx: MatrixContext, owner: SignedInActor) =>
  restorePassword(ctx.t.db, ctx.users[owner].email, ctx.users[owner].password);

/** Signs the owner in once more (a second device) and answers that session's id. */
export const secondSession = async (ctx: MatrixContext, owner: SignedInActor) => {
  const { email, password } = ctx.users[owner];
  await restoreFixturePassword(ctx, owner);
  await ctx.t.signIn(email, password);
  const [newest] = await ctx.t.db
    .select({ id: session.id })
    .from(session)
    .where(eq(session.userId, ctx.users[owner].id))
    .orderBy(desc(session.createdAt))
    .limit(1);
  return newest!.id;
};

/** The ministry's logo as the upload sends it (a PNG). */
export const logoPart = () => ({ ...pngPart(), name: 'logo' });

/** Uploads a logo as the admin (only admins may) and answers the address it is served at. */
export async function organizationLogo(ctx: MatrixContext): Promise<string> {
  const { body, contentType } = multipartBody([logoPart()]);
  const response = await ctx.t.request('/api/organization/logo', {
    method: 'POST',
    headers: { cookie: ctx.cookies.admin, 'content-type': contentType },
    body,
  });
  if (response.status !== 200) throw new Error(`fixture logo: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { organization: { logoUrl: string } }).organization.logoUrl;
}

/** A finished statement archive of the owner's: its job (succeeded) and its zip in storage. */
export async function statementArchive(ctx: MatrixContext, owner: SignedInActor): Promise<string> {
  const [row] = await ctx.t.db
    .insert(jobs)
    .values({
      kind: STATEMENT_ARCHIVE_JOB,
      ownerId: ctx.users[owner].id,
      input: { year: 2025, tz: 'UTC' },
      status: 'succeeded',
      finishedAt: new Date(),
    })
    .returning({ id: jobs.id });
  await ctx.t.deps.storage.put(archiveKeyOf(row!.id), Readable.from([Buffer.from('PK\x05\x06')]), {
    contentType: 'application/zip',
    maxBytes: 1024,
  });
  return row!.id;
}

/** A finished complete export of `owner`'s (decision 0128), its archive in storage. */
export async function exportArchive(ctx: MatrixContext, owner: SignedInActor): Promise<string> {
  const [row] = await ctx.t.db
    .insert(jobs)
    .values({
      kind: EXPORT_JOB,
      ownerId: ctx.users[owner].id,
      status: 'succeeded',
      result: { fileName: 'portal-export-2026-01-01.zip', entities: 0, rows: 0, files: 0 },
      finishedAt: new Date(),
    })
    .returning({ id: jobs.id });
  await ctx.t.deps.storage.put(exportKeyOf(row!.id), Readable.from([Buffer.from('PK\x05\x06')]), {
    contentType: 'application/zip',
    maxBytes: 1024,
  });
  return row!.id;
}

/** A few seconds of WebM (the browser test's fixture): the content check takes only real videos. */
const WEBM = readFileSync(new URL('../../e2e/fixtures/onboarding-step.webm', import.meta.url));
export const videoPart = (): MultipartPart => ({
  name: 'video',
  filename: 'matrix.webm',
  value: WEBM,
  contentType: 'video/webm',
});
/** An onboarding step the admin added (only admins manage steps), optionally with an uploaded video. */
export const onboardingStep = async (ctx: MatrixContext, { withVideo = false } = {}) => {
  const { step } = await ctx.create<{ step: { id: string } }>('admin', '/api/onboarding/steps', {
    title: `Step ${ctx.unique()}`,
  });
  if (withVideo) {
    const { body, contentType } = multipartBody([videoPart()]);
    const response = await ctx.t.request(`/api/onboarding/steps/${step.id}/video`, {
      method: 'POST',
      headers: { cookie: ctx.cookies.admin, 'content-type': contentType },
      body,
    });
    if (response.status !== 200)
      throw new Error(`fixture onboarding video: ${response.status} ${await response.text()}`);
  }
  return step.id;
};
/** Every onboarding step's id, last first: a new order that moves every step. */
export const onboardingOrderReversed = async (ctx: MatrixContext) =>
  (
    await ctx.t.db
      .select({ id: onboardingSteps.id })
      .from(onboardingSteps)
      .orderBy(desc(onboardingSteps.position), desc(onboardingSteps.createdAt), desc(onboardingSteps.id))
  ).map((r) => r.id);
