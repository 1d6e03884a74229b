import type { ServiceContext } from '../service/context';
import { isValidTimeZone } from '#shared/time-zone';
import {
  DUPLICATE_MODES,
  IMPORT_LIMITS,
  type DuplicateMode,
  type ImportDryRun,
  type ImportMapping,
  type ImportPreviewRow,
  type ImportStep,
} from '#shared/imports';
import { checkRows } from './check-rows';
import type { ImportOptions, ImportTarget } from './target';
import { findUpload, uploadKey } from './uploads';

export function optionsOf(step: { timeZone?: string; duplicates?: DuplicateMode }, now = new Date()): ImportOptions {
  return {
    timeZone: step.timeZone && isValidTimeZone(step.timeZone) ? step.timeZone : 'UTC',
    now,
    duplicates: step.duplicates && DUPLICATE_MODES.includes(step.duplicates) ? step.duplicates : 'skip',
  };
}

/** The first rows as they would be imported, with their errors, notes and duplicates. */
export async function previewImport<Row>(
  ctx: ServiceContext,
  target: ImportTarget<Row>,
  id: string,
  step: ImportStep,
): Promise<ImportPreviewRow[]> {
  const upload = await findUpload(ctx, target, id);
  const rows: ImportPreviewRow[] = [];
  const options = { ...optionsOf(step), limit: IMPORT_LIMITS.previewRows };
  for await (const chunk of checkRows(ctx, uploadKey(upload.id), target, step.mapping, options)) {
    for (const line of chunk) {
      rows.push({
        row: line.row,
        cells: line.cells,
        errors: line.errors,
        note: line.prepared?.note ?? null,
        duplicate: line.duplicate,
        ...(line.duplicateOf !== undefined ? { duplicateOf: line.duplicateOf } : {}),
        ...(line.update ? { update: true } : {}),
      });
    }
  }
  return rows;
}

/** Counts over the whole file, as the commit would find them; nothing is written. */
export async function dryRunRows<Row>(
  ctx: Pick<ServiceContext, 'db' | 'deps'>,
  target: ImportTarget<Row>,
  key: string,
  mapping: ImportMapping,
  options: ImportOptions,
  onChunk?: (read: number) => Promise<void>,
): Promise<ImportDryRun> {
  const summary: ImportDryRun = { rows: 0, newRows: 0, duplicates: 0, errorRows: 0, errors: [] };
  // Targets that can update stored records also count updates and the file's own repeats.
  const updating = target.update !== undefined;
  if (updating) Object.assign(summary, { updates: 0, fileDuplicates: 0 });
  for await (const chunk of checkRows(ctx, key, target, mapping, options)) {
    for (const line of chunk) {
      summary.rows++;
      if (line.errors.length > 0) {
        summary.errorRows++;
        for (const error of line.errors) {
          if (summary.errors.length < IMPORT_LIMITS.errorsListed) summary.errors.push(error);
        }
      } else if (line.duplicate) {
        summary.duplicates++;
        if (updating && line.duplicateOf !== undefined) summary.fileDuplicates!++;
      } else if (line.update) summary.updates!++;
      else summary.newRows++;
    }
    await onChunk?.(summary.rows);
  }
  return summary;
}

export async function dryRunImport<Row>(ctx: ServiceContext, target: ImportTarget<Row>, id: string, step: ImportStep) {
  const upload = await findUpload(ctx, target, id);
  return dryRunRows(ctx, target, uploadKey(upload.id), step.mapping, optionsOf(step));
}
