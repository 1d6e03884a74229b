import { secureHeaders } from 'hono/secure-headers';

/**
 * Strict defaults: only our own scripts, no framing of the portal, no sniffing. Inline styles
 * are allowed because Radix positions popovers with style attributes. A response that sets
 * one of these headers itself keeps its own (stored files: a sandboxing CSP that lets the
 * portal frame a preview, http/stored-file.ts).
 */
export const securityHeaders = secureHeaders({
  overwrite: false,
  contentSecurityPolicy: {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    frameSrc: ["'self'"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: 'DENY',
  xContentTypeOptions: 'nosniff',
  referrerPolicy: 'strict-origin-when-cross-origin',
  crossOriginEmbedderPolicy: false,
  // HSTS belongs to the HTTPS front (reverse proxy); sent over plain HTTP it only misleads.
  strictTransportSecurity: false,
});
