import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import { stringify } from 'csv-stringify/sync';
import { ZipFile } from 'yazl';
import type { Db } from '#server/db/client';
import { newObjectKey, type Storage } from '#server/storage/index';
import { EXPORT_ENTITIES, type ExportEntity } from './entities';
import { countRows, entityPages, type ExportRow } from './pages';
import { exportReadme } from './readme';
import { archivePathOf } from './zip-paths';

export interface ExportProgress {
  /** Rows written so far and in all; `entity` is the data file being written. */
  (done: number, total: number, entity: string): Promise<void>;
}

export interface ExportSummary {
  entities: { name: string; rows: number }[];
  rows: number;
  files: number;
}

export interface ExportSource {
  /** Read in pages; on PostgreSQL a REPEATABLE READ transaction, so every page sees one moment. */
  db: Db;
  /** Where the shared drive's files are read from. */
  storage: Pick<Storage, 'get'>;
  progress: ExportProgress;
  now?: Date;
  /** Whether every page is read from one snapshot (the README says which). */
  oneMoment: boolean;
  /** Rows a statement reads: fewer on the embedded database, where everyone waits for it. */
  pageRows?: number;
}

/** A CSV cell: nothing for null, JSON text for JSON values, the value's text otherwise. */
export const csvCell = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/** Writes and waits while the file is behind, so a page at most is buffered. */
async function write(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await new Promise<void>((resolve) => stream.once('drain', resolve));
}

/**
 * Writes the complete export into `zip` (issue 25 item 4, decision 0128) and ends it: README.md,
 * every entity as data/<name>.json and data/<name>.csv, the shared drive's files under files/,
 * and manifest.json. Rows are read a page at a time and written at once to a JSON and a CSV file
 * in a temporary directory, which go into the zip when the entity is complete (the zip takes
 * one entry after the other, so two entries cannot be written together); each file's contents
 * stream from storage into the zip one file at a time. Memory holds a page, whatever the size
 * of the tables; the disk, the largest entity's two files for a while.
 *
 * `sinkFailed` rejects when whatever reads the zip fails (the storage, the disk), so the export
 * stops instead of waiting for a reader that is gone.
 */
export async function writeExport(
  zip: ZipFile,
  source: ExportSource,
  sinkFailed: Promise<never>,
): Promise<ExportSummary> {
  const exportedAt = source.now ?? new Date();
  const totals = new Map<string, number>();
  for (const entity of EXPORT_ENTITIES) totals.set(entity.name, await countRows(source.db, entity));
  const total = [...totals.values()].reduce((a, b) => a + b, 0);
  const summary: ExportSummary = { entities: [], rows: 0, files: 0 };
  await source.progress(0, total, EXPORT_ENTITIES[0]!.name);

  zip.addBuffer(Buffer.from(exportReadme(exportedAt, source.oneMoment), 'utf8'), 'README.md', { mtime: exportedAt });
  const dir = await mkdtemp(path.join(tmpdir(), 'portal-export-'));
  try {
    const taken = new Set<string>();
    for (const entity of EXPORT_ENTITIES) {
      const rows = await writeEntity(zip, source, entity, dir, taken, sinkFailed, {
        before: summary.rows,
        total,
        onFile: () => summary.files++,
      });
      summary.entities.push({ name: entity.name, rows });
      summary.rows += rows;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  // The end, whatever changed while it ran (the embedded database is read while people work).
  await source.progress(summary.rows, summary.rows, 'manifest');
  const manifest = {
    format: 'ministry-portal-export',
    version: 1,
    exportedAt: exportedAt.toISOString(),
    entities: summary.entities.map((e) => ({ ...e, json: `data/${e.name}.json`, csv: `data/${e.name}.csv` })),
    files: summary.files,
  };
  zip.addBuffer(Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8'), 'manifest.json', { mtime: exportedAt });
  zip.end();
  return summary;
}

async function writeEntity(
  zip: ZipFile,
  source: ExportSource,
  entity: ExportEntity,
  dir: string,
  taken: Set<string>,
  sinkFailed: Promise<never>,
  count: { before: number; total: number; onFile: () => void },
): Promise<number> {
  const jsonPath = path.join(dir, `${entity.name}.json`);
  const csvPath = path.join(dir, `${entity.name}.csv`);
  const json = createWriteStream(jsonPath);
  const csv = createWriteStream(csvPath);
  const columns = entity.columns.map((c) => c.name);
  let rows = 0;
  try {
    await write(json, '[');
    await write(csv, stringify([], { header: true, columns, bom: true }));
    for await (const page of entityPages(source.db, entity, source.pageRows)) {
      for (const row of page) {
        if (entity.contents) await addContents(zip, source.storage, row, taken, sinkFailed, count.onFile);
        if (entity.name === 'folders') addFolder(zip, String(row.folder_path), taken);
      }
      const objects = page.map((row) => JSON.stringify(row));
      await write(json, `${rows === 0 ? '\n' : ',\n'}${objects.join(',\n')}`);
      await write(
        csv,
        stringify(
          page.map((row) => columns.map((c) => csvCell(row[c]))),
          { escape_formulas: true },
        ),
      );
      rows += page.length;
      await source.progress(count.before + rows, Math.max(count.total, count.before + rows), entity.name);
    }
    await write(json, rows === 0 ? ']\n' : '\n]\n');
  } finally {
    json.end();
    csv.end();
    await Promise.all([finished(json), finished(csv)]);
  }
  for (const [file, name] of [
    [jsonPath, `data/${entity.name}.json`],
    [csvPath, `data/${entity.name}.csv`],
  ] as const) {
    const stream = createReadStream(file);
    zip.addReadStream(stream, name);
    await Promise.race([finished(stream), sinkFailed]);
    await rm(file, { force: true });
  }
  return rows;
}

/** A folder as an empty directory under files/ (its files, if any, land inside it too). */
function addFolder(zip: ZipFile, folderPath: string, taken: Set<string>) {
  const name = archivePathOf(folderPath, '', taken, true);
  if (name) zip.addEmptyDirectory(name);
}

/**
 * Streams one stored file into the zip and waits until the zip has read it, so one file at a
 * time is open. A file whose stored object is missing keeps its row, with no archive_path.
 */
async function addContents(
  zip: ZipFile,
  storage: Pick<Storage, 'get'>,
  row: ExportRow,
  taken: Set<string>,
  sinkFailed: Promise<never>,
  onFile: () => void,
) {
  const object = await storage.get(newObjectKey('files', String(row.id)));
  if (!object) return;
  const name = archivePathOf(String(row.folder_path), String(row.name), taken, false)!;
  const body: Readable = object.body;
  zip.addReadStream(body, name);
  await Promise.race([finished(body), sinkFailed]);
  row.archive_path = name;
  onFile();
}
