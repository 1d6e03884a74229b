/** One field a change altered, its values as text. */
export interface FieldChange {
  field: string;
  before: string;
  after: string;
}

/**
 * Bookkeeping every update moves (a row's version, its last-updated time): true, but not what
 * a person changed. They stay in the full values below the table.
 */
const BOOKKEEPING = new Set(['version', 'updatedAt']);

const isValues = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asText = (value: unknown) =>
  value === null || value === undefined ? 'None' : typeof value === 'string' ? value : JSON.stringify(value);

/** "voidReason" as "void reason": the field's name as the words it is made of. */
const fieldWords = (key: string) =>
  key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();

/**
 * The fields an update changed, for the audit log's entry (decision 0182): a correction of a
 * gift reads "amount 714.00 → 764.00" instead of two blocks of JSON to compare by eye. Only when
 * the entry has both values as objects (an update); null for a creation, a deletion or an act
 * with no values. The after values' fields come first, in their order, then any only before.
 */
export function changedFields(before: unknown, after: unknown): FieldChange[] | null {
  if (!isValues(before) || !isValues(after)) return null;
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys
    .filter((key) => !BOOKKEEPING.has(key) && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ field: fieldWords(key), before: asText(before[key]), after: asText(after[key]) }));
}
