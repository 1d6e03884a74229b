import type { HttpBindings } from '@hono/node-server';
import { createMiddleware } from 'hono/factory';

/**
 * Strict defaults: only our own scripts, no framing of the portal, no sniffing. Inline styles
 * are allowed because Radix positions popovers with style attributes. HSTS belongs to the
 * HTTPS front (reverse proxy); sent over plain HTTP it only misleads. The set is what hono's
 * secureHeaders() produced with these settings (cross-origin embedder policy off), written out
 * once so no request pays for building it (docs/decisions/0055).
 */
export const SECURITY_HEADERS: readonly (readonly [name: string, value: string])[] = [
  [
    'content-security-policy',
    [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob:",
      "connect-src 'self'",
      "font-src 'self' data:",
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      "frame-ancestors 'none'",
    ].join('; '),
  ],
  ['cross-origin-opener-policy', 'same-origin'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['origin-agent-cluster', '?1'],
  ['referrer-policy', 'strict-origin-when-cross-origin'],
  ['x-content-type-options', 'nosniff'],
  ['x-dns-prefetch-control', 'off'],
  ['x-download-options', 'noopen'],
  ['x-frame-options', 'DENY'],
  ['x-permitted-cross-domain-policies', 'none'],
  ['x-xss-protection', '0'],
];

/**
 * Puts the security headers on every answer. A response that sets one of them itself keeps its
 * own (stored files: a sandboxing CSP that lets the portal frame a preview, http/stored-file.ts).
 *
 * Behind a socket the headers go straight onto Node's response before the handler runs: Node
 * merges them with the headers the response is written with, and those win. Setting them on
 * the web Response instead made hono materialise a Headers object for every answer, which
 * halved the server's throughput (docs/decisions/0055). Without a socket (`app.request()` in
 * tests) they are added to the web Response, with the same precedence.
 */
export const securityHeaders = createMiddleware(async (c, next) => {
  const outgoing = (c.env as Partial<HttpBindings> | undefined)?.outgoing;
  if (outgoing && typeof outgoing.setHeader === 'function') {
    for (const [name, value] of SECURITY_HEADERS) outgoing.setHeader(name, value);
    return next();
  }
  await next();
  for (const [name, value] of SECURITY_HEADERS) {
    if (!c.res.headers.has(name)) c.res.headers.set(name, value);
  }
});
