import { refuse } from '#server/service/errors';

/**
 * Keyset cursors over (timestamptz, id), newest first: the audit log (by entry number) and the
 * Giving screen (by gift uuid). The time travels as PostgreSQL wrote it, to the microsecond, so
 * the next page starts exactly where the last one ended; a cursor this server did not write is
 * a 400, never a query.
 */

// A timestamptz as PostgreSQL writes it as text: '2026-11-25 04:11:49.123456+00'.
const TIMESTAMP_TEXT = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}(\.\d{1,6})?[+-]\d{2}(:\d{2}){0,2}$/;

export function encodeTimeCursor(atText: string, id: string | number): string {
  return Buffer.from(JSON.stringify([atText, id])).toString('base64url');
}

export function decodeTimeCursor<Id extends string | number>(
  text: string,
  isId: (value: unknown) => value is Id,
): { atText: string; id: Id } {
  try {
    const [atText, id] = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof atText === 'string' && TIMESTAMP_TEXT.test(atText) && isId(id)) return { atText, id };
  } catch {
    // fall through: not a cursor this server wrote
  }
  refuse(400, 'Invalid cursor');
}
