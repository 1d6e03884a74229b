import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appSettings } from '../db/schema';

/**
 * The cookie-signing secret: AUTH_SECRET when configured, else one generated on first start
 * and kept in the database, so every instance sharing the database signs alike and nobody
 * has to invent a secret to get started.
 */
export async function resolveAuthSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured;
  await db
    .insert(appSettings)
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, 'auth_secret'));
  if (!row) throw new Error('auth secret could not be stored');
  return row.value;
}
