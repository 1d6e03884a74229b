import { stringify } from 'csv-stringify/sync';

const ROWS_PER_CHUNK = 500;

export interface CsvExport<T> {
  columns: readonly string[];
  row(item: T): string[];
  /**
   * Starts with a byte order mark, so spreadsheet programs read accented names as UTF-8
   * (issue 19's gift export; the audit log's export predates it and keeps its bytes).
   */
  bom?: boolean;
}

/**
 * A CSV download (RFC 4180) as a byte stream, pulled a chunk at a time, so a million rows never
 * sit in memory. `first` is the iterator's first result, already awaited by the route (so work
 * such as recording the export happens before the response starts). Cells that start with
 * `=`, `+`, `-`, `@` are neutralised: a spreadsheet must not run other people's text as a formula.
 */
export function csvStream<T>(
  spec: CsvExport<T>,
  first: IteratorResult<T>,
  rest: AsyncIterator<T>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let pending: IteratorResult<T> | null = first;
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const rows: string[][] = [];
      while (rows.length < ROWS_PER_CHUNK) {
        const next = pending ?? (await rest.next());
        pending = null;
        if (next.done) break;
        rows.push(spec.row(next.value));
      }
      if (rows.length > 0 || !headerSent) {
        const header = !headerSent;
        const text = stringify(rows, {
          header,
          columns: header ? [...spec.columns] : undefined,
          escape_formulas: true,
          bom: header && spec.bom === true,
        });
        controller.enqueue(encoder.encode(text));
      }
      headerSent = true;
      if (rows.length < ROWS_PER_CHUNK) controller.close();
    },
    async cancel() {
      await rest.return?.(undefined);
    },
  });
}

/** The headers of a CSV download named `name` (no caching: the data is private and changes). */
export function csvHeaders(fileName: string): Record<string, string> {
  return {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
    'cache-control': 'no-store',
  };
}
