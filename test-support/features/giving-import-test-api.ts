import { expect } from 'vitest';
import type {
  ImportCommitResult,
  ImportUndoResult,
  ImportDryRun,
  ImportMapping,
  ImportUploadView,
} from '#shared/imports';
import { importStepQuery } from '#shared/imports';
import { multipartBody } from '../multipart';
import type { TestApp } from '../test-database';
import { ranToEnd } from './import-jobs';

/** The gift import's calls as a person makes them (src/server/imports, decision 0113). */
export function giftImportApi(t: TestApp) {
  const base = '/api/giving/imports';
  const upload = (cookie: string, csv: string | Buffer, fileName = 'gifts.csv') => {
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
  const step = (mapping: ImportMapping, source = 'Bank') =>
    new URLSearchParams(importStepQuery({ source, timeZone: 'UTC', mapping })).toString();
  const preview = (cookie: string, id: string, mapping: ImportMapping) =>
    t.request(`${base}/uploads/${id}/preview?${step(mapping)}`, { headers: { cookie } });
  const dryRun = async (cookie: string, id: string, mapping: ImportMapping) => {
    const response = await t.request(`${base}/uploads/${id}/dry-run?${step(mapping)}`, { headers: { cookie } });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { summary: ImportDryRun }).summary;
  };
  const commit = (cookie: string, id: string, mapping: ImportMapping, skipErrorRows = false, source = 'Bank') =>
    t.postJson(`${base}/uploads/${id}/commit`, { source, timeZone: 'UTC', mapping, skipErrorRows }, { cookie });
  /** Commits and runs the job to its end, as the runner would. */
  const committed = async (cookie: string, id: string, mapping: ImportMapping, skipErrorRows = false) =>
    ranToEnd<ImportCommitResult>(t, cookie, await commit(cookie, id, mapping, skipErrorRows));
  const undo = (cookie: string, batchId: string) =>
    t.postJson(`${base}/batches/${batchId}/undo`, undefined, { cookie });
  /** Asks for the undo and runs its job to the end (decision 0148). */
  const undone = async (cookie: string, batchId: string) =>
    ranToEnd<ImportUndoResult>(t, cookie, await undo(cookie, batchId));
  return { upload, uploaded, preview, dryRun, commit, committed, undo, undone, base };
}

export const GIFT_MAPPING: ImportMapping = {
  date: 'Date',
  amount: 'Amount',
  partnerName: 'Name',
  partnerEmail: 'Email',
  method: 'Method',
  reference: 'Ref',
  notes: 'Memo',
};
