import type { ByteRange } from '../storage/storage';

/**
 * What a `Range` header asks of an object of `size` bytes (RFC 9110 section 14):
 * - `whole`: no Range header, or several ranges (answered with the whole object, 200, which
 *   the RFC allows: players ask for one range at a time, and a multipart/byteranges answer
 *   would be code nobody calls);
 * - `range`: one satisfiable range, clipped to the object (206);
 * - `unsatisfiable`: a range past the end, or a header that is not a byte range at all (416
 *   with `Content-Range: bytes * /size`, decision 0122).
 */
export type RangeAnswer = { kind: 'whole' } | { kind: 'range'; range: ByteRange } | { kind: 'unsatisfiable' };

const ONE_RANGE = /^(\d*)-(\d*)$/;

export function parseRange(header: string | undefined | null, size: number): RangeAnswer {
  if (header === undefined || header === null) return { kind: 'whole' };
  const match = /^\s*bytes\s*=\s*(.+)$/i.exec(header);
  if (!match) return { kind: 'unsatisfiable' };
  const specs = match[1]!.split(',').map((s) => s.trim());
  const parsed: (ByteRange | null)[] = [];
  for (const spec of specs) {
    const parts = ONE_RANGE.exec(spec);
    if (!parts) return { kind: 'unsatisfiable' };
    const [, first, last] = parts;
    const range = toRange(first!, last!, size);
    if (range === undefined) return { kind: 'unsatisfiable' };
    parsed.push(range);
  }
  const satisfiable = parsed.filter((r): r is ByteRange => r !== null);
  if (satisfiable.length === 0) return { kind: 'unsatisfiable' };
  if (specs.length > 1) return { kind: 'whole' };
  return { kind: 'range', range: satisfiable[0]! };
}

/** One `first-last`, `first-` or `-suffix`: null when it lies past the end, undefined when malformed. */
function toRange(first: string, last: string, size: number): ByteRange | null | undefined {
  if (first === '' && last === '') return undefined;
  if (first === '') {
    // The last `suffix` bytes; a zero-length suffix selects nothing.
    const suffix = Number(last);
    if (!Number.isSafeInteger(suffix)) return undefined;
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Number(last);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end)) return undefined;
  if (last !== '' && end < start) return undefined;
  if (start >= size) return null;
  return { start, end: Math.min(end, size - 1) };
}

/** `bytes 0-99/1234` for a 206. */
export const contentRange = (range: ByteRange, size: number) => `bytes ${range.start}-${range.end}/${size}`;

/** The 416 answer: no body, and the size, so the player can ask again within it. */
export function rangeNotSatisfiable(size: number): Response {
  return new Response(null, {
    status: 416,
    headers: {
      'Content-Range': `bytes */${size}`,
      'Accept-Ranges': 'bytes',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
