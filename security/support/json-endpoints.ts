import type { ZodType } from 'zod';
import { signInSchema } from '#shared/schemas/auth';
import { addCoordinatorSchema, createUserSchema, setPermissionSchema } from '#shared/schemas/admin';
import { editMessageSchema, markReadSchema, sendMessageSchema } from '#shared/chat';
import { auditSettingsSchema } from '#shared/schemas/audit';
import { setRoleSchema, updateAccountSchema } from '#shared/schemas/accounts';
import { twoFactorPolicySchema } from '#shared/schemas/two-factor';
import { eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { appSettings, donations, files, forms, onboardingSteps, partners, partnerTags } from '#server/db/schema';
import { restorePassword } from './fixture-password';
import { onboardingOrderSchema, onboardingProgressSchema, onboardingStepInputSchema } from '#shared/schemas/onboarding';
import { TWO_FACTOR_POLICY_KEY } from '#server/auth/account-setup';
import { donationSchema } from '#shared/schemas/giving';
import { giftCorrectionSchema, giftVoidSchema, unlinkedLinksSchema } from '#shared/schemas/giving-ledger';
import { createFolderSchema, fileChangeSchema, folderChangeSchema, PLACEHOLDER_NAME } from '#shared/schemas/files';
import { importCommitSchema } from '#shared/imports';
import { createFormSchema, publicResponseSchema, updateFormSchema } from '#shared/schemas/forms';
import { sendFormRequestSchema } from '#shared/schemas/form-send';
import { organizationSettingsSchema } from '#shared/schemas/organization';
import { statementBatchSchema } from '#shared/schemas/giving-statements';
import { partnerMergeSchema } from '#shared/schemas/partner-merge';
import { partnerSchema } from '#shared/schemas/partners';
import { contactSchema } from '#shared/schemas/partner-contacts';
import { bulkTagSchema, partnerTagsSchema, tagSchema } from '#shared/schemas/partner-tags';
import { changePasswordSchema, notificationsSchema, profileSchema } from '#shared/schemas/settings';
import { createTaskSchema, updateTaskSchema } from '#shared/schemas/tasks';

/** Ids of objects the path-parameter endpoints act on, created once by the test. */
export interface EndpointTargets {
  coordinatorId: string;
  /** An account the account endpoints may change (role, name, email) without disturbing the others. */
  accountId: string;
  taskId: string;
  /** A chat message of the admin's (issue 23), which the edit endpoint changes. */
  messageId: number;
  partnerId: string;
  /** A partner tag (issue 20) the tag endpoints rename and apply. */
  tagId: string;
  /** A gift the correction and void endpoints act on (restored to version 1, not voided, after each). */
  giftId: string;
  /** A form of the admin's (issue 21), restored to version 1 after each accepted edit. */
  formId: string;
  /** A signed-in user without any role, whom "add coordinator" may promote. */
  plainUserEmail: string;
  /** The admin's uploaded gift CSV (Date, Amount, Name), which the commit endpoint queues. */
  giftImportUploadId: string;
  /** The admin's uploaded partner CSV (Name, Email), which the partner import's commit endpoint queues. */
  partnerImportUploadId: string;
  /** The public link's token of another form of the admin's (one text field, id 'a'), which the public endpoint answers (issue 21). */
  formToken: string;
  /** A file of the admin's in the home folder, which the file endpoint renames (issue 27). */
  fileId: string;
  /** The onboarding steps the migration inserts, in order (issue 22). */
  onboardingStepIds: string[];
}

/** The folder the folder endpoint renames to itself; an accepted random rename moves it, so it is put back. */
export const FIXTURE_FOLDER = '/Fixture_folder/';

/**
 * Every endpoint that takes a JSON body, with the zod schema the route validates it with and
 * a valid body to mutate. The property tests (input-properties.int.test.ts) send random and
 * boundary bodies to each.
 */
export interface JsonEndpoint {
  method: 'POST' | 'PUT' | 'PATCH';
  path(targets: EndpointTargets): string;
  schema: ZodType;
  valid(targets: EndpointTargets): Record<string, unknown>;
  /** better-auth's sign-in answers `{ message }` where the portal's own routes say `{ error }`. */
  errorKey?: 'message';
  /**
   * Undoes what an accepted body changed, after each request, when it would change what the
   * next requests may do (a two-factor policy switched on holds every account at a setup step).
   */
  restore?(db: Db): Promise<void>;
}

/** Every gift back at version 1 and not voided, so the next valid correction or void is accepted. */
async function restoreGifts(db: Db) {
  await db
    .update(donations)
    .set({ version: 1, voidedAt: null, voidedBy: null, voidReason: null })
    .where(sql`${donations.version} <> 1 or ${donations.voidedAt} is not null`);
}

/** Every form back at version 1, so the next valid edit (which names version 1) is accepted. */
async function restoreForms(db: Db) {
  await db
    .update(forms)
    .set({ version: 1 })
    .where(sql`${forms.version} <> 1`);
}

/** The partner the merge endpoint's valid body merges into the fixture partner, made again after each merge. */
const MERGED_FIXTURE_ID = '7d3f1c9e-5b2a-4e8f-9c61-0a2b3c4d5e6f';
export async function ensureMergedFixture(db: Db) {
  await db
    .insert(partners)
    .values({ id: MERGED_FIXTURE_ID, name: 'Fixture duplicate', email: 'f.duplicate@example.org' })
    .onConflictDoNothing();
}

export const JSON_ENDPOINTS: Record<string, JsonEndpoint> = {
  'POST /api/auth/sign-in/email': {
    method: 'POST',
    path: () => '/api/auth/sign-in/email',
    schema: signInSchema,
    valid: () => ({ email: 'nobody@example.org', password: 'not-the-password' }),
    errorKey: 'message',
  },
  'POST /api/admin/users': {
    method: 'POST',
    path: () => '/api/admin/users',
    schema: createUserSchema,
    valid: () => ({ email: 'someone-new@example.org', password: 'a long secret', fullName: 'Someone New' }),
  },
  'PUT /api/audit/settings': {
    method: 'PUT',
    path: () => '/api/audit/settings',
    schema: auditSettingsSchema,
    valid: () => ({ retentionDays: 365 }),
  },
  'PUT /api/organization': {
    method: 'PUT',
    path: () => '/api/organization',
    schema: organizationSettingsSchema,
    valid: () => ({ name: 'Grace Ministry', address: '1 Main St', statementText: 'Thank you.', currency: 'USD' }),
  },
  'PATCH /api/accounts/:id': {
    method: 'PATCH',
    path: (targets) => `/api/accounts/${targets.accountId}`,
    schema: updateAccountSchema,
    valid: () => ({ name: 'Corrected Name' }),
  },
  'PUT /api/accounts/:id/role': {
    method: 'PUT',
    path: (targets) => `/api/accounts/${targets.accountId}/role`,
    schema: setRoleSchema,
    valid: () => ({ role: 'coordinator' }),
  },
  'PUT /api/accounts/two-factor-policy': {
    method: 'PUT',
    path: () => '/api/accounts/two-factor-policy',
    schema: twoFactorPolicySchema,
    valid: () => ({ admin: false, coordinator: false }),
    // A fuzzed body may switch the policy on: the next requests would all be held at enrolment.
    restore: async (db) => {
      await db.delete(appSettings).where(eq(appSettings.key, TWO_FACTOR_POLICY_KEY));
    },
  },
  'POST /api/admin/coordinators': {
    method: 'POST',
    path: () => '/api/admin/coordinators',
    schema: addCoordinatorSchema,
    valid: (targets) => ({ email: targets.plainUserEmail }),
  },
  'PUT /api/admin/coordinators/:userId/permissions': {
    method: 'PUT',
    path: (targets) => `/api/admin/coordinators/${targets.coordinatorId}/permissions`,
    schema: setPermissionSchema,
    valid: () => ({ feature: 'partners', enabled: false }),
  },
  'PATCH /api/settings/profile': {
    method: 'PATCH',
    path: () => '/api/settings/profile',
    schema: profileSchema,
    valid: () => ({ displayName: 'Pastor Dan' }),
  },
  'PUT /api/settings/notifications': {
    method: 'PUT',
    path: () => '/api/settings/notifications',
    schema: notificationsSchema,
    valid: () => ({ donationAlerts: false }),
  },
  'POST /api/settings/password': {
    method: 'POST',
    path: () => '/api/settings/password',
    schema: changePasswordSchema,
    // A new password (the same one again is refused), put back after each request so the next
    // valid body works again.
    valid: () => ({
      currentPassword: 'admin-secret',
      newPassword: 'admin-secret-2',
      confirmPassword: 'admin-secret-2',
    }),
    restore: (db) => restorePassword(db, 'admin@example.org', 'admin-secret'),
  },
  'POST /api/chat/messages': {
    method: 'POST',
    path: () => '/api/chat/messages',
    schema: sendMessageSchema,
    valid: () => ({ chatType: 'partner', partner: 'General Partners', content: 'Hello' }),
  },
  'PATCH /api/chat/messages/:id': {
    method: 'PATCH',
    path: (targets) => `/api/chat/messages/${targets.messageId}`,
    schema: editMessageSchema,
    valid: () => ({ content: 'Hello again' }),
  },
  'POST /api/chat/read': {
    method: 'POST',
    path: () => '/api/chat/read',
    schema: markReadSchema,
    valid: (targets) => ({ chatType: 'partner', partner: 'General Partners', lastReadId: targets.messageId }),
  },
  'POST /api/tasks': {
    method: 'POST',
    path: () => '/api/tasks',
    schema: createTaskSchema,
    valid: () => ({ title: 'Call the Smiths', priority: 'high', dueDate: '2030-01-31', status: 'pending' }),
  },
  'PATCH /api/tasks/:id': {
    method: 'PATCH',
    path: (targets) => `/api/tasks/${targets.taskId}`,
    schema: updateTaskSchema,
    valid: () => ({ title: 'Call the Smiths again' }),
  },
  'POST /api/onboarding/steps': {
    method: 'POST',
    path: () => '/api/onboarding/steps',
    schema: onboardingStepInputSchema,
    valid: () => ({
      title: 'Safeguarding',
      description: 'Keeping people safe',
      videoLink: 'https://videos.example.org/a',
    }),
    // Only the migration's four steps remain (positions 1-4), so the order endpoint's body stays complete.
    restore: async (db) => {
      await db.delete(onboardingSteps).where(gt(onboardingSteps.position, 4));
    },
  },
  'PUT /api/onboarding/steps/:id': {
    method: 'PUT',
    path: (targets) => `/api/onboarding/steps/${targets.onboardingStepIds[0]}`,
    schema: onboardingStepInputSchema,
    valid: () => ({ title: 'Welcome', description: 'Start here', videoLink: 'https://videos.example.org/welcome' }),
  },
  'PUT /api/onboarding/order': {
    method: 'PUT',
    path: () => '/api/onboarding/order',
    schema: onboardingOrderSchema,
    valid: (targets) => ({ ids: [...targets.onboardingStepIds].reverse() }),
  },
  'PUT /api/onboarding/steps/:id/progress': {
    method: 'PUT',
    path: (targets) => `/api/onboarding/steps/${targets.onboardingStepIds[1]}/progress`,
    schema: onboardingProgressSchema,
    valid: () => ({ watchedSeconds: 50, durationSeconds: 100 }),
  },
  'POST /api/forms': {
    method: 'POST',
    path: () => '/api/forms',
    schema: createFormSchema,
    valid: () => ({ title: 'Prayer request', fields: [{ id: 'a', label: 'Name', type: 'text' }] }),
  },
  'POST /api/forms/:id/send': {
    method: 'POST',
    path: (targets) => `/api/forms/${targets.formId}/send`,
    schema: sendFormRequestSchema,
    valid: () => ({ recipients: [{ partnerName: 'Ruth Park', partnerEmail: 'ruth@example.org' }] }),
  },
  // No session needed (the test sends the admin's cookie, which the route ignores).
  'POST /api/public/forms/:token/responses': {
    method: 'POST',
    path: (targets) => `/api/public/forms/${targets.formToken}/responses`,
    schema: publicResponseSchema,
    valid: () => ({ answers: { a: 'Ruth Park' } }),
  },
  'PUT /api/forms/:id': {
    method: 'PUT',
    path: (targets) => `/api/forms/${targets.formId}`,
    schema: updateFormSchema,
    valid: () => ({
      version: 1,
      title: 'Prayer request',
      description: 'Tell us how to pray',
      fields: [
        { id: 'a', label: 'Name', type: 'text', required: false },
        { id: 'b', label: 'Topic', type: 'single_choice', options: ['Health', 'Family'] },
      ],
      status: 'open',
      closesAt: '2030-01-01T00:00:00Z',
      responseLimit: 100,
      thankYouMessage: 'Thank you',
    }),
    restore: restoreForms,
  },
  'POST /api/giving/donations': {
    method: 'POST',
    path: () => '/api/giving/donations',
    schema: donationSchema,
    valid: () => ({ partnerName: 'The Smiths', amount: '25.00', donationType: 'one-time', notes: 'Thanks' }),
  },
  'PATCH /api/giving/gifts/:id': {
    method: 'PATCH',
    path: (targets) => `/api/giving/gifts/${targets.giftId}`,
    schema: giftCorrectionSchema,
    valid: (targets) => ({
      partnerName: 'Fixture',
      partnerId: targets.partnerId,
      amount: '30.00',
      donationType: 'monthly',
      method: 'check',
      reference: '1042',
      notes: 'Corrected',
      date: '2026-01-15',
      timeZone: 'America/Chicago',
      version: 1,
    }),
    restore: restoreGifts,
  },
  'POST /api/giving/gifts/:id/void': {
    method: 'POST',
    path: (targets) => `/api/giving/gifts/${targets.giftId}/void`,
    schema: giftVoidSchema,
    valid: () => ({ reason: 'Recorded twice', version: 1 }),
    restore: restoreGifts,
  },
  'POST /api/giving/imports/uploads/:id/commit': {
    method: 'POST',
    path: (targets) => `/api/giving/imports/uploads/${targets.giftImportUploadId}/commit`,
    schema: importCommitSchema,
    valid: () => ({
      source: 'Bank',
      timeZone: 'UTC',
      mapping: { date: 'Date', amount: 'Amount', partnerName: 'Name' },
      skipErrorRows: false,
    }),
  },
  'POST /api/partners/imports/uploads/:id/commit': {
    method: 'POST',
    path: (targets) => `/api/partners/imports/uploads/${targets.partnerImportUploadId}/commit`,
    schema: importCommitSchema,
    valid: () => ({
      source: 'Breeze',
      timeZone: 'UTC',
      mapping: { name: 'Name', email: 'Email' },
      duplicates: 'skip',
      skipErrorRows: false,
    }),
  },
  'POST /api/giving/statements/batches': {
    method: 'POST',
    path: () => '/api/giving/statements/batches',
    schema: statementBatchSchema,
    valid: () => ({ year: 2025, tz: 'UTC' }),
  },
  'POST /api/giving/statements/emails': {
    method: 'POST',
    path: () => '/api/giving/statements/emails',
    schema: statementBatchSchema,
    valid: () => ({ year: 2025, tz: 'UTC' }),
  },
  'POST /api/giving/unlinked/link': {
    method: 'POST',
    path: () => '/api/giving/unlinked/link',
    schema: unlinkedLinksSchema,
    valid: (targets) => ({ links: [{ key: 'fixture unlinked', partnerId: targets.partnerId }] }),
    // Links the fixture's unlinked gift back out, so the next valid body finds it again.
    restore: async (db) => {
      await db
        .update(donations)
        .set({ partnerId: null, partnerName: 'Fixture unlinked' })
        .where(sql`${donations.partnerName} = 'Fixture' and ${donations.notes} = 'unlinked fixture'`);
    },
  },
  'POST /api/partners': {
    method: 'POST',
    path: () => '/api/partners',
    schema: partnerSchema,
    valid: () => ({ name: 'Ruth Miller', email: 'ruth@partners.example.org', zone: 'North' }),
  },
  'POST /api/partners/merge': {
    method: 'POST',
    path: () => '/api/partners/merge',
    schema: partnerMergeSchema,
    valid: (targets) => ({ survivorId: targets.partnerId, mergedId: MERGED_FIXTURE_ID, take: { phone: 'merged' } }),
    restore: ensureMergedFixture,
  },
  'PUT /api/partners/:id': {
    method: 'PUT',
    path: (targets) => `/api/partners/${targets.partnerId}`,
    schema: partnerSchema,
    valid: () => ({ name: 'Ruth Miller', email: 'ruth@partners.example.org', phone: '555-0100' }),
  },
  'POST /api/partners/:id/contacts': {
    method: 'POST',
    path: (targets) => `/api/partners/${targets.partnerId}/contacts`,
    schema: contactSchema,
    valid: () => ({ kind: 'call', date: '2025-05-01', body: 'Called to say thank you.', timeZone: 'UTC' }),
  },
  'POST /api/partners/tags': {
    method: 'POST',
    path: () => '/api/partners/tags',
    schema: tagSchema,
    valid: () => ({ name: 'Prayer team', colour: 'teal' }),
    // The tags it made go again (the fixture tag has no author), so the same name is free next time.
    restore: async (db) => {
      await db.delete(partnerTags).where(isNotNull(partnerTags.createdBy));
    },
  },
  'PUT /api/partners/tags/:tagId': {
    method: 'PUT',
    path: (targets) => `/api/partners/tags/${targets.tagId}`,
    schema: tagSchema,
    valid: () => ({ name: 'Fixture tag', colour: 'blue' }),
  },
  'POST /api/partners/tags/:tagId/bulk': {
    method: 'POST',
    path: (targets) => `/api/partners/tags/${targets.tagId}/bulk`,
    schema: bulkTagSchema,
    valid: () => ({ action: 'tag', filters: { q: 'Fixture', zone: 'North' } }),
  },
  'PUT /api/partners/:id/tags': {
    method: 'PUT',
    path: (targets) => `/api/partners/${targets.partnerId}/tags`,
    schema: partnerTagsSchema,
    valid: (targets) => ({ tagIds: [targets.tagId] }),
  },
  'POST /api/files/folders': {
    method: 'POST',
    path: () => '/api/files/folders',
    schema: createFolderSchema,
    valid: () => ({ parent: '/', name: 'Letters' }),
  },
  'PATCH /api/files/folders': {
    method: 'PATCH',
    path: () => '/api/files/folders',
    schema: folderChangeSchema,
    valid: () => ({ path: FIXTURE_FOLDER, name: FIXTURE_FOLDER.slice(1, -1) }),
    restore: async (db) => {
      await db
        .insert(files)
        .values({
          name: PLACEHOLDER_NAME,
          path: `fixture${FIXTURE_FOLDER}${PLACEHOLDER_NAME}`,
          folderPath: FIXTURE_FOLDER,
          size: 0,
        })
        .onConflictDoNothing();
    },
  },
  'PATCH /api/files/:id': {
    method: 'PATCH',
    path: (targets) => `/api/files/${targets.fileId}`,
    schema: fileChangeSchema,
    valid: () => ({ name: 'Fixture file.txt', folder: '/' }),
  },
};
