/**
 * Importing gifts (issue 19) and partners (issue 20) through the shared import pipeline: 100,000
 * rows under 60 s on the embedded database, with memory that does not grow with the file. Each size is uploaded,
 * dry-run and committed through the API as a person would, the commit job read until it ends;
 * the server's resident memory is sampled throughout. Two sizes (a tenth and the whole) show
 * whether the memory an import takes grows with its file. Each batch is undone afterwards
 * (timed too), so the scenarios after this one see the data as it was.
 */
import { watchResidentPeak, settle } from '../portal';
import { json, jobResult } from './jobs';

export interface ImportRun {
  rows: number;
  bytes: number;
  uploadMs: number;
  dryRunMs: number;
  /** From the commit request until the job succeeded (it checks the file again, then writes). */
  commitMs: number;
  /** Upload, dry run and commit: what a person waits for. */
  totalMs: number;
  undoMs: number;
  rssBeforeBytes: number;
  /** The most the server held while this import ran (sampled every 50 ms). */
  rssPeakBytes: number;
}

export interface ImportFigures {
  small: ImportRun;
  large: ImportRun;
}

/** One kind of import as the bench drives it: where, which file, which mapping. */
export interface ImportKindUnderTest {
  base: string;
  fileName: string;
  source: string;
  mapping: Record<string, string>;
  csv(rows: number): Buffer;
  /** Extra step and commit fields (partners: what to do with duplicates). */
  extra?: Record<string, string>;
}

export const GIFTS: ImportKindUnderTest = {
  base: '/api/giving/imports',
  fileName: 'bench-gifts.csv',
  source: 'Bench bank',
  mapping: { date: 'Date', amount: 'Amount', partnerName: 'Name', partnerEmail: 'Email', reference: 'Ref' },
  csv: giftCsv,
};

/**
 * A church system's export (Planning Center's headers): first and last names, an email no
 * seeded partner has, a phone, a city and two tags of twelve. Stored partners are looked up per
 * chunk like any file; "fill" is chosen so updating is on the path, though nothing matches.
 */
const PARTNERS: ImportKindUnderTest = {
  base: '/api/partners/imports',
  fileName: 'bench-partners.csv',
  source: 'Bench church system',
  mapping: {
    firstName: 'First Name',
    lastName: 'Last Name',
    email: 'Home Email',
    phone: 'Mobile Phone',
    location: 'Home Address City',
    tags: 'Tags',
  },
  csv: partnerCsv,
  extra: { duplicates: 'fill' },
};

function partnerCsv(rows: number): Buffer {
  const lines = ['First Name,Last Name,Home Email,Mobile Phone,Home Address City,Tags'];
  for (let i = 0; i < rows; i++) {
    lines.push(
      `Bench${i % 997},Importee ${i},importee${i}@bench-import.example.org,+1 555 ${String(i).padStart(7, '0')},City ${i % 300},"Bench tag ${i % 12}; Bench group ${i % 5}"`,
    );
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** A bank export: a date within the last two years, an amount, a name or an email, a reference. */
function giftCsv(rows: number): Buffer {
  const lines = ['Date,Amount,Name,Email,Ref'];
  const day = 24 * 60 * 60 * 1000;
  const start = Date.now() - 2 * 365 * day;
  for (let i = 0; i < rows; i++) {
    const date = new Date(start + (i % 700) * day).toISOString().slice(0, 10);
    const amount = `${(i % 500) + 1}.${String(i % 100).padStart(2, '0')}`;
    const name = i % 4 === 0 ? '' : `Import Giver ${i % 20_000}`;
    const email = i % 4 === 0 ? `giver${i % 20_000}@import.example.org` : '';
    lines.push(`${date},"${amount}",${name},${email},T${i}`);
  }
  return Buffer.from(`${lines.join('\n')}\n`);
}

/** An uploaded and dry-run file, ready to commit. */
export interface StagedImport {
  uploadId: string;
  newRows: number;
  bytes: number;
  uploadMs: number;
  dryRunMs: number;
}

/** Uploads a generated file of `rows` rows and dry-runs it, as the wizard's first steps do. */
export async function stageImport(
  kind: ImportKindUnderTest,
  url: string,
  cookie: string,
  rows: number,
): Promise<StagedImport> {
  const csv = kind.csv(rows);
  const headers = { cookie, origin: url };
  const started = performance.now();
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(csv)], { type: 'text/csv' }), kind.fileName);
  const { upload } = await json<{ upload: { id: string; rows: number } }>(
    await fetch(`${url}${kind.base}/uploads`, { method: 'POST', headers, body: form }),
    'upload',
  );
  if (upload.rows !== rows) throw new Error(`upload counted ${upload.rows} rows, not ${rows}`);
  const uploaded = performance.now();
  const step = new URLSearchParams({
    source: kind.source,
    timeZone: 'UTC',
    mapping: JSON.stringify(kind.mapping),
    ...kind.extra,
  });
  const { summary } = await json<{ summary: { newRows: number; errorRows: number } }>(
    await fetch(`${url}${kind.base}/uploads/${upload.id}/dry-run?${step}`, { headers }),
    'dry run',
  );
  if (summary.errorRows > 0) throw new Error(`the bench file has ${summary.errorRows} rows with errors`);
  return {
    uploadId: upload.id,
    newRows: summary.newRows,
    bytes: csv.length,
    uploadMs: uploaded - started,
    dryRunMs: performance.now() - uploaded,
  };
}

/** Starts the commit job of a staged file; resolves with the job's id. */
export async function startCommit(
  kind: ImportKindUnderTest,
  url: string,
  cookie: string,
  staged: StagedImport,
): Promise<string> {
  const { job } = await json<{ job: { id: string } }>(
    await fetch(`${url}${kind.base}/uploads/${staged.uploadId}/commit`, {
      method: 'POST',
      headers: { cookie, origin: url, 'content-type': 'application/json' },
      body: JSON.stringify({ source: kind.source, timeZone: 'UTC', mapping: kind.mapping, ...kind.extra }),
    }),
    'commit',
  );
  return job.id;
}

/** Undoes a batch and waits for its job to end (decision 0148: an undo runs as a job). */
export async function undoImport(kind: ImportKindUnderTest, url: string, cookie: string, batchId: string) {
  const { job } = await json<{ job: { id: string } }>(
    await fetch(`${url}${kind.base}/batches/${batchId}/undo`, { method: 'POST', headers: { cookie, origin: url } }),
    'undo',
  );
  await jobResult(url, cookie, job.id);
}

export interface CommitResult {
  batchId: string;
  imported: number;
}

async function importOnce(
  kind: ImportKindUnderTest,
  url: string,
  cookie: string,
  pid: number,
  rows: number,
): Promise<ImportRun> {
  await settle(pid);
  const rss = await watchResidentPeak(pid);
  try {
    const started = performance.now();
    const staged = await stageImport(kind, url, cookie, rows);
    const dryRun = performance.now();
    const jobId = await startCommit(kind, url, cookie, staged);
    const result = await jobResult<CommitResult>(url, cookie, jobId);
    const committed = performance.now();
    if (result.imported !== staged.newRows) throw new Error(`imported ${result.imported} of ${staged.newRows}`);
    const undoStarted = performance.now();
    await undoImport(kind, url, cookie, result.batchId);
    const undone = performance.now();
    return {
      rows,
      bytes: staged.bytes,
      uploadMs: staged.uploadMs,
      dryRunMs: staged.dryRunMs,
      commitMs: committed - dryRun,
      totalMs: committed - started,
      undoMs: undone - undoStarted,
      rssBeforeBytes: rss.beforeBytes,
      rssPeakBytes: rss.peakBytes,
    };
  } finally {
    rss.stop();
  }
}

export async function measureGiftImport(
  url: string,
  cookie: string,
  pid: number,
  rows: number,
): Promise<ImportFigures> {
  const small = await importOnce(GIFTS, url, cookie, pid, Math.round(rows / 10));
  const large = await importOnce(GIFTS, url, cookie, pid, rows);
  return { small, large };
}

/** Scenario 11b: the same for partners (issue 20 item 4, decision 0117). */
export async function measurePartnerImport(
  url: string,
  cookie: string,
  pid: number,
  rows: number,
): Promise<ImportFigures> {
  const small = await importOnce(PARTNERS, url, cookie, pid, Math.round(rows / 10));
  const large = await importOnce(PARTNERS, url, cookie, pid, rows);
  return { small, large };
}
