import { expect } from 'vitest';
import { donations, importUploads, partners, partnerTags } from '#server/db/schema';
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
import type { TestApp } from '../test-database';
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
