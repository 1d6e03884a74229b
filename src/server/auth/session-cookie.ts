import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Reads better-auth's signed session cookie without better-auth, for the per-request fast path
 * (principal.ts). better-auth (through better-call) writes the cookie as
 * encodeURIComponent(`${token}.${base64(HMAC-SHA256(secret, token))}`) and reads the first
 * cookie of that name in the header; this follows the same rules, so for any header both
 * accept the same token or neither does. Anything this does not recognise is left to
 * better-auth itself, which stays the authority.
 */
export function signedSessionToken(
  cookieHeader: string | undefined,
  cookieName: string,
  secret: string,
): string | null {
  if (!cookieHeader) return null;
  const raw = firstCookie(cookieHeader, cookieName);
  if (!raw) return null;
  const dot = raw.lastIndexOf('.');
  if (dot < 1) return null;
  const token = raw.slice(0, dot);
  const signature = raw.slice(dot + 1);
  // An HMAC-SHA256 in standard base64 is 44 characters ending in '=' (better-call's own check).
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const given = Buffer.from(signature, 'base64');
  const expected = createHmac('sha256', secret).update(token).digest();
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

/** The value of the first cookie named `name`, trimmed, unquoted and URI-decoded (as better-call parses). */
function firstCookie(header: string, name: string): string | null {
  let index = 0;
  while (index < header.length) {
    const eq = header.indexOf('=', index);
    if (eq === -1) return null;
    let end = header.indexOf(';', index);
    if (end === -1) end = header.length;
    else if (end < eq) {
      // A pair without '=': skip to the next pair.
      index = header.lastIndexOf(';', eq - 1) + 1;
      continue;
    }
    if (header.slice(index, eq).trim() === name) {
      let value = header.slice(eq + 1, end).trim();
      if (value.codePointAt(0) === 34) value = value.slice(1, -1);
      return decode(value);
    }
    index = end + 1;
  }
  return null;
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
