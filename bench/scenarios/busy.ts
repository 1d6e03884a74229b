/**
 * Scenario 17, the portal while long jobs run (issue 18): /api/health and a chat message's
 * fan-out to 100 realtime streams, first idle, then while a gift import of 100,000 rows commits
 * and the complete export (1,000,000 gifts) runs beside it. Both are probed at a steady pace (a
 * health request every 20 ms, a chat message every 250 ms), so the figures are the waits a person
 * would see, not the queue a flood of requests would build. The busy window lasts from both
 * jobs' start until the import's end; the export is then awaited, and the import undone.
 */
import { summarize, type Summary } from '../stats';
import { settle } from '../portal';
import { StreamPool } from './chat';
import { startExport } from './export';
import { GIFTS, stageImport, startCommit, undoImport, type CommitResult } from './import';
import { jobResult } from './jobs';

const HEALTH_EVERY_MS = 20;
const MESSAGE_EVERY_MS = 250;
const SUBSCRIBERS = 100;
const IDLE_SECONDS = 10;
/** Far above the fan-out scenario's markers, so no message of one is taken for the other's. */
const BUSY_MARKERS = 1_000_000_000;

export interface BusyPhase {
  seconds: number;
  healthMs: Summary;
  fanOutMs: Summary;
  /** Streams that had not received a message 60 s after it was sent. */
  missed: number;
}

export interface BusyFigures {
  subscribers: number;
  importRows: number;
  idle: BusyPhase;
  busy: BusyPhase;
  /** How long the import's commit job and the export job took, run together. */
  importSeconds: number;
  exportSeconds: number;
}

/** Probes health and fan-out until `until` settles; returns what they measured. */
async function probe(url: string, pool: StreamPool, until: Promise<unknown>): Promise<BusyPhase> {
  let done = false;
  const ended = until.finally(() => (done = true));
  const started = performance.now();
  const health: number[] = [];
  const fanOut: number[] = [];
  let missed = 0;
  let marker = 0;
  const paced = async (everyMs: number, once: () => Promise<void>) => {
    while (!done) {
      const next = performance.now() + everyMs;
      await once();
      const wait = next - performance.now();
      if (wait > 0 && !done) await new Promise((resolve) => setTimeout(resolve, wait));
    }
  };
  await Promise.all([
    paced(HEALTH_EVERY_MS, async () => {
      const sent = performance.now();
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (!response.ok) throw new Error(`health answered ${response.status}`);
      health.push(performance.now() - sent);
    }),
    paced(MESSAGE_EVERY_MS, async () => {
      // Digits only: the streams recognise a bench message by `bench-fanout-<digits>`.
      const result = await pool.fanOut(String(BUSY_MARKERS + marker++), 60_000);
      fanOut.push(...result.latencies);
      missed += result.missed;
    }),
    ended,
  ]);
  return {
    seconds: (performance.now() - started) / 1000,
    healthMs: summarize(health.length ? health : [Number.NaN]),
    fanOutMs: summarize(fanOut.length ? fanOut : [Number.NaN]),
    missed,
  };
}

export async function measureWhileBusy(
  url: string,
  cookie: string,
  signIn: () => Promise<string>,
  pid: number,
  importRows: number,
): Promise<BusyFigures> {
  const pool = new StreamPool(url, cookie, signIn);
  try {
    await pool.growTo(SUBSCRIBERS);
    // Staged before anything is timed: uploading and checking the file is the person's wait,
    // not a background job's.
    const staged = await stageImport(GIFTS, url, cookie, importRows);
    await settle(pid);
    const idle = await probe(url, pool, new Promise((resolve) => setTimeout(resolve, IDLE_SECONDS * 1000)));

    const started = performance.now();
    // The export is queued first, so it runs first and the import after it: an instance runs
    // one job at a time, and the window then holds both. Queued together, either could go
    // first, and the window held only the import or both (the runs' spread, decision 0140).
    const exportJob = await startExport(url, cookie);
    const imported = startCommit(GIFTS, url, cookie, staged).then((jobId) =>
      jobResult<CommitResult>(url, cookie, jobId, 250),
    );
    // Timed when it ends, not when it is awaited after the busy window (the import's end).
    const exported = jobResult(url, cookie, exportJob, 250).then(() => (performance.now() - started) / 1000);
    // Awaited after the busy window; until then a failure must not go unhandled.
    exported.catch(() => {});
    let importSeconds = 0;
    const busy = await probe(
      url,
      pool,
      imported.then(() => (importSeconds = (performance.now() - started) / 1000)),
    );
    const exportSeconds = await exported;
    await undoImport(GIFTS, url, cookie, (await imported).batchId);
    return { subscribers: pool.size, importRows, idle, busy, importSeconds, exportSeconds };
  } finally {
    pool.close();
  }
}
