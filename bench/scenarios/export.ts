/**
 * Scenario 16, the complete export (issue 25 item 4, decision 0128): an admin exports all of the
 * seeded data (1,000,000 gifts in the full run, with the chat history, audit log and form
 * responses of the other scenarios), the job runs to its end, and the archive is downloaded
 * and counted without keeping it. The portal's resident memory is sampled every 50 ms while the
 * job runs and the archive streams out: an export that held a table, a page more than it needs,
 * or the archive in memory would grow with the data.
 */
import { residentBytes, watchResidentPeak, settle } from '../portal';

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

interface ExportJob {
  status: string;
  error: string | null;
  result: { rows: number; entities: number; files: number } | null;
}

async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

export async function measureExport(url: string, cookie: string, pid: number, gifts: number): Promise<ExportFigures> {
  const headers = { cookie, origin: url };
  await settle(pid);
  const rss = await watchResidentPeak(pid);
  try {
    const started = performance.now();
    const { job } = await json<{ job: { id: string } }>(
      await fetch(`${url}/api/export`, { method: 'POST', headers }),
      'export',
    );
    let done: ExportJob;
    for (;;) {
      // The export's pages share the embedded database with this poll: a poll may wait. Poll again.
      const response = await fetch(`${url}/api/jobs/${job.id}`, { headers }).catch(() => null);
      if (!response) continue;
      done = (await json<{ job: ExportJob }>(response, 'job')).job;
      if (done.status === 'succeeded') break;
      if (done.status === 'failed' || done.status === 'cancelled')
        throw new Error(`the export job ended: ${done.error}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const built = performance.now();
    const download = await fetch(`${url}/api/export/${job.id}/download`, { headers });
    if (download.status !== 200) throw new Error(`export download: ${download.status}`);
    let archiveBytes = 0;
    // Read as a browser saving it does, chunk by chunk, without keeping the bytes.
    for await (const piece of download.body!) archiveBytes += (piece as Uint8Array).length;
    const downloaded = performance.now();
    rss.stop();
    await settle(pid);
    return {
      gifts,
      rows: done.result!.rows,
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
