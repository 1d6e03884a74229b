import { stringify } from 'csv-stringify/sync';
import type { exportAudit } from './service';

type Entries = ReturnType<typeof exportAudit>;
type Entry = Extract<Awaited<ReturnType<Entries['next']>>, { done?: false }>['value'];

export const AUDIT_CSV_COLUMNS = [
  'Time',
  'Person',
  'Email',
  'Person id',
  'Client address',
  'Action',
  'Subject type',
  'Subject',
  'Before',
  'After',
];

const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

function row(entry: Entry): string[] {
  return [
    entry.at.toISOString(),
    entry.actor?.name ?? '',
    entry.actor?.email ?? '',
    entry.actorId ?? '',
    entry.clientIp ?? '',
    entry.action,
    entry.subjectType,
    entry.subjectId,
    json(entry.before),
    json(entry.after),
  ];
}

// A spreadsheet must not run a cell as a formula: names and notes are other people's text.
const format = (rows: string[][], header: boolean) =>
  stringify(rows, { header, columns: header ? AUDIT_CSV_COLUMNS : undefined, escape_formulas: true });

const ROWS_PER_CHUNK = 500;

/** The export as a CSV byte stream, pulled a chunk at a time so a million entries never sit in memory. */
export function auditCsv(first: IteratorResult<Entry>, rest: Entries): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: IteratorResult<Entry> | null = first;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows: string[][] = [];
      while (rows.length < ROWS_PER_CHUNK) {
        const next = pending ?? (await rest.next());
        pending = null;
        if (next.done) break;
        rows.push(row(next.value));
      }
      if (rows.length > 0 || !headerSent) controller.enqueue(encoder.encode(format(rows, !headerSent)));
      headerSent = true;
      if (rows.length < ROWS_PER_CHUNK) controller.close();
    },
    async cancel() {
      await rest.return(undefined);
    },
  });
}
