import { ApiError, ensureOk, postJson } from '@/lib/api';
import { sendMultipart } from '@/lib/upload';
import {
  importStepQuery,
  type DuplicateMode,
  type ImportBatchView,
  type ImportDryRun,
  type ImportMapping,
  type ImportPreviewRow,
  type ImportUploadView,
} from '#shared/imports';
import type { JobView } from '#shared/jobs';

/** The steps of one import, as sent: the source, the mapping, and the person's zone for dates. */
export interface ImportChoice {
  source: string;
  mapping: ImportMapping;
  timeZone: string;
  /** Targets with duplicate choices: what to do with records already stored. */
  duplicates?: DuplicateMode;
}

const getJson = async <T>(url: string): Promise<T> => {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  } catch {
    throw new ApiError('The server could not be reached. Please try again.', 0);
  }
  return (await (await ensureOk(response)).json()) as T;
};

/**
 * The calls of the shared import pipeline under one target's path (gifts: /api/giving/imports).
 * Outside the typed client because the wizard is shared by every target.
 */
export function importApi(base: string) {
  const step = (choice: ImportChoice) => new URLSearchParams(importStepQuery(choice)).toString();
  return {
    upload: (file: File, onProgress: (sent: number, total: number) => void) => {
      const body = new FormData();
      body.append('file', file);
      return sendMultipart<{ upload: ImportUploadView }>(`${base}/uploads`, 'POST', body, onProgress).then(
        (r) => r.upload,
      );
    },
    abandon: async (id: string) => {
      await ensureOk(await fetch(`${base}/uploads/${id}`, { method: 'DELETE', credentials: 'same-origin' }));
    },
    sources: () => getJson<{ sources: string[] }>(`${base}/sources`).then((r) => r.sources),
    remembered: (id: string, source: string) =>
      getJson<{ mapping: ImportMapping | null }>(
        `${base}/uploads/${id}/mapping?${new URLSearchParams({ source }).toString()}`,
      ).then((r) => r.mapping),
    preview: (id: string, choice: ImportChoice) =>
      getJson<{ rows: ImportPreviewRow[] }>(`${base}/uploads/${id}/preview?${step(choice)}`).then((r) => r.rows),
    dryRun: (id: string, choice: ImportChoice) =>
      getJson<{ summary: ImportDryRun }>(`${base}/uploads/${id}/dry-run?${step(choice)}`).then((r) => r.summary),
    commit: async (id: string, choice: ImportChoice, skipErrorRows: boolean) =>
      (
        (await (await postJson(`${base}/uploads/${id}/commit`, { ...choice, skipErrorRows })).json()) as {
          job: JobView;
        }
      ).job,
    job: (id: string) => getJson<{ job: JobView }>(`/api/jobs/${id}`).then((r) => r.job),
    batches: () => getJson<{ batches: ImportBatchView[] }>(`${base}/batches`).then((r) => r.batches),
    /** Starts the undo's job (decision 0148); the batch's row follows it. */
    undo: async (id: string) =>
      ((await (await postJson(`${base}/batches/${id}/undo`, undefined)).json()) as { job: JobView }).job,
  };
}

export type ImportApi = ReturnType<typeof importApi>;
