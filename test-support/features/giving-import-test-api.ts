import { expect } from 'vitest';
import type { ImportCommitResult, ImportDryRun, ImportMapping, ImportUploadView } from '#shared/imports';
import { importStepQuery } from '#shared/imports';
import type { JobView } from '#shared/jobs';
import { multipartBody } from '../multipart';
import type { TestApp } from '../test-database';

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
  const committed = async (cookie: string, id: string, mapping: ImportMapping, skipErrorRows = false) => {
    const response = await commit(cookie, id, mapping, skipErrorRows);
    expect(response.status, await response.clone().text()).toBe(202);
    const { job } = (await response.json()) as { job: JobView };
    while ((await t.deps.jobs.runDue()) > 0);
    const read = await t.request(`/api/jobs/${job.id}`, { headers: { cookie } });
    return ((await read.json()) as { job: JobView }).job as JobView & { result: ImportCommitResult | null };
  };
  const undo = (cookie: string, batchId: string) =>
    t.postJson(`${base}/batches/${batchId}/undo`, undefined, { cookie });
  return { upload, uploaded, preview, dryRun, commit, committed, undo, base };
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
