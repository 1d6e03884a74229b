import { count, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  coordinatorPermissions,
  donations,
  importUploads,
  partnerImportChanges,
  partners,
  partnerTagLinks,
  partnerTags,
} from '#server/db/schema';
import type {
  DuplicateMode,
  ImportCommitResult,
  ImportUndoResult,
  ImportDryRun,
  ImportMapping,
  ImportPreviewRow,
  ImportUploadView,
} from '#shared/imports';
import { importStepQuery } from '#shared/imports';
import { multipartBody } from '../multipart';
import { createTestApp, type TestApp, type TestDatabaseTarget } from '../test-database';
import { ranToEnd } from './import-jobs';

/** Removes what a partner import test wrote (partners, their gifts and tags, uploads), for the next test. */
export async function clearPartnerImports(t: TestApp) {
  await t.db.delete(donations);
  await t.db.delete(partners);
  await t.db.delete(partnerTags);
  await t.db.delete(importUploads);
  for await (const object of t.deps.storage.list('imports')) await t.deps.storage.delete(object.key);
}

/** The partner import's calls as a person makes them (src/server/imports, decision 0117). */
export function partnerImportApi(t: TestApp) {
  const base = '/api/partners/imports';
  const upload = (cookie: string, csv: string | Buffer, fileName = 'partners.csv') => {
    const { body, contentType } = multipartBody([
      { name: 'file', filename: fileName, value: csv, contentType: 'text/csv' },
    ]);
    return t.request(`${base}/uploads`, { method: 'POST', headers: { cookie, 'content-type': contentType }, body });
  };
  const uploaded = async (cookie: string, csv: string | Buffer) => {
    const response = await upload(cookie, csv);
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { upload: ImportUploadView }).upload;
  };
  const step = (mapping: ImportMapping, duplicates: DuplicateMode) =>
    new URLSearchParams(
      importStepQuery({ source: 'Planning Center', timeZone: 'UTC', mapping, duplicates }),
    ).toString();
  const preview = async (cookie: string, id: string, mapping: ImportMapping, duplicates: DuplicateMode = 'skip') => {
    const response = await t.request(`${base}/uploads/${id}/preview?${step(mapping, duplicates)}`, {
      headers: { cookie },
    });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { rows: ImportPreviewRow[] }).rows;
  };
  const dryRunResponse = (cookie: string, id: string, mapping: ImportMapping, duplicates: DuplicateMode = 'skip') =>
    t.request(`${base}/uploads/${id}/dry-run?${step(mapping, duplicates)}`, { headers: { cookie } });
  const dryRun = async (cookie: string, id: string, mapping: ImportMapping, duplicates: DuplicateMode = 'skip') => {
    const response = await dryRunResponse(cookie, id, mapping, duplicates);
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { summary: ImportDryRun }).summary;
  };
  /** Commits and runs the job to its end, as the runner would. */
  const committed = async (
    cookie: string,
    id: string,
    mapping: ImportMapping,
    duplicates: DuplicateMode = 'skip',
    skipErrorRows = false,
  ) =>
    ranToEnd<ImportCommitResult>(
      t,
      cookie,
      await t.postJson(
        `${base}/uploads/${id}/commit`,
        { source: 'Planning Center', timeZone: 'UTC', mapping, duplicates, skipErrorRows },
        { cookie },
      ),
    );
  const undo = (cookie: string, batchId: string) =>
    t.postJson(`${base}/batches/${batchId}/undo`, undefined, { cookie });
  /** Asks for the undo and runs its job to the end (decision 0148). */
  const undone = async (cookie: string, batchId: string) =>
    ranToEnd<ImportUndoResult>(t, cookie, await undo(cookie, batchId));
  return { upload, uploaded, preview, dryRun, dryRunResponse, committed, undo, undone, base };
}

/** The calls partnerImportApi gives. */
export type PartnerImportApi = ReturnType<typeof partnerImportApi>;

/** What openPartnerImportFixture opens: the app, the import's calls and three sessions. */
export interface PartnerImportFixture {
  t: TestApp;
  api: PartnerImportApi;
  /** Sessions: an admin, a coordinator, and a coordinator with the partners switch off. */
  cookies: { admin: string; coordinator: string; outsider: string };
}

/** A test app with the import's calls and three people signed in; the caller closes `t`. */
export async function openPartnerImportFixture(target: TestDatabaseTarget): Promise<PartnerImportFixture> {
  const t = await createTestApp(target);
  const api = partnerImportApi(t);
  await t.createUser({ email: 'pastor@example.org', password: 'admin-secret', role: 'admin' });
  await t.createUser({ email: 'helper@example.org', password: 'helper-secret', role: 'coordinator' });
  const noPartners = await t.createUser({
    email: 'other@example.org',
    password: 'other-secret',
    role: 'coordinator',
  });
  await t.db
    .insert(coordinatorPermissions)
    .values({ userId: noPartners.id, feature: 'partners', enabled: false })
    .onConflictDoUpdate({
      target: [coordinatorPermissions.userId, coordinatorPermissions.feature],
      set: { enabled: false },
    });
  const cookies = {
    admin: await t.signIn('pastor@example.org', 'admin-secret'),
    coordinator: await t.signIn('helper@example.org', 'helper-secret'),
    outsider: await t.signIn('other@example.org', 'other-secret'),
  };
  return { t, api, cookies };
}

type Partner = typeof partners.$inferInsert;

/** Reads and seeds partners and tags in the app `app()` returns (a function, as suites open it in beforeAll). */
export function partnerImportRecords(app: () => TestApp) {
  /** Everything a partner import may touch, as text (when partners were last edited only if asked). */
  const state = async (withEditTimes = true) =>
    JSON.stringify({
      partners: (await app().db.select().from(partners).orderBy(partners.id)).map(({ updatedAt, ...p }) =>
        withEditTimes ? { ...p, updatedAt } : p,
      ),
      tags: await app().db.select().from(partnerTags).orderBy(partnerTags.id),
      links: await app().db.select().from(partnerTagLinks).orderBy(partnerTagLinks.partnerId, partnerTagLinks.tagId),
      changes: await app().db.select().from(partnerImportChanges),
    });
  const partnerCount = async () => (await app().db.select({ n: count() }).from(partners))[0]!.n;
  const stored = (values: Partial<Partner> & { name: string; email: string }) =>
    app()
      .db.insert(partners)
      .values(values as Partner)
      .returning()
      .then((rows) => rows[0]!);
  const tagsOf = async (partnerId: string) =>
    (
      await app()
        .db.select({ name: partnerTags.name })
        .from(partnerTagLinks)
        .innerJoin(partnerTags, eq(partnerTags.id, partnerTagLinks.tagId))
        .where(eq(partnerTagLinks.partnerId, partnerId))
    )
      .map((r) => r.name)
      .sort();
  return { state, partnerCount, stored, tagsOf };
}

/** A Planning Center People export's columns, as the importer maps them. */
export const PCO_HEADER = 'First Name,Last Name,Home Email,Mobile Phone,Home Address City,Status,Tags,Notes';
export const PCO_MAPPING: ImportMapping = {
  firstName: 'First Name',
  lastName: 'Last Name',
  email: 'Home Email',
  phone: 'Mobile Phone',
  location: 'Home Address City',
  status: 'Status',
  tags: 'Tags',
  notes: 'Notes',
};
