import { z } from 'zod';

/**
 * The shared import pipeline's contract (docs/decisions/0113): upload, map, preview, dry run,
 * commit as one batch, undo. Gifts use it now, partners (issue 20) later.
 */
export const IMPORT_KINDS = ['gifts', 'partners'] as const;
export type ImportKind = (typeof IMPORT_KINDS)[number];

export const IMPORT_LIMITS = {
  /** Data rows in one file (the header not counted): twice the largest file issue 19 asks for. */
  rows: 200_000,
  sourceName: 100,
  /** Rows shown by the preview step. */
  previewRows: 20,
  /** Row errors listed by the dry run; the rest are only counted. */
  errorsListed: 100,
} as const;

/**
 * What to do with a row whose record is already stored (issue 20): skip it, fill the stored
 * record's empty fields, or overwrite its fields with the file's. Gifts only skip.
 */
export const DUPLICATE_MODES = ['skip', 'fill', 'overwrite'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];
const duplicateModeSchema = z.enum(DUPLICATE_MODES, { error: 'Choose skip, fill or overwrite for duplicates' });

/** One field a target can fill from a column, as the mapping step shows it. */
export interface ImportFieldView {
  key: string;
  label: string;
  required: boolean;
  /** What the cells must look like ("YYYY-MM-DD, M/D/YYYY or D.M.YYYY"). */
  hint?: string;
}

/** Field key → the header of the column that fills it (absent: not imported). */
export const importMappingSchema = z
  .record(z.string().max(60), z.string().max(200))
  .refine((mapping) => Object.keys(mapping).length <= 40, 'Too many fields in the mapping');
export type ImportMapping = z.infer<typeof importMappingSchema>;

export const importSourceSchema = z
  .string({ error: 'Name the source of the file' })
  .trim()
  .min(1, 'Name the source of the file')
  .max(IMPORT_LIMITS.sourceName, `The source's name must be ${IMPORT_LIMITS.sourceName} characters or less`);

/** What the map, preview and dry-run steps send: the same mapping the commit will use. */
export const importStepSchema = z.object({
  source: importSourceSchema,
  mapping: importMappingSchema,
  /** The person's IANA zone: a calendar date in the file means that day where they are. */
  timeZone: z.string().max(64).default('UTC'),
  duplicates: duplicateModeSchema.default('skip'),
});
export type ImportStep = z.input<typeof importStepSchema>;

/**
 * The preview and the dry run are reads (GET): the mapping travels as JSON in the query. The
 * client builds it with `importStepQuery`.
 */
export const importStepQuerySchema = z.object({
  source: importSourceSchema,
  timeZone: z.string().max(64).default('UTC'),
  duplicates: duplicateModeSchema.default('skip'),
  mapping: z
    .string()
    .max(8_000, 'The mapping is too long')
    .transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'The mapping is not valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(importMappingSchema),
});

export function importStepQuery(step: {
  source: string;
  timeZone: string;
  mapping: ImportMapping;
  duplicates?: DuplicateMode;
}) {
  return {
    source: step.source,
    timeZone: step.timeZone,
    mapping: JSON.stringify(step.mapping),
    ...(step.duplicates ? { duplicates: step.duplicates } : {}),
  };
}

/**
 * Rows with errors block the commit unless the person chose, knowing their number, to import
 * the file without them (docs/decisions/0113).
 */
export const importCommitSchema = importStepSchema.extend({
  skipErrorRows: z.boolean().default(false),
});
export type ImportCommit = z.input<typeof importCommitSchema>;

export const importIdParamSchema = z.object({ id: z.uuid('Unknown import') });
export const importSourceQuerySchema = z.object({ source: importSourceSchema });

/** An uploaded file waiting to be mapped and committed. */
export interface ImportUploadView {
  id: string;
  fileName: string;
  size: number;
  rows: number;
  headers: string[];
  delimiter: ',' | ';' | '\t';
  fields: ImportFieldView[];
  /** The remembered mapping of the source, else a guess from the header names. */
  mapping: ImportMapping;
  mappingRemembered: boolean;
  /** Targets that can update stored records: the choices for duplicates, `skip` first. */
  duplicateModes?: DuplicateMode[];
}

export interface ImportRowError {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  field?: string;
  message: string;
}

export interface ImportPreviewRow {
  row: number;
  cells: Record<string, string>;
  errors: ImportRowError[];
  /** What the row will become, as the target says it ("Linked to Ann Lee, by email"). */
  note: string | null;
  duplicate: boolean;
  /** A duplicate of an earlier row of the file: that row's number. */
  duplicateOf?: number;
  /** The row updates a stored record (targets with duplicate choices). */
  update?: boolean;
}

export interface ImportDryRun {
  rows: number;
  newRows: number;
  duplicates: number;
  errorRows: number;
  /** The first errors, by row. */
  errors: ImportRowError[];
  /** Targets with duplicate choices: rows that update a stored record. */
  updates?: number;
  /** Targets with duplicate choices: the duplicates that repeat an earlier row of the file. */
  fileDuplicates?: number;
}

export interface ImportBatchView {
  id: string;
  kind: ImportKind;
  source: string;
  fileName: string;
  rows: number;
  createdAt: string;
  createdBy: string | null;
  undoneAt: string | null;
  /** Rows of the batch changed since the import (corrected or voided): undo removes them too. */
  changedSince: number;
  /** What undoing does besides removing the rows, as the target says it. */
  undoNote?: string | null;
  /** The undo under way (its job, queued or running), or null: the row shows its progress then. */
  undoJobId: string | null;
}

/**
 * The undo job's result (decision 0148): how many rows it removed, and what else the target did
 * (partners: archived, restored). `alreadyUndone` when a run after a crash found it finished.
 */
export interface ImportUndoResult {
  batchId: string;
  removed: number;
  alreadyUndone?: boolean;
  [other: string]: number | string | boolean | undefined;
}

/** The commit job's result. */
export interface ImportCommitResult {
  batchId: string;
  imported: number;
  duplicates: number;
  skippedErrors: number;
  /** Targets with duplicate choices: stored records updated. */
  updated?: number;
}
