/**
 * Scenario 16, the complete export (issue 25 item 4, decision 0128): an admin exports all of the
 * seeded data (1,000,000 gifts in the full run, with the chat history, audit log and form
 * responses of the other scenarios), the job runs to its end, and the archive is downloaded
 * and counted without keeping it. The portal's resident memory is sampled every 50 ms while the
 * job runs and the archive streams out: an export that held a table, a page more than it needs,
 * or the archive in memory would grow with the data.
 */
import { residentBytes, watchResidentPeak, settle } from '../portal';
import { json, jobResult } from './jobs';

export interface ExportFigures {
  /** Gifts in the database when the export ran. */
  gifts: number;
  /** Rows written in all (every entity) and the archive's size. */
  rows: number;
  archiveBytes: number;
  /** From the request to the job's end, and the download. */
  buildSeconds: number;
  downloadSeconds: number;
  rssBeforeBytes: number;
  rssPeakBytes: number;
  rssAfterBytes: number;
}

interface ExportResult {
  rows: number;
  entities: number;
  files: number;
}

/** Starts the complete export as an admin; resolves with the job's id. */
export async function startExport(url: string, cookie: string): Promise<string> {
  const { job } = await json<{ job: { id: string } }>(
    await fetch(`${url}/api/export`, { method: 'POST', headers: { cookie, origin: url } }),
    'export',
  );
  return job.id;
}

export async function measureExport(url: string, cookie: string, pid: number, gifts: number): Promise<ExportFigures> {
  const headers = { cookie, origin: url };
  await settle(pid);
  const rss = await watchResidentPeak(pid);
  try {
    const started = performance.now();
    const jobId = await startExport(url, cookie);
    const result = await jobResult<ExportResult>(url, cookie, jobId, 250);
    const built = performance.now();
    const download = await fetch(`${url}/api/export/${jobId}/download`, { headers });
    if (download.status !== 200) throw new Error(`export download: ${download.status}`);
    let archiveBytes = 0;
    // Read as a browser saving it does, chunk by chunk, without keeping the bytes.
    for await (const piece of download.body!) archiveBytes += (piece as Uint8Array).length;
    const downloaded = performance.now();
    rss.stop();
    await settle(pid);
    return {
      gifts,
      rows: result.rows,
      archiveBytes,
      buildSeconds: (built - started) / 1000,
      downloadSeconds: (downloaded - built) / 1000,
      rssBeforeBytes: rss.beforeBytes,
      rssPeakBytes: rss.peakBytes,
      rssAfterBytes: await residentBytes(pid),
    };
  } finally {
    rss.stop();
  }
}
