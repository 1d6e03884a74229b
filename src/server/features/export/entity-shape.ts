/**
 * The shape of the complete export's list (entities.ts, issue 25 item 4, decision 0128): each
 * entry is a data file, a table (or part of one) with the columns a ministry may take to
 * another system, and the words the archive's README uses for them. Secrets are left out by
 * naming columns, never by leaving them out of a `select *`: a column added to a table later is
 * not exported until it is listed in entities-*.ts (password hashes, two-factor secrets,
 * session and link tokens, the auth secret).
 */

/**
 * How a column is written: `timestamp` as ISO 8601 in UTC with microseconds, `date` as
 * YYYY-MM-DD, `decimal` as an exact decimal string, `json` as JSON (a JSON text in the CSV).
 */
export type ColumnType = 'text' | 'boolean' | 'integer' | 'number' | 'decimal' | 'timestamp' | 'date' | 'json';

export interface ExportColumn {
  name: string;
  type: ColumnType;
  about: string;
  /** The SQL giving the value, over the table aliased `t`; the column of the same name when absent. */
  expr?: string;
}

export interface ExportEntity {
  /** The data files' name: `data/<name>.json` and `data/<name>.csv`. */
  name: string;
  about: string;
  table: string;
  /** Rows of the table left out (the SQL condition over `t`). */
  where?: string;
  /** The primary key: rows are read in its order, one page after the other (keyset). */
  key: readonly string[];
  columns: readonly ExportColumn[];
  /** Files: each row's stored contents go into the archive too. */
  contents?: true;
}

// The columns most tables share, worded once.
export const id = (about: string): ExportColumn => ({ name: 'id', type: 'text', about });
export const created = (about = 'When it was created.'): ExportColumn => ({
  name: 'created_at',
  type: 'timestamp',
  about,
});
export const userRef = (name: string, about: string): ExportColumn => ({
  name,
  type: 'text',
  about: `${about} (users.id).`,
});
