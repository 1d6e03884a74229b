/**
 * Content types recognised by their first bytes (magic numbers), never by a name or a
 * declared type, which the uploader controls.
 */
export type SniffedImageType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** How many leading bytes the checks below need. */
export const SNIFF_BYTES = 16;

const startsWith = (head: Buffer, bytes: readonly number[], offset = 0) =>
  head.length >= offset + bytes.length && bytes.every((b, i) => head[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffImageType(head: Buffer): SniffedImageType | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  return null;
}

export function isPdf(head: Buffer): boolean {
  return startsWith(head, ascii('%PDF-'));
}

/** Text has no NUL bytes; binary formats almost always do within their first bytes. */
export function looksLikeText(head: Buffer): boolean {
  return !head.includes(0);
}
