import type { Db } from '../db/client';
import type { Announcement } from '../service/changes';
import type { ChangeContext } from '../service/context';
import type { Feature } from '#shared/permissions';
import type { DuplicateMode, ImportFieldView, ImportKind, ImportMapping } from '#shared/imports';

/** One field a target fills, with the header names that suggest it. */
export interface ImportField extends ImportFieldView {
  /** Header names (compared without case, spaces or punctuation) that map to this field. */
  aliases: readonly string[];
  /**
   * Cells of this shape are data even though they start like a formula (a phone number such as
   * "+44 20 7946 0958": no function can be called from digits and spaces).
   */
  notFormula?: RegExp;
}

/** What the pipeline hands a target's checks besides the cells. */
export interface ImportOptions {
  timeZone: string;
  now: Date;
  /** What to do with a row whose record is already stored; only targets with `update` offer more than skipping. */
  duplicates: DuplicateMode;
  /**
   * Set in the commit's writing pass: the batch being written. Its rows are never a stored
   * duplicate of a later row (that row repeats an earlier one of the file, which the pipeline
   * catches first), so `existingKeys` may leave them out instead of reading them back.
   */
  writingBatch?: string;
  /**
   * The organization's currency, for targets whose rows hold money: set by the pipeline from
   * `readSettings` before the file's first row is checked.
   */
  currency?: string;
}

export type CheckedRow<Row> = { ok: true; value: Row } | { ok: false; errors: { field?: string; message: string }[] };

/** A valid row after the target looked up what it needs (partners, existing records). */
export interface PreparedRow<Row> {
  value: Row;
  /** Rows with equal keys are the same record: later ones in the file, and ones already stored, are skipped. */
  duplicateKey: string;
  /**
   * More keys naming the same record (partners: name and phone besides the email). A row sharing
   * any key with an earlier row of the file is a duplicate of it; any of them stored makes it stored.
   */
  otherKeys?: readonly string[];
  /**
   * Targets with `update`: the stored record this row would update under the chosen mode (set by
   * `prepare` only when the mode changes something). A stored duplicate without it is skipped.
   */
  storedId?: string;
  /** What the row will become, for the preview ("Linked to Ann Lee, by email"). */
  note: string | null;
}

/** What an undo did, for targets that do more than remove rows. */
export interface ImportUndone {
  removed: number;
  [other: string]: number;
}

/**
 * What a feature registers to import its records through the shared pipeline
 * (docs/decisions/0113). The pipeline reads, maps, checks formulas, counts and batches; the
 * target knows its fields and rules. Every method that reads gets whole chunks of rows so it
 * can answer them with one query each.
 */
export interface ImportTarget<Row> {
  kind: ImportKind;
  /** The permission every step needs, checked on the server at each request and at commit. */
  feature: Feature;
  /** What the records are called, for messages ("gifts"). */
  noun: string;
  fields: readonly ImportField[];
  /**
   * Reads, once for each pass over the file, what `check` needs from the stored settings
   * (gifts: the organization's currency); the pipeline merges it into the options.
   */
  readSettings?(db: Db): Promise<Pick<ImportOptions, 'currency'>>;
  /** Turns one row's mapped cells (empty ones absent) into a typed row, or its errors. */
  check(cells: Record<string, string>, options: ImportOptions): CheckedRow<Row>;
  /** Resolves a chunk of valid rows (lookups batched) into rows ready to write. */
  prepare(db: Db, rows: Row[], options: ImportOptions): Promise<PreparedRow<Row>[]>;
  /** Which of these duplicate keys are already stored. */
  existingKeys(db: Db, rows: PreparedRow<Row>[], options: ImportOptions): Promise<Set<string>>;
  /**
   * A mapping's rules beyond each required field having a column (partners: a name column, or
   * first and last names): a message, or null when the mapping will do.
   */
  checkMapping?(mapping: ImportMapping): string | null;
  /**
   * Targets that can change stored records instead of skipping them (partners: "fill empty
   * fields" or "overwrite"): the modes the wizard offers, `skip` first.
   */
  duplicateModes?: readonly DuplicateMode[];
  /**
   * Updates the stored records of one chunk (rows with `storedId`) inside a transaction of the
   * commit (the only one on PostgreSQL, one of many on the embedded database: decision 0140),
   * keeping what the undo needs to put them back.
   */
  update?(tx: ChangeContext, batchId: string, rows: PreparedRow<Row>[], options: ImportOptions): Promise<void>;
  /**
   * Rows per `write` call: fewer, larger statements run the table's statement triggers fewer
   * times. Keep rows × parameters per row under PostgreSQL's 65,535 parameters a statement.
   */
  writeRows: number;
  /** Writes one chunk inside a transaction of the commit, every row tagged with the batch. */
  write(tx: ChangeContext, batchId: string, rows: PreparedRow<Row>[], options: ImportOptions): Promise<void>;
  /** How many rows of the batch were changed after the import (shown before an undo). */
  changedSince(db: Db, batchId: string): Promise<number>;
  /**
   * What undoing the batch does besides removing its rows, said before the person confirms
   * (partners: updated partners put back, partners with gifts since archived). Null: nothing more.
   */
  undoNote?(db: Db, batchId: string): Promise<string | null>;
  /**
   * One short transaction of an undo (decision 0148): at most `max` of the batch's rows leave it,
   * removed, or kept where the undo keeps them (partners with gifts since are archived); returns
   * how many (and what else it did). Zero when none is left. The undo's last transaction
   * (`undo`) then does the rest, so a piece must leave the batch as `undo` would.
   */
  removePiece(tx: ChangeContext, batchId: string, max: number): Promise<number | ImportUndone>;
  /**
   * Removes what is left of the batch's rows and puts back what it changed, in the undo's last
   * transaction; returns how many (and what else it did). Also takes back a batch that did not
   * complete (decision 0140).
   */
  undo(tx: ChangeContext, batchId: string): Promise<number | ImportUndone>;
  /** Who hears of an import or an undo. */
  announce(): Announcement[];
}
