import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The token in a notification email's unsubscribe link (docs/decisions/0100): the person's id
 * and an HMAC of it under the installation's secret, so the link works without signing in and
 * cannot be made for anyone else. It only ever turns email notifications off.
 */
const mac = (secret: string, userId: string) =>
  createHmac('sha256', secret).update(`unsubscribe:${userId}`).digest('base64url');

export function unsubscribeToken(secret: string, userId: string): string {
  return `${Buffer.from(userId).toString('base64url')}.${mac(secret, userId)}`;
}

/** The person's id, or null when the token was altered or is not one of ours. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const [encodedId, signature, extra] = token.split('.');
  if (!encodedId || !signature || extra !== undefined) return null;
  const userId = Buffer.from(encodedId, 'base64url').toString();
  const expected = Buffer.from(mac(secret, userId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? userId : null;
}
