import type { Context } from 'hono';
import { Readable } from 'node:stream';
import type { StoredObject } from '../storage';

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
}

export function serveStoredObject(c: Context, object: StoredObject, options: ServeOptions): Response {
  const inline = options.disposition === 'inline';
  const headers = new Headers({
    'Content-Type': options.contentType,
    'Content-Length': String(object.size),
    'Content-Disposition': contentDisposition(options.disposition, options.filename),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': inline ? INLINE_CSP : ATTACHMENT_CSP,
    'X-Frame-Options': inline ? 'SAMEORIGIN' : 'DENY',
    'Cross-Origin-Resource-Policy': 'same-origin',
    'Cache-Control': options.cacheControl,
  });
  if (c.req.method === 'HEAD') {
    object.body.destroy();
    return new Response(null, { status: 200, headers });
  }
  const body = Readable.toWeb(object.body) as unknown as ReadableStream<Uint8Array>;
  return new Response(body, { status: 200, headers });
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
