/**
 * PostgreSQL cannot store U+0000 in text (the insert fails, which would be a server error);
 * PGlite quietly accepts it. Validated input is checked for it so both answer with a readable
 * 400 instead, before anything is written.
 */
export const NUL_TEXT_MESSAGE = 'Text cannot contain the invisible NUL character (U+0000).';

/** The path ("fields.0.label") of the first string holding U+0000, or undefined. */
export function findNulText(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (key.includes('\u0000')) return [...path, key].join('.');
    const found = findNulText(inner, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
