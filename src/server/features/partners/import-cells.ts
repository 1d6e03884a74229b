import { sql } from 'drizzle-orm';
import { PARTNER_FORM_FIELDS, TAG_LIMITS } from '#shared/partners';
import { partnerSchema, type PartnerValues } from '#shared/schemas/partners';

/** The partner form's fields an import can fill (last contact is the contact log's). */
export const IMPORTED_FIELDS = PARTNER_FORM_FIELDS;
export type ImportedField = (typeof IMPORTED_FIELDS)[number];
export type ImportedValues = Pick<PartnerValues, ImportedField>;

/**
 * The editable fields as `json_to_recordset` (or `jsonb_to_record`) reads them, named as
 * `ImportedValues` names them: the writes send rows this way, and the values a batch's update
 * kept (`partner_import_changes.before`) are read back this way.
 */
export const VALUES_RECORD = sql`name text, email text, phone text, location text, status text, coordinator text,
  notes text, zone text, "cardholderStatus" boolean`;

/** A checked row: the form's values, the fields the file gave, and its tags. */
export interface CheckedPartner {
  values: ImportedValues;
  /** Fields with a cell in the file: "fill" and "overwrite" touch only these. */
  given: ImportedField[];
  /** Tag names, as first written in the cell, without repeats (ignoring case). */
  tags: string[];
}

/**
 * Text lower-cased as the database's lower() does it: one character at a time. JavaScript's
 * toLowerCase makes 'İ' two characters ('i̇') and a word's last 'Σ' a final 'ς', where
 * PostgreSQL and PGlite write 'i' and 'σ'. The file's own repeats are keyed by this, so two rows
 * the database takes for one name are one here too (an integration test compares the two).
 */
export function lowerAsDatabase(text: string): string {
  if (!/[^\p{ASCII}]/u.test(text)) return text.toLowerCase();
  let lowered = '';
  for (const ch of text) lowered += ch === 'İ' ? 'i' : ch.toLowerCase();
  return lowered;
}

type Cells = Record<string, string>;
type CellErrors = { field?: string; message: string }[];

const YES = new Set(['yes', 'y', 'true', '1', 'x', 'cardholder']);
const NO = new Set(['no', 'n', 'false', '0']);

/** Yes, no, true, false, 1, 0, y, n or x (a ticked box) as a boolean; anything else is kept for the form's message. */
export function parseCardholder(text: string): boolean | string {
  const word = text.trim().toLowerCase();
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return text;
}

/** Tags in one cell, separated by commas or semicolons: trimmed, empty ones dropped, repeats (ignoring case) once. */
export function parseTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const part of text.split(/[,;]/)) {
    const tag = part.trim().replace(/\s+/g, ' ');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/** A row whose email cell is empty: every partner has an email (SPEC.md section 5's form). */
const EMAIL_MISSING = 'Email is required';

/** The digits of a phone number: how two rows' phones are compared. */
export const phoneDigits = (phone: string | null | undefined) => (phone ?? '').replace(/\D/g, '');

/**
 * One row's mapped cells checked under the partner form's own schema (its messages, per field),
 * the name made of first and last names when no name column is mapped, and the tags cell
 * within the tag limits.
 */
export function checkPartnerCells(
  cells: Cells,
): { ok: true; value: CheckedPartner } | { ok: false; errors: CellErrors } {
  const errors: CellErrors = [];
  const name = cells.name ?? ([cells.firstName, cells.lastName].filter(Boolean).join(' ') || undefined);
  const input: Record<string, unknown> = {
    name: name ?? '',
    email: cells.email ?? '',
    phone: cells.phone,
    location: cells.location,
    coordinator: cells.coordinator,
    notes: cells.notes,
    zone: cells.zone,
  };
  if (cells.status !== undefined) input.status = cells.status.trim().toLowerCase();
  if (cells.cardholderStatus !== undefined) input.cardholderStatus = parseCardholder(cells.cardholderStatus);
  const parsed = partnerSchema.safeParse(input);
  if (!parsed.success) {
    const emailBlank = (cells.email ?? '').trim() === '';
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? '');
      // The form's one message for every bad email (SPEC.md) reads oddly on an empty cell: a
      // spreadsheet row is told what it lacks.
      errors.push({ field, message: field === 'email' && emailBlank ? EMAIL_MISSING : issue.message });
    }
  }
  const tags = cells.tags ? parseTags(cells.tags) : [];
  const long = tags.find((tag) => tag.length > TAG_LIMITS.name);
  if (long) {
    errors.push({
      field: 'tags',
      message: `Tag "${long.slice(0, 20)}…" is longer than ${TAG_LIMITS.name} characters`,
    });
  }
  if (tags.length > TAG_LIMITS.perPartner) {
    errors.push({
      field: 'tags',
      message: `A partner can have at most ${TAG_LIMITS.perPartner} tags (this row has ${tags.length})`,
    });
  }
  if (errors.length > 0 || !parsed.success) return { ok: false, errors };
  const out = parsed.data;
  const values: ImportedValues = {
    name: out.name,
    email: out.email,
    phone: out.phone,
    location: out.location,
    status: out.status,
    coordinator: out.coordinator,
    notes: out.notes,
    zone: out.zone,
    cardholderStatus: out.cardholderStatus,
  };
  const given = IMPORTED_FIELDS.filter((field) =>
    field === 'name' ? true : field === 'email' ? true : cells[field] !== undefined && values[field] !== null,
  );
  return { ok: true, value: { values, given, tags } };
}
