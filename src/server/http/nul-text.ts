/**
 * Text that cannot be stored: PostgreSQL cannot store U+0000 in text (the insert fails, which
 * would be a server error; PGlite quietly accepts it), and a lone UTF-16 surrogate (JSON's
 * "\ud800" alone) is no character at all: file names and the database's UTF-8 cannot hold it.
 * Validated input is checked for both so every database answers with a readable 400 instead,
 * before anything is written.
 */
export const NUL_TEXT_MESSAGE =
  'Text cannot contain the invisible NUL character (U+0000) or a broken character (a lone surrogate).';

// A high surrogate not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/** The path ("fields.0.label") of the first string holding U+0000 or a lone surrogate, or undefined. */
export function findNulText(value: unknown, path: string[] = [], depth = 0): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? path.join('.') : undefined;
  if (depth > 20 || value === null || typeof value !== 'object') return undefined;
  for (const [key, inner] of Object.entries(value)) {
    if (unstorable(key)) return [...path, key].join('.');
    const found = findNulText(inner, [...path, key], depth + 1);
    if (found !== undefined) return found;
  }
  return undefined;
}
