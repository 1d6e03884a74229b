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

export type SniffedVideoType = 'video/mp4' | 'video/webm';

/** Enough for an MP4's `ftyp` box and a WebM's EBML header with its DocType. */
export const VIDEO_SNIFF_BYTES = 64;

const EBML_MAGIC = [0x1a, 0x45, 0xdf, 0xa3];
const DOCTYPE_ID = [0x42, 0x82];

/**
 * MP4 (ISO base media: an `ftyp` box first, its type at byte 4) or WebM (an EBML header whose
 * DocType is "webm"; Matroska's "matroska" is not a WebM and browsers need not play it).
 */
export function sniffVideoType(head: Buffer): SniffedVideoType | null {
  if (startsWith(head, ascii('ftyp'), 4) && isFtypSize(head)) return 'video/mp4';
  if (startsWith(head, EBML_MAGIC) && ebmlDocType(head) === 'webm') return 'video/webm';
  return null;
}

/**
 * The `ftyp` box's own size (big-endian, bytes 0-3): at least its header, major brand and
 * version (16), and small (brands only), so text that happens to have "ftyp" at byte 4 is not a video.
 */
function isFtypSize(head: Buffer): boolean {
  if (head.length < 8) return false;
  const size = head.readUInt32BE(0);
  return size >= 16 && size <= 1024;
}

/** The DocType string of an EBML header within `head`, if it is there. */
function ebmlDocType(head: Buffer): string | null {
  for (let i = EBML_MAGIC.length; i + 2 < head.length; i++) {
    if (!startsWith(head, DOCTYPE_ID, i)) continue;
    const sizeByte = head[i + 2]!;
    // An EBML variable-length size: the first set bit says how many bytes it takes.
    const width = Math.clz32(sizeByte) - 23;
    if (width < 1 || width > 8 || i + 2 + width > head.length) return null;
    let size = sizeByte & (0xff >> width);
    for (let k = 1; k < width; k++) size = size * 256 + head[i + 2 + k]!;
    const start = i + 2 + width;
    if (size > 32 || start + size > head.length) return null;
    return head.subarray(start, start + size).toString('latin1');
  }
  return null;
}
