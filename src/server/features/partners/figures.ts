import { count, desc, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { partners } from '#server/db/schema';
import { zonedDayStart } from '#shared/time-zone';

/** What the partners feature tells the dashboard (D9), asked through src/server/feature-wiring.ts. */

/** The 'Active Partners' card. */
export async function countActivePartners(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(partners).where(eq(partners.status, 'active'));
  return row?.n ?? 0;
}

/**
 * The latest partner additions and contacts for 'Recent Partner Activity', newest first. A
 * contact has only a date; it sorts as the start of that day in the reader's zone.
 */
export async function recentPartnerActivity(db: Db, timeZone: string, limit: number) {
  const [added, contacted] = await Promise.all([
    db
      .select({ id: partners.id, name: partners.name, createdAt: partners.createdAt })
      .from(partners)
      .orderBy(desc(partners.createdAt))
      .limit(limit),
    db
      .select({ id: partners.id, name: partners.name, lastContact: partners.lastContact })
      .from(partners)
      .where(isNotNull(partners.lastContact))
      .orderBy(desc(partners.lastContact))
      .limit(limit),
  ]);
  return [
    ...added.map((p) => ({
      kind: 'added' as const,
      key: `added-${p.id}`,
      partnerName: p.name,
      at: p.createdAt.toISOString(),
    })),
    ...contacted.map((p) => {
      const [year, month, day] = p.lastContact!.split('-').map(Number) as [number, number, number];
      return {
        kind: 'contacted' as const,
        key: `contacted-${p.id}`,
        partnerName: p.name,
        at: zonedDayStart(year, month - 1, day, timeZone).toISOString(),
        date: p.lastContact!,
      };
    }),
  ];
}
