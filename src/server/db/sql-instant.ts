import { sql } from 'drizzle-orm';

/**
 * An instant as a timestamptz parameter. Sent as ISO text with an explicit cast, so PGlite and
 * node-postgres compare it the same way whatever the session's time zone.
 */
export const ts = (date: Date) => sql`${date.toISOString()}::timestamptz`;
