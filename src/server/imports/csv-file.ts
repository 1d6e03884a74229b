import { parse } from 'csv-parse';
import { Transform, type Readable, type TransformCallback } from 'node:stream';
import { setImmediate as afterPendingIo } from 'node:timers/promises';
import { IMPORT_LIMITS } from '#shared/imports';
import { ServiceError } from '../service/errors';

/** A file the pipeline cannot read at all: one clear message, nothing written. */
export class ImportFileError extends ServiceError {
  constructor(message: string) {
    super(400, message);
    this.name = 'ImportFileError';
  }
}

export type Delimiter = ',' | ';' | '\t';
const DELIMITERS: readonly Delimiter[] = [',', ';', '\t'];

const SAVE_AS_UTF8 =
  'In your spreadsheet program, save the file as "CSV UTF-8" (Excel: File > Save As > "CSV UTF-8 (Comma delimited)") and upload it again.';

/** How many leading bytes `sniffCsv` looks at. */
export const SNIFF_HEAD_BYTES = 64 * 1024;

/**
 * Checks the start of a file and finds its delimiter. Only UTF-8 (with or without a byte order
 * mark) is read: a UTF-16 mark, a NUL byte or bytes that are not UTF-8 get a message saying how
 * to save the file. The delimiter is whichever of comma, semicolon and tab the header row
 * holds most of, outside quotes (a one-column file has none: comma).
 */
export function sniffCsv(head: Buffer): { delimiter: Delimiter } {
  if (head.length === 0) throw new ImportFileError('The file is empty.');
  if ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff)) {
    throw new ImportFileError(`The file is saved as UTF-16 text, which cannot be read here. ${SAVE_AS_UTF8}`);
  }
  if (head.includes(0)) throw new ImportFileError('This is not a CSV file (it holds binary data).');
  let text: string;
  try {
    // `stream: true`: the head may end in the middle of a character.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
  } catch {
    throw new ImportFileError(`The file is not UTF-8 text (perhaps Windows-1252 or Latin-1). ${SAVE_AS_UTF8}`);
  }
  return { delimiter: guessDelimiter(headerLine(text.replace(/^\uFEFF/, ''))) };
}

/** The first row, up to its first line break outside quotes. */
function headerLine(text: string): string {
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') quoted = !quoted;
    else if (!quoted && (c === '\n' || c === '\r')) return text.slice(0, i);
  }
  return text;
}

function guessDelimiter(line: string): Delimiter {
  const counts = new Map<Delimiter, number>(DELIMITERS.map((d) => [d, 0]));
  let quoted = false;
  for (const c of line) {
    if (c === '"') quoted = !quoted;
    else if (!quoted && counts.has(c as Delimiter)) counts.set(c as Delimiter, counts.get(c as Delimiter)! + 1);
  }
  let best: Delimiter = ',';
  for (const d of DELIMITERS) if (counts.get(d)! > counts.get(best)!) best = d;
  return best;
}

/**
 * Text handed to the CSV parser at once: parsing runs without a pause, so a storage chunk
 * (64 KB from disk, more from S3) is cut into pieces of about 250 gift rows, a couple of
 * milliseconds each, with requests let in between (docs/decisions/0141).
 */
export const PIECE_CHARS = 16 * 1024;

/**
 * Decodes UTF-8 as it streams, in pieces of at most PIECE_CHARS; invalid bytes anywhere in the
 * file stop the read with a clear message.
 */
class Utf8Decode extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

  constructor() {
    super({ decodeStrings: true, readableObjectMode: false, encoding: 'utf8' });
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
    let text: string;
    try {
      text = this.decoder.decode(chunk, { stream: true });
    } catch {
      callback(new ImportFileError(`Part of the file is not UTF-8 text. ${SAVE_AS_UTF8}`));
      return;
    }
    this.pushInPieces(text).then(() => callback(), callback);
  }

  private async pushInPieces(text: string) {
    for (let at = 0; at < text.length;) {
      let end = Math.min(at + PIECE_CHARS, text.length);
      // Never between the two halves of a surrogate pair (an emoji in a name).
      if (end < text.length && isHighSurrogate(text.charCodeAt(end - 1))) end++;
      if (at > 0) await afterPendingIo();
      this.push(text.slice(at, end));
      at = end;
    }
  }

  override _flush(callback: TransformCallback) {
    try {
      callback(null, this.decoder.decode());
    } catch {
      callback(new ImportFileError(`The file ends in the middle of a character. ${SAVE_AS_UTF8}`));
    }
  }
}

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;

export interface CsvRow {
  /** The row's number as a spreadsheet shows it: the header is row 1. */
  row: number;
  cells: string[];
}

/**
 * The file's rows as they stream from storage (csv-parse): first the header, then each data
 * row. Memory stays bounded by one row; a file over the row limit, a malformed quote or a
 * missing header ends the read with an ImportFileError.
 */
export async function* readCsv(body: Readable, delimiter: Delimiter): AsyncGenerator<CsvRow> {
  const decode = new Utf8Decode();
  const parser = parse({
    delimiter,
    // Files edited in more than one program mix line endings; csv-parse would otherwise keep
    // the first one it saw.
    record_delimiter: ['\r\n', '\n', '\r'],
    bom: true,
    relax_column_count: true,
    skip_empty_lines: true,
    // A runaway quote must not gather the rest of a large file into one cell.
    max_record_size: 1024 * 1024,
  });
  body.on('error', (err) => decode.destroy(err));
  decode.on('error', (err) => parser.destroy(err));
  body.pipe(decode).pipe(parser);
  let row = 0;
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      row++;
      if (row === 1 && record.every((cell) => cell.trim() === '')) {
        throw new ImportFileError('The first row must name the columns (a header row).');
      }
      if (row - 1 > IMPORT_LIMITS.rows) {
        throw new ImportFileError(
          `The file has more than ${IMPORT_LIMITS.rows.toLocaleString('en-US')} rows. Split it into smaller files.`,
        );
      }
      yield { row, cells: record };
    }
  } catch (err) {
    if (err instanceof ImportFileError) throw err;
    const { lines: line, code } = err as { lines?: number; code?: string };
    // A quote inside a value that is not itself quoted (=HYPERLINK("x")) is closed, just not
    // allowed there: telling that person to look for an unclosed quote sends them the wrong way.
    const advice =
      code === 'INVALID_OPENING_QUOTE' || code === 'CSV_INVALID_CLOSING_QUOTE'
        ? 'a value with a quote (") in it must be in quotes itself, with each quote inside written twice.'
        : 'check for a quote (") that is never closed.';
    throw new ImportFileError(`The file could not be read as CSV${line ? ` near line ${line}` : ''}: ${advice}`);
  } finally {
    body.destroy();
    parser.destroy();
  }
  if (row === 0) throw new ImportFileError('The file is empty.');
}

/**
 * A cell as the import reads it. Exports that guard against formulas (this portal's own, with
 * csv-stringify's escape_formulas) write "'+34 600 123 456" for a phone number: where the cell
 * without that apostrophe is data the field accepts although it starts like a formula
 * (`notFormula`), the apostrophe is the export's and goes, so a directory exported and imported
 * again keeps its numbers. Anything else keeps its apostrophe, as before.
 */
export function importedCell(raw: string, notFormula: RegExp | undefined): string {
  const cell = raw.trim();
  if (!notFormula || !cell.startsWith("'")) return cell;
  const unguarded = cell.slice(1);
  return isFormulaCell(unguarded) && notFormula.test(unguarded.trim()) ? unguarded.trim() : cell;
}

/**
 * A cell a spreadsheet would run as a formula when the data is exported again (OWASP CSV
 * injection): it starts with =, +, @, a tab or carriage return, or - not followed by a digit.
 */
export function isFormulaCell(cell: string): boolean {
  const text = cell.trimStart();
  if (text === '') return false;
  const first = text[0];
  if (first === '=' || first === '+' || first === '@') return true;
  if (cell[0] === '\t' || cell[0] === '\r') return true;
  // A lone dash ("nothing") is harmless; -5 is a number.
  return first === '-' && text !== '-' && !/^-\d/.test(text);
}
