import { eq } from 'drizzle-orm';
import { appSettings, partners, user } from '#server/db/schema';
import {
  eventFields,
  pngPart,
  textFilePart,
  type Actor,
  type Call,
  type MatrixContext,
  type SignedInActor,
} from './matrix-context';
import {
  chatMessage,
  calendarFeedPath,
  chatAttachment,
  event,
  failedEmail,
  file,
  folder,
  contactEntry,
  form,
  formBody,
  formResponse,
  gift,
  giftCsvPart,
  GIFT_IMPORT_STEP,
  giftImportBatch,
  giftImportUpload,
  job,
  PARTNER_IMPORT_STEP,
  partnerImportBatch,
  partnerImportUpload,
  partnerCsvPart,
  logoPart,
  notification,
  onboardingOrderReversed,
  onboardingStep,
  organizationLogo,
  partner,
  partnerTag,
  publicFormToken,
  restoreFixturePassword,
  secondSession,
  statementArchive,
  exportArchive,
  task,
  unsubscribeQuery,
  videoPart,
} from './matrix-fixtures';

/**
 * The authorisation matrix's expectations: one entry per API route (method + path as the
 * router lists it). access-matrix.int.test.ts fails when the router has a route without an
 * entry here, or an entry names a route the router no longer has.
 */
export interface MatrixEntry {
  /** Who may use the route; everyone else gets the standard 401/403 refusal. */
  allowed: readonly Actor[];
  /** The status an allowed caller gets. */
  ok: number;
  /** A refusal for the anonymous caller that differs from the standard one, with its reason. */
  anonymousRefusal?: { error: string };
  /**
   * Whom a write's record names: the owner (the default), or nobody for a visitor's write that
   * needs no session (a public form's response, recorded with the address only).
   */
  recordsActor?: false;
  /**
   * A fresh, valid call. `owner` is the caller when the caller is allowed, else the admin:
   * objects the call acts on belong to them, so an allowed call on "their own" object succeeds.
   */
  prepare(ctx: MatrixContext, owner: SignedInActor): Promise<Call>;
}

/** Signed in, whatever their role: their own session, profile and password (D4: Settings for all). */
const SIGNED_IN: readonly Actor[] = ['noRole', 'removed', 'withoutFeature', 'coordinator', 'manager', 'admin'];
const EVERYONE: readonly Actor[] = ['anonymous', ...SIGNED_IN];
/** Holders of the route's feature (coordinators have it by default; withoutFeature has none). */
const FEATURE: readonly Actor[] = ['coordinator', 'manager', 'admin'];
const USER_MANAGEMENT: readonly Actor[] = ['manager', 'admin'];
const ADMIN: readonly Actor[] = ['admin'];

const get = (path: string): Call => ({ method: 'GET', path });

export const MATRIX: Record<string, MatrixEntry> = {
  'GET /api/health': { allowed: EVERYONE, ok: 200, prepare: async () => get('/api/health') },
  'GET /api/ready': { allowed: EVERYONE, ok: 200, prepare: async () => get('/api/ready') },
  'GET /api/me': { allowed: SIGNED_IN, ok: 200, prepare: async () => get('/api/me') },
  'GET /api/realtime': { allowed: SIGNED_IN, ok: 200, prepare: async () => get('/api/realtime') },

  'GET /api/settings': { allowed: SIGNED_IN, ok: 200, prepare: async () => get('/api/settings') },

  'GET /api/notifications': { allowed: SIGNED_IN, ok: 200, prepare: async () => get('/api/notifications') },
  'POST /api/notifications/read-all': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx, owner) => {
      await notification(ctx, owner);
      return { method: 'POST', path: '/api/notifications/read-all' };
    },
  },
  'POST /api/notifications/:id/read': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: `/api/notifications/${await notification(ctx, owner)}/read`,
    }),
  },
  // The unsubscribe link of notification emails: no session, its token says whose emails stop.
  'GET /api/unsubscribe': {
    allowed: EVERYONE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/unsubscribe?${unsubscribeQuery(ctx, owner)}`),
  },
  'POST /api/unsubscribe': {
    allowed: EVERYONE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'POST', path: `/api/unsubscribe?${unsubscribeQuery(ctx, owner)}` }),
  },
  'PATCH /api/settings/profile': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx) => ({ method: 'PATCH', path: '/api/settings/profile', json: { displayName: ctx.unique() } }),
  },
  'PUT /api/settings/notifications': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx, owner) => {
      const [row] = await ctx.t.db.select().from(user).where(eq(user.id, ctx.users[owner].id));
      return { method: 'PUT', path: '/api/settings/notifications', json: { donationAlerts: !row!.donationAlerts } };
    },
  },
  'POST /api/settings/password': {
    allowed: SIGNED_IN,
    ok: 200,
    // A new password for the caller (the same one again is refused), from the fixture's password,
    // put back first: an earlier allowed call changed it.
    prepare: async (ctx, owner) => {
      const { password } = ctx.users[owner];
      await restoreFixturePassword(ctx, owner);
      return {
        method: 'POST',
        path: '/api/settings/password',
        json: { currentPassword: password, newPassword: `${password}~`, confirmPassword: `${password}~` },
      };
    },
  },

  'GET /api/settings/sessions': { allowed: SIGNED_IN, ok: 200, prepare: async () => get('/api/settings/sessions') },
  'GET /api/jobs/:id': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/jobs/${await job(ctx, owner)}`),
  },
  'POST /api/jobs/:id/cancel': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'POST', path: `/api/jobs/${await job(ctx, owner)}/cancel` }),
  },
  'GET /api/settings/two-factor': { allowed: SIGNED_IN, ok: 200, prepare: async () => get('/api/settings/two-factor') },
  // Another session of the owner's (a second device) for these to end; the caller's stays.
  'POST /api/settings/sessions/end-others': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx, owner) => {
      await secondSession(ctx, owner);
      return { method: 'POST', path: '/api/settings/sessions/end-others' };
    },
  },
  'DELETE /api/settings/sessions/:id': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'DELETE',
      path: `/api/settings/sessions/${await secondSession(ctx, owner)}`,
    }),
  },

  'GET /api/admin/coordinators': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async () => get('/api/admin/coordinators'),
  },
  'GET /api/email/outbox': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/email/outbox') },
  'GET /api/email/outbox/:id': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => get(`/api/email/outbox/${await failedEmail(ctx)}`),
  },
  'POST /api/email/outbox/:id/retry': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({ method: 'POST', path: `/api/email/outbox/${await failedEmail(ctx)}/retry` }),
  },
  'GET /api/audit': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/audit?action=task.created') },
  'GET /api/audit/facets': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/audit/facets') },
  'GET /api/audit/export': {
    allowed: ADMIN,
    ok: 200,
    prepare: async () => get('/api/audit/export?action=task.created'),
  },
  // The complete export (issue 25 item 4, decision 0128): admins, and a download for its requester alone.
  'POST /api/export': { allowed: ADMIN, ok: 201, prepare: async () => ({ method: 'POST', path: '/api/export' }) },
  'GET /api/export/latest': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/export/latest') },
  'GET /api/export/:jobId/download': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/export/${await exportArchive(ctx, owner)}/download`),
  },
  'GET /api/audit/settings': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/audit/settings') },
  'PUT /api/audit/settings': {
    allowed: ADMIN,
    ok: 200,
    // Alternates, so each allowed call changes the setting.
    prepare: async (ctx) => {
      const [current] = await ctx.t.db.select().from(appSettings).where(eq(appSettings.key, 'audit_retention_days'));
      return { method: 'PUT', path: '/api/audit/settings', json: { retentionDays: current ? null : 365 } };
    },
  },
  // The ministry's details: everyone signed in reads them (name, currency); admins change them.
  'GET /api/organization': { allowed: SIGNED_IN, ok: 200, prepare: async () => get('/api/organization') },
  'PUT /api/organization': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PUT',
      path: '/api/organization',
      json: { name: `Ministry ${ctx.unique()}`, address: '1 Main St', statementText: 'Thank you.', currency: 'USD' },
    }),
  },
  'POST /api/organization/logo': {
    allowed: ADMIN,
    ok: 200,
    prepare: async () => ({ method: 'POST', path: '/api/organization/logo', multipart: [logoPart()] }),
  },
  'DELETE /api/organization/logo': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => {
      await organizationLogo(ctx);
      return { method: 'DELETE', path: '/api/organization/logo' };
    },
  },
  'GET /api/organization/logo/:id': {
    allowed: SIGNED_IN,
    ok: 200,
    prepare: async (ctx) => get(await organizationLogo(ctx)),
  },
  'GET /api/accounts': { allowed: USER_MANAGEMENT, ok: 200, prepare: async () => get('/api/accounts?q=example') },
  'PATCH /api/accounts/:id': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PATCH',
      path: `/api/accounts/${(await ctx.freshUser('coordinator')).id}`,
      json: { name: 'Corrected Name' },
    }),
  },
  'POST /api/accounts/:id/deactivate': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/accounts/${(await ctx.freshUser('coordinator')).id}/deactivate`,
    }),
  },
  'POST /api/accounts/:id/reactivate': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => {
      const person = await ctx.freshUser('coordinator');
      await ctx.t.db.update(user).set({ deactivatedAt: new Date() }).where(eq(user.id, person.id));
      return { method: 'POST', path: `/api/accounts/${person.id}/reactivate` };
    },
  },
  'PUT /api/accounts/:id/role': {
    // Roles are for admins: a coordinator with user management is refused (and logged).
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PUT',
      path: `/api/accounts/${(await ctx.freshUser()).id}/role`,
      json: { role: 'coordinator' },
    }),
  },
  'POST /api/accounts/:id/password-reset': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/accounts/${(await ctx.freshUser('coordinator')).id}/password-reset`,
    }),
  },
  'POST /api/accounts/:id/temporary-password': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/accounts/${(await ctx.freshUser('coordinator')).id}/temporary-password`,
    }),
  },
  'POST /api/accounts/:id/two-factor-reset': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => {
      const person = await ctx.freshUser('coordinator');
      await ctx.t.db.update(user).set({ twoFactorEnabled: true }).where(eq(user.id, person.id));
      return { method: 'POST', path: `/api/accounts/${person.id}/two-factor-reset` };
    },
  },
  'GET /api/accounts/two-factor-policy': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async () => get('/api/accounts/two-factor-policy'),
  },
  'PUT /api/accounts/two-factor-policy': {
    // Admins only. Kept off: a policy the matrix's own accounts have not met would hold them at
    // the enrolment step (two-factor.int.test.ts covers that).
    allowed: ADMIN,
    ok: 200,
    prepare: async () => ({
      method: 'PUT',
      path: '/api/accounts/two-factor-policy',
      json: { admin: false, coordinator: false },
    }),
  },
  'POST /api/admin/users': {
    allowed: USER_MANAGEMENT,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/admin/users',
      json: { email: `${ctx.unique()}@example.org`, password: 'created-secret', fullName: 'Created' },
    }),
  },
  'POST /api/admin/coordinators': {
    allowed: USER_MANAGEMENT,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/admin/coordinators',
      json: { email: (await ctx.freshUser()).email },
    }),
  },
  'PUT /api/admin/coordinators/:userId/permissions': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PUT',
      path: `/api/admin/coordinators/${(await ctx.freshUser('coordinator')).id}/permissions`,
      json: { feature: 'partners', enabled: false },
    }),
  },
  'DELETE /api/admin/coordinators/:userId': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'DELETE',
      path: `/api/admin/coordinators/${(await ctx.freshUser('coordinator')).id}`,
    }),
  },

  'GET /api/chat/messages': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => get('/api/chat/messages?chatType=partner&partner=General%20Partners'),
  },
  'POST /api/chat/messages': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/chat/messages',
      json: { chatType: 'partner', partner: 'General Partners', content: `Hello ${ctx.unique()}` },
    }),
  },
  'GET /api/chat/cardholders': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/chat/cardholders') },
  // Own messages only (issue 23): the owner is the caller when allowed, so their own edit succeeds.
  'PATCH /api/chat/messages/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PATCH',
      path: `/api/chat/messages/${await chatMessage(ctx, owner)}`,
      json: { content: `Edited ${ctx.unique()}` },
    }),
  },
  'DELETE /api/chat/messages/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'DELETE', path: `/api/chat/messages/${await chatMessage(ctx, owner)}` }),
  },
  'GET /api/chat/unread': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/chat/unread') },
  'POST /api/chat/read': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: '/api/chat/read',
      json: { chatType: 'partner', partner: 'General Partners', lastReadId: await chatMessage(ctx, owner) },
    }),
  },
  'GET /api/chat/members': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => get('/api/chat/members?chatType=partner&partner=General%20Partners'),
  },
  'GET /api/chat/attachments/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/chat/attachments/${await chatAttachment(ctx, owner)}`),
  },
  'GET /api/chat/search': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/chat/search?q=hello') },

  'GET /api/tasks': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/tasks') },
  'GET /api/tasks/assignees': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/tasks/assignees') },
  'POST /api/tasks': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({ method: 'POST', path: '/api/tasks', json: { title: `Task ${ctx.unique()}` } }),
  },
  'PATCH /api/tasks/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PATCH',
      path: `/api/tasks/${await task(ctx, owner)}`,
      json: { title: `Renamed ${ctx.unique()}` },
    }),
  },
  'DELETE /api/tasks/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'DELETE', path: `/api/tasks/${await task(ctx, owner)}` }),
  },

  'GET /api/forms': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/forms') },
  'GET /api/forms/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/forms/${await form(ctx, owner)}`),
  },
  'POST /api/forms': {
    allowed: FEATURE,
    ok: 201,
    // The builder's own wording for a signed-out save (SPEC section 5), still no data.
    anonymousRefusal: { error: 'You must be logged in to create forms' },
    prepare: async (ctx) => ({ method: 'POST', path: '/api/forms', json: formBody(ctx) }),
  },
  'DELETE /api/forms/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'DELETE', path: `/api/forms/${await form(ctx, owner)}` }),
  },
  // Send to Partners (issue 21): typed recipients need only `more` (partners from the directory need `partners` too).
  'POST /api/forms/:id/send': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: `/api/forms/${await form(ctx, owner)}/send`,
      json: { recipients: [{ partnerName: 'Matrix Recipient', partnerEmail: `${ctx.unique()}@example.org` }] },
    }),
  },
  // The public form page (issue 21): no session, the link's token names the form.
  'GET /api/public/forms/:token': {
    allowed: EVERYONE,
    ok: 200,
    prepare: async (ctx) => get(`/api/public/forms/${await publicFormToken(ctx)}`),
  },
  'POST /api/public/forms/:token/responses': {
    allowed: EVERYONE,
    ok: 201,
    recordsActor: false,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/public/forms/${await publicFormToken(ctx)}/responses`,
      json: { answers: { f1: 'Matrix answer' } },
    }),
  },
  // Issue 21: the owner is the form's creator, who may change it (others with 'more' get 403).
  'PUT /api/forms/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PUT',
      path: `/api/forms/${await form(ctx, owner)}`,
      json: {
        ...formBody(ctx),
        version: 1,
        status: 'closed',
        closesAt: null,
        responseLimit: 10,
        thankYouMessage: null,
      },
    }),
  },
  'POST /api/forms/:id/link': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'POST', path: `/api/forms/${await form(ctx, owner)}/link` }),
  },
  'GET /api/forms/:id/responses': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/forms/${(await formResponse(ctx, owner)).formId}/responses`),
  },
  'GET /api/forms/:id/responses/summary': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/forms/${(await formResponse(ctx, owner)).formId}/responses/summary`),
  },
  'GET /api/forms/:id/responses.csv': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/forms/${(await formResponse(ctx, owner)).formId}/responses.csv`),
  },
  'DELETE /api/forms/:id/responses/:responseId': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => {
      const { formId, responseId } = await formResponse(ctx, owner);
      return { method: 'DELETE', path: `/api/forms/${formId}/responses/${responseId}` };
    },
  },

  'GET /api/dashboard/summary': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => get('/api/dashboard/summary?tz=UTC'),
  },
  // Giving: adding a gift is the dashboard's (admins); the partner type-ahead and single gifts need
  // Giving Records (D12), which coordinators and managers lack unless an admin switches it on.
  'GET /api/giving/partner-options': {
    allowed: ADMIN,
    ok: 200,
    prepare: async () => get('/api/giving/partner-options?q=Partner'),
  },
  'POST /api/giving/donations': {
    allowed: ADMIN,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/giving/donations',
      json: { partnerName: `Donor ${ctx.unique()}`, amount: '25.00', donationType: 'one-time' },
    }),
  },
  'GET /api/giving/partners/:id/donations': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/giving/partners/${await partner(ctx, owner)}/donations`),
  },
  'GET /api/giving/unlinked': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/giving/unlinked') },
  'POST /api/giving/unlinked/link': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => {
      // A gift typed under a partner's exact name, not picked, is linked at once; a name no
      // partner has stays without one, ready to be linked here.
      const name = `Walk-in ${ctx.unique()}`;
      await ctx.create('admin', '/api/giving/donations', {
        partnerName: name,
        amount: '5.00',
        donationType: 'one-time',
      });
      return {
        method: 'POST',
        path: '/api/giving/unlinked/link',
        json: { links: [{ key: name.toLowerCase(), partnerId: await partner(ctx, 'admin') }] },
      };
    },
  },
  'GET /api/giving/insights': {
    allowed: ADMIN,
    ok: 200,
    prepare: async () => get('/api/giving/insights?tz=America/Chicago'),
  },
  'GET /api/giving/gifts': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/giving/gifts?type=one-time') },
  'GET /api/giving/gifts.csv': { allowed: ADMIN, ok: 200, prepare: async () => get('/api/giving/gifts.csv?tz=UTC') },
  'GET /api/giving/gifts/:id/history': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => get(`/api/giving/gifts/${await gift(ctx)}/history`),
  },
  'POST /api/giving/imports/uploads': {
    allowed: ADMIN,
    ok: 201,
    prepare: async (ctx) => ({ method: 'POST', path: '/api/giving/imports/uploads', multipart: [giftCsvPart(ctx)] }),
  },
  'DELETE /api/giving/imports/uploads/:id': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'DELETE',
      path: `/api/giving/imports/uploads/${await giftImportUpload(ctx, owner)}`,
    }),
  },
  'GET /api/giving/imports/sources': {
    allowed: ADMIN,
    ok: 200,
    prepare: async () => get('/api/giving/imports/sources'),
  },
  'GET /api/giving/imports/uploads/:id/mapping': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) =>
      get(`/api/giving/imports/uploads/${await giftImportUpload(ctx, owner)}/mapping?source=Bank`),
  },
  'GET /api/giving/imports/uploads/:id/preview': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) =>
      get(`/api/giving/imports/uploads/${await giftImportUpload(ctx, owner)}/preview?${GIFT_IMPORT_STEP}`),
  },
  'GET /api/giving/imports/uploads/:id/dry-run': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) =>
      get(`/api/giving/imports/uploads/${await giftImportUpload(ctx, owner)}/dry-run?${GIFT_IMPORT_STEP}`),
  },
  'POST /api/giving/imports/uploads/:id/commit': {
    allowed: ADMIN,
    ok: 202,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: `/api/giving/imports/uploads/${await giftImportUpload(ctx, owner)}/commit`,
      json: { source: 'Bank', timeZone: 'UTC', mapping: { date: 'Date', amount: 'Amount', partnerName: 'Name' } },
    }),
  },
  'GET /api/giving/imports/batches': {
    allowed: ADMIN,
    ok: 200,
    prepare: async () => get('/api/giving/imports/batches'),
  },
  'POST /api/giving/imports/batches/:id/undo': {
    allowed: ADMIN,
    ok: 202,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/giving/imports/batches/${await giftImportBatch(ctx)}/undo`,
    }),
  },
  'POST /api/partners/imports/uploads': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/partners/imports/uploads',
      multipart: [partnerCsvPart(ctx)],
    }),
  },
  'DELETE /api/partners/imports/uploads/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'DELETE',
      path: `/api/partners/imports/uploads/${await partnerImportUpload(ctx, owner)}`,
    }),
  },
  'GET /api/partners/imports/sources': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => get('/api/partners/imports/sources'),
  },
  'GET /api/partners/imports/uploads/:id/mapping': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) =>
      get(`/api/partners/imports/uploads/${await partnerImportUpload(ctx, owner)}/mapping?source=Breeze`),
  },
  'GET /api/partners/imports/uploads/:id/preview': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) =>
      get(`/api/partners/imports/uploads/${await partnerImportUpload(ctx, owner)}/preview?${PARTNER_IMPORT_STEP}`),
  },
  'GET /api/partners/imports/uploads/:id/dry-run': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) =>
      get(`/api/partners/imports/uploads/${await partnerImportUpload(ctx, owner)}/dry-run?${PARTNER_IMPORT_STEP}`),
  },
  'POST /api/partners/imports/uploads/:id/commit': {
    allowed: FEATURE,
    ok: 202,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: `/api/partners/imports/uploads/${await partnerImportUpload(ctx, owner)}/commit`,
      json: { source: 'Breeze', timeZone: 'UTC', mapping: { name: 'Name', email: 'Email' }, duplicates: 'fill' },
    }),
  },
  'GET /api/partners/imports/batches': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => get('/api/partners/imports/batches'),
  },
  'POST /api/partners/imports/batches/:id/undo': {
    allowed: FEATURE,
    ok: 202,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/partners/imports/batches/${await partnerImportBatch(ctx)}/undo`,
    }),
  },
  'PATCH /api/giving/gifts/:id': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PATCH',
      path: `/api/giving/gifts/${await gift(ctx)}`,
      json: {
        partnerName: `Donor ${ctx.unique()}`,
        amount: '30.00',
        donationType: 'monthly',
        date: '2026-01-15',
        timeZone: 'UTC',
        version: 1,
      },
    }),
  },
  'POST /api/giving/gifts/:id/void': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/giving/gifts/${await gift(ctx)}/void`,
      json: { reason: 'Recorded twice', version: 1 },
    }),
  },

  // Year-end statements (issue 19 item 4): Giving Records.
  'GET /api/giving/statements/:id': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/giving/statements/${await partner(ctx, owner)}?year=2025&tz=UTC`),
  },
  'GET /api/giving/statements/recipients': {
    allowed: ADMIN,
    ok: 200,
    prepare: async () => get('/api/giving/statements/recipients?year=2025'),
  },
  'POST /api/giving/statements/batches': {
    allowed: ADMIN,
    ok: 201,
    prepare: async () => ({ method: 'POST', path: '/api/giving/statements/batches', json: { year: 2025, tz: 'UTC' } }),
  },
  'POST /api/giving/statements/emails': {
    allowed: ADMIN,
    ok: 201,
    prepare: async () => ({ method: 'POST', path: '/api/giving/statements/emails', json: { year: 2025, tz: 'UTC' } }),
  },
  'GET /api/giving/statements/batches/:jobId/download': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/giving/statements/batches/${await statementArchive(ctx, owner)}/download`),
  },

  'GET /api/partners': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/partners') },
  'GET /api/partners/zones': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/partners/zones') },
  'GET /api/partners/with-email': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => get('/api/partners/with-email?email=someone%40example.org'),
  },
  'POST /api/partners': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/partners',
      json: { name: `Partner ${ctx.unique()}`, email: `${ctx.unique()}@partners.example.org` },
    }),
  },
  'POST /api/partners/merge': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: '/api/partners/merge',
      json: { survivorId: await partner(ctx, owner), mergedId: await partner(ctx, owner), take: { email: 'merged' } },
    }),
  },
  'GET /api/partners/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/partners/${await partner(ctx, owner)}`),
  },
  'PUT /api/partners/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PUT',
      path: `/api/partners/${await partner(ctx, owner)}`,
      json: { name: `Renamed ${ctx.unique()}`, email: `${ctx.unique()}@partners.example.org` },
    }),
  },
  // A partner's relationship (issue 20): coordinators and managers hold partners and tasks by default.
  'GET /api/partners/:id/timeline': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/partners/${await partner(ctx, owner)}/timeline`),
  },
  'POST /api/partners/:id/contacts': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: `/api/partners/${await partner(ctx, owner)}/contacts`,
      json: { kind: 'call', date: '2025-05-01', body: `Called ${ctx.unique()}`, timeZone: 'UTC' },
    }),
  },
  'DELETE /api/partners/:id/contacts/:contactId': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => {
      const { partnerId, contactId } = await contactEntry(ctx, owner);
      return { method: 'DELETE', path: `/api/partners/${partnerId}/contacts/${contactId}` };
    },
  },
  'GET /api/partners/:id/tasks': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/partners/${await partner(ctx, owner)}/tasks`),
  },
  // Issue 20: tags for everyone with partners (docs/decisions/0021); archive and delete for admins.
  'GET /api/partners/tags': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/partners/tags') },
  'POST /api/partners/tags': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({ method: 'POST', path: '/api/partners/tags', json: { name: `Tag ${ctx.unique()}` } }),
  },
  'PUT /api/partners/tags/:tagId': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PUT',
      path: `/api/partners/tags/${await partnerTag(ctx, owner)}`,
      json: { name: `Renamed ${ctx.unique()}`, colour: 'teal' },
    }),
  },
  'DELETE /api/partners/tags/:tagId': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'DELETE', path: `/api/partners/tags/${await partnerTag(ctx, owner)}` }),
  },
  'POST /api/partners/tags/:tagId/bulk': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'POST',
      path: `/api/partners/tags/${await partnerTag(ctx, owner)}/bulk`,
      json: { action: 'tag', filters: { q: 'Partner' } },
    }),
  },
  'GET /api/partners/count': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/partners/count?zone=North') },
  'GET /api/partners/export.csv': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/partners/export.csv') },
  'PUT /api/partners/:id/tags': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PUT',
      path: `/api/partners/${await partner(ctx, owner)}/tags`,
      json: { tagIds: [await partnerTag(ctx, owner)] },
    }),
  },
  'POST /api/partners/:id/archive': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'POST', path: `/api/partners/${await partner(ctx, owner)}/archive` }),
  },
  'POST /api/partners/:id/unarchive': {
    allowed: ADMIN,
    ok: 200,
    // An archived partner: bringing back one that is not archived changes nothing.
    prepare: async (ctx, owner) => {
      const id = await partner(ctx, owner);
      await ctx.t.db.update(partners).set({ archivedAt: new Date() }).where(eq(partners.id, id));
      return { method: 'POST', path: `/api/partners/${id}/unarchive` };
    },
  },
  'DELETE /api/partners/:id': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'DELETE', path: `/api/partners/${await partner(ctx, owner)}` }),
  },
  'GET /api/calendar/events': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/calendar/events') },
  'POST /api/calendar/events': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/calendar/events',
      multipart: [...eventFields(`Event ${ctx.unique()}`), pngPart()],
    }),
  },
  'PUT /api/calendar/events/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PUT',
      path: `/api/calendar/events/${(await event(ctx, owner)).id}`,
      multipart: eventFields(`Moved ${ctx.unique()}`),
    }),
  },
  'GET /api/calendar/images/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get((await event(ctx, owner)).imageUrl!),
  },
  'GET /api/calendar/occurrences': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => get('/api/calendar/occurrences?from=2030-03-01T00%3A00%3A00Z&to=2030-04-01T00%3A00%3A00Z'),
  },
  'DELETE /api/calendar/events/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'DELETE', path: `/api/calendar/events/${(await event(ctx, owner)).id}` }),
  },
  'GET /api/calendar/events/:id/ics': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/calendar/events/${(await event(ctx, owner)).id}/ics`),
  },
  'GET /api/calendar/feed': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/calendar/feed') },
  'POST /api/calendar/feed/renew': {
    allowed: FEATURE,
    ok: 200,
    prepare: async () => ({ method: 'POST', path: '/api/calendar/feed/renew' }),
  },
  // A calendar feed (issue 22): public with its token (calendar apps have no session); the
  // token is the admin's, whose feed it stays whoever asks.
  'GET /api/calendar/feed/:file': {
    allowed: EVERYONE,
    ok: 200,
    prepare: async (ctx) => get(await calendarFeedPath(ctx)),
  },

  // Onboarding (issue 22, decision 0122): holders of `more` read, stream and report their own
  // progress; only admins manage the steps; User Management reads everyone's progress.
  'GET /api/onboarding': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/onboarding') },
  'GET /api/onboarding/people': {
    allowed: USER_MANAGEMENT,
    ok: 200,
    prepare: async () => get('/api/onboarding/people'),
  },
  'POST /api/onboarding/steps': {
    allowed: ADMIN,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/onboarding/steps',
      json: { title: `Step ${ctx.unique()}` },
    }),
  },
  'PUT /api/onboarding/steps/:id': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PUT',
      path: `/api/onboarding/steps/${await onboardingStep(ctx)}`,
      json: { title: `Renamed ${ctx.unique()}`, videoLink: 'https://videos.example.org/matrix' },
    }),
  },
  'DELETE /api/onboarding/steps/:id': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({ method: 'DELETE', path: `/api/onboarding/steps/${await onboardingStep(ctx)}` }),
  },
  'PUT /api/onboarding/order': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PUT',
      path: '/api/onboarding/order',
      json: { ids: await onboardingOrderReversed(ctx) },
    }),
  },
  'POST /api/onboarding/steps/:id/video': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'POST',
      path: `/api/onboarding/steps/${await onboardingStep(ctx)}/video`,
      multipart: [videoPart()],
    }),
  },
  'DELETE /api/onboarding/steps/:id/video': {
    allowed: ADMIN,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'DELETE',
      path: `/api/onboarding/steps/${await onboardingStep(ctx, { withVideo: true })}/video`,
    }),
  },
  'GET /api/onboarding/steps/:id/video': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx) => get(`/api/onboarding/steps/${await onboardingStep(ctx, { withVideo: true })}/video`),
  },
  'PUT /api/onboarding/steps/:id/progress': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx) => ({
      method: 'PUT',
      path: `/api/onboarding/steps/${await onboardingStep(ctx)}/progress`,
      json: { watchedSeconds: 95, durationSeconds: 100 },
    }),
  },
  'POST /api/onboarding/steps/:id/done': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx) => ({ method: 'POST', path: `/api/onboarding/steps/${await onboardingStep(ctx)}/done` }),
  },

  'GET /api/files': { allowed: FEATURE, ok: 200, prepare: async () => get('/api/files?folder=%2F') },
  'POST /api/files/folders': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({ method: 'POST', path: '/api/files/folders', json: { parent: '/', name: ctx.unique() } }),
  },
  'POST /api/files': {
    allowed: FEATURE,
    ok: 201,
    prepare: async (ctx) => ({
      method: 'POST',
      path: '/api/files?folder=%2F',
      multipart: [textFilePart(`${ctx.unique()}.txt`)],
    }),
  },
  'GET /api/files/:id/download': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/files/${await file(ctx, owner)}/download`),
  },
  'GET /api/files/:id/preview': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => get(`/api/files/${await file(ctx, owner)}/preview`),
  },
  'DELETE /api/files/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({ method: 'DELETE', path: `/api/files/${await file(ctx, owner)}` }),
  },
  'PATCH /api/files/:id': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PATCH',
      path: `/api/files/${await file(ctx, owner)}`,
      json: { name: `${ctx.unique()}.txt` },
    }),
  },
  'PATCH /api/files/folders': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'PATCH',
      path: '/api/files/folders',
      json: { path: await folder(ctx, owner), name: ctx.unique() },
    }),
  },
  'GET /api/files/folders/summary': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) =>
      get(`/api/files/folders/summary?path=${encodeURIComponent(await folder(ctx, owner))}`),
  },
  'DELETE /api/files/folders': {
    allowed: FEATURE,
    ok: 200,
    prepare: async (ctx, owner) => ({
      method: 'DELETE',
      path: `/api/files/folders?path=${encodeURIComponent(await folder(ctx, owner))}`,
    }),
  },
};

/**
 * Router entries that are not API endpoints of their own, each with the reason it is left
 * out. Only middleware (`ALL`) and routes outside /api may be listed; a route the router gains
 * that is in neither table fails the test.
 */
export const NOT_IN_MATRIX: Record<string, string> = {
  'ALL /*': 'middleware for every path: restart refusal, security headers, client address',
  'ALL /assets/*': "middleware: the built web client's hashed files are cacheable",
  'ALL /sw.js': 'middleware: the service worker is revalidated on every load (decision 0129), public, holds no data',
  'ALL /manifest.webmanifest':
    "middleware: the web app manifest's type and revalidation (decision 0129), public, holds no data",
  'GET /*': 'the web client (static files and the SPA fallback): public, holds no data',
  'GET /assets/*': "the web client: 404 for a built file that is not there (an old build's), public, holds no data",
  'ALL /api/*': 'middleware (origin guard, session) and the 404 for unknown API paths',
  'ALL /api/auth/*':
    'better-auth: sign-in, sign-out and, with email on, the password-reset request and reset answer, all open to anyone by design, and GET /options (auth.int.test.ts, sign-in-throttle.int.test.ts, password-reset.int.test.ts); the two-factor endpoints, which check their own session or sign-in challenge (two-factor.int.test.ts)',
  'ALL /api/admin/*': "the admin router's user_management guard",
  'ALL /api/email/*': "the email router's user_management and admin-role guard",
  'ALL /api/audit/*': "the audit router's refusal log, user_management and admin-role guard",
  'ALL /api/export/*': "the export router's refusal log, user_management and admin-role guard",
  'ALL /api/accounts/*': "the accounts router's refusal log and user_management guard",
  'ALL /api/settings/*': "the settings router's signed-in guard",
  'ALL /api/organization/*': "the organization router's signed-in guard",
  'ALL /api/giving/statements/*': "the statements router's Giving Records guard",
  'ALL /api/notifications/*': "the notifications router's signed-in guard",
  'ALL /api/jobs/*': "the jobs router's signed-in guard",
  'ALL /api/chat/*': "the chat router's feature guard",
  'ALL /api/tasks/*': "the tasks router's feature guard",
  'ALL /api/dashboard/*': "the dashboard router's feature guard",
  'ALL /api/partners/*': "the partners router's feature guard",
  'ALL /api/calendar/*': "the calendar router's feature guard",
  'ALL /api/files/*': "the files router's feature guard",
  'ALL /api/giving/imports/*': "the gift import router's Giving Records guard (the shared import pipeline)",
  'ALL /api/partners/imports/*': "the partner import router's partners guard (the shared import pipeline)",
};
