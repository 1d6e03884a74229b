import { Slices } from '../jobs/slices';
import type { ServiceContext } from '../service/context';
import { readHead } from '../storage/read-head';
import type { Storage } from '../storage';
import type { ImportMapping, ImportRowError } from '#shared/imports';
import { ImportFileError, importedCell, isFormulaCell, readCsv, SNIFF_HEAD_BYTES, sniffCsv } from './csv-file';
import { FirstRows } from './first-rows';
import type { ImportOptions, ImportTarget, PreparedRow } from './target';

/**
 * Rows checked and looked up together: one query per chunk, not per row. On the embedded
 * database the chunk is its `backgroundRows` (250): a chunk's lookups take about 10 ms there, a
 * thousand rows' about 40 (docs/decisions/0141).
 */
export const CHUNK_ROWS = 1_000;

/** One data row after the checks. */
export interface CheckedLine<Row> {
  row: number;
  cells: Record<string, string>;
  errors: ImportRowError[];
  /** Set for a valid row. */
  prepared?: PreparedRow<Row>;
  /** A valid row already stored, or already earlier in the file: skipped. */
  duplicate: boolean;
  /** A duplicate of an earlier row of the file: that row's number. */
  duplicateOf?: number;
  /** A valid row that updates the stored record it matches (targets with `update`, a mode other than skip). */
  update: boolean;
}

/** Opens a stored upload as rows: the header first (storage streams it; nothing is held whole). */
export async function openUpload(storage: Storage, key: string) {
  const object = await storage.get(key);
  if (!object) throw new ImportFileError('The uploaded file is no longer there. Upload it again.');
  const { head, body } = await readHead(object.body, SNIFF_HEAD_BYTES);
  const { delimiter } = sniffCsv(head);
  return { delimiter, rows: readCsv(body, delimiter) };
}

/** The header's column index of each mapped field; refuses a mapping the file cannot fill. */
export function columnsOf<Row>(target: ImportTarget<Row>, headers: string[], mapping: ImportMapping) {
  const refused = target.checkMapping?.(mapping);
  if (refused) throw new ImportFileError(refused);
  const columns = new Map<string, number>();
  for (const field of target.fields) {
    const header = mapping[field.key];
    if (!header) {
      if (field.required) throw new ImportFileError(`Choose the column that holds ${field.label}.`);
      continue;
    }
    const index = headers.findIndex((h) => h.trim() === header.trim());
    if (index < 0) throw new ImportFileError(`The file has no column "${header}" (mapped to ${field.label}).`);
    columns.set(field.key, index);
  }
  return columns;
}

/**
 * Streams a stored upload through the target's checks, a chunk at a time: formula cells and
 * the target's own rules give per-row errors; valid rows are prepared (lookups batched) and
 * marked duplicate when their key is already stored or came earlier in the file. Memory holds
 * one chunk plus a 64-bit digest of each of the file's duplicate keys (FirstRows: 12 bytes a
 * slot, bounded by the row limit).
 */
export async function* checkRows<Row>(
  { db, deps }: Pick<ServiceContext, 'db' | 'deps'>,
  key: string,
  target: ImportTarget<Row>,
  mapping: ImportMapping,
  given: ImportOptions & { limit?: number },
): AsyncGenerator<CheckedLine<Row>[]> {
  const { rows } = await openUpload(deps.storage, key);
  // Read at each pass: the commit checks its rows against the settings stored when it runs.
  const options = { ...given, ...(await target.readSettings?.(db)) };
  const chunkRows = deps.database.backgroundRows ?? CHUNK_ROWS;
  // Each key of the file's valid rows, with the row that had it first.
  const seen = new FirstRows();
  const updating = target.update !== undefined && options.duplicates !== 'skip';
  let columns: Map<string, number> | undefined;
  // Each field's description by its key, looked up once rather than for every cell of every row.
  const fieldOf = new Map(target.fields.map((f) => [f.key, f]));
  let chunk: CheckedLine<Row>[] = [];
  let read = 0;
  // A file of 100,000 rows takes seconds to check: others' requests get in between rows.
  const slices = new Slices();

  const settle = async () => {
    const valid = chunk.filter((line) => line.errors.length === 0);
    const prepared = await target.prepare(
      db,
      valid.map((line) => line.prepared!.value),
      options,
    );
    const stored = await target.existingKeys(db, prepared, options);
    valid.forEach((line, i) => {
      const row = prepared[i]!;
      line.prepared = row;
      // Two rows updating one stored record are duplicates too, whichever keys found it.
      const keys = [row.duplicateKey, ...(row.otherKeys ?? []), ...(row.storedId ? [`\0stored:${row.storedId}`] : [])];
      const earlier = keys.map((key) => seen.get(key)).find((first) => first !== undefined);
      if (earlier !== undefined) {
        line.duplicate = true;
        line.duplicateOf = earlier;
      } else if (keys.some((key) => stored.has(key))) {
        line.update = updating && row.storedId !== undefined;
        line.duplicate = !line.update;
      }
      for (const key of keys) seen.add(key, line.row);
    });
    const done = chunk;
    chunk = [];
    return done;
  };

  for await (const { row, cells } of rows) {
    await slices.maybePause();
    if (!columns) {
      columns = columnsOf(target, cells, mapping);
      continue;
    }
    const mapped: Record<string, string> = {};
    const errors: ImportRowError[] = [];
    for (const [field, index] of columns) {
      const spec = fieldOf.get(field);
      const cell = importedCell(cells[index] ?? '', spec?.notFormula);
      if (cell === '') continue;
      mapped[field] = cell;
      if (isFormulaCell(cells[index] ?? '') && !spec?.notFormula?.test(cell)) {
        const label = spec?.label ?? field;
        errors.push({
          row,
          field,
          message: `${label} starts with "${cell[0]}", which a spreadsheet would run as a formula`,
        });
      }
    }
    const line: CheckedLine<Row> = { row, cells: mapped, errors, duplicate: false, update: false };
    if (errors.length === 0) {
      const checked = target.check(mapped, options);
      if (checked.ok) line.prepared = { value: checked.value, duplicateKey: '', note: null };
      else errors.push(...checked.errors.map((e) => ({ row, ...e })));
    }
    chunk.push(line);
    read++;
    if (chunk.length >= chunkRows || read === options.limit) yield await settle();
    if (read === options.limit) return;
  }
  if (!columns) throw new ImportFileError('The file is empty.');
  if (chunk.length > 0) yield await settle();
}
