import type { Context } from 'hono';
import { Readable } from 'node:stream';
import type { ByteRange, Storage, StoredObject } from '../storage';
import { refuse } from '../service/errors';
import { contentRange, parseRange, rangeNotSatisfiable } from './byte-range';

/**
 * Stored files are served so that nothing uploaded can run script in the portal's origin
 * (D7): nosniff everywhere; a CSP sandbox (an opaque origin, no scripts, no forms, no
 * plugins) on every answer; inline only for the types the caller vetted, and only framed by
 * the portal itself. Everything else is an attachment.
 */
export const INLINE_CSP =
  "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";
export const ATTACHMENT_CSP = "sandbox; default-src 'none'; frame-ancestors 'none'";

export interface ServeOptions {
  filename: string;
  contentType: string;
  disposition: 'inline' | 'attachment';
  cacheControl: string;
  /** Served as a 206 of these bytes (the object's body then holds only them). */
  range?: ByteRange;
  /** Says `Accept-Ranges: bytes`: the route answers Range requests (serveStoredObjectRanges). */
  acceptRanges?: boolean;
}

export function serveStoredObject(c: Context, object: StoredObject, options: ServeOptions): Response {
  const inline = options.disposition === 'inline';
  const { range } = options;
  const headers = new Headers({
    'Content-Type': options.contentType,
    'Content-Length': String(range ? range.end - range.start + 1 : object.size),
    'Content-Disposition': contentDisposition(options.disposition, options.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': inline ? INLINE_CSP : ATTACHMENT_CSP,
    'X-Frame-Options': inline ? 'SAMEORIGIN' : 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': options.cacheControl,
  });
  if (options.acceptRanges || range) headers.set('Accept-Ranges', 'bytes');
  if (range) headers.set('Content-Range', contentRange(range, object.size));
  const status = range ? 206 : 200;
  if (c.req.method === 'HEAD') {
    object.body.destroy();
    return new Response(null, { status, headers });
  }
  const body = Readable.toWeb(object.body) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}

/**
 * Serves a stored object answering HTTP Range requests (seeking in a video, resuming a
 * download): 206 with only the bytes asked for, read from storage as a range and streamed, so
 * nothing holds the whole object; 416 for a range past the end or a malformed one. `size` is
 * the object's size as its record knows it, so the range is settled before storage is asked.
 */
export async function serveStoredObjectRanges(
  c: Context,
  storage: Storage,
  key: string,
  size: number,
  options: Omit<ServeOptions, 'range' | 'acceptRanges'> & { notFound: string },
): Promise<Response> {
  const answer = parseRange(c.req.header('range'), size);
  if (answer.kind === 'unsatisfiable') return rangeNotSatisfiable(size);
  const range = answer.kind === 'range' ? answer.range : undefined;
  const object = await storage.get(key, range);
  if (!object) refuse(404, options.notFound);
  if (range && object.size !== size) {
    // The record and the object disagree (never expected): serve what is there, whole.
    object.body.destroy();
    const whole = await storage.get(key);
    if (!whole) refuse(404, options.notFound);
    return serveStoredObject(c, whole, { ...options, acceptRanges: true });
  }
  return serveStoredObject(c, object, { ...options, range, acceptRanges: true });
}

/** RFC 6266 with an RFC 5987 `filename*` for names beyond ASCII, and a plain fallback. */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\%]/g, '_');
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
