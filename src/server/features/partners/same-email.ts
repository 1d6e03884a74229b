import { and, asc, ne, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { partners } from '#server/db/schema';
import type { PartnersWithEmail } from '#shared/schemas/partners';

/** The form names this many; the rest are counted. */
const NAMED = 3;

/**
 * Partners who already have `email`, compared as the import compares it (lower-cased, one probe
 * of partners_email_lower_idx), archived ones too: they come back when unarchived. A shared
 * email is allowed (a couple may give as two partners), so this only informs the form
 * (decision 0162); `exceptId` is the partner being edited.
 */
export async function partnersWithEmail(db: Db, email: string, exceptId?: string): Promise<PartnersWithEmail> {
  const rows = await db
    .select({
      id: partners.id,
      name: partners.name,
      archived: sql<boolean>`${partners.archivedAt} is not null`,
      total: sql<number>`(count(*) over ())::int`,
    })
    .from(partners)
    .where(and(sql`lower(${partners.email}) = lower(${email})`, exceptId ? ne(partners.id, exceptId) : undefined))
    .orderBy(asc(partners.name), asc(partners.id))
    .limit(NAMED);
  return { partners: rows.map(({ total: _, ...partner }) => partner), total: rows[0]?.total ?? 0 };
}
