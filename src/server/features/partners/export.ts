import { and, sql } from 'drizzle-orm';
import { partners } from '#server/db/schema';
import type { CsvExport } from '#server/http/csv-stream';
import type { Db } from '#server/db/client';
import type { ServiceContext } from '#server/service/context';
import type { PartnerFilterValues } from '#shared/schemas/partners';
import { directoryConditions, listPartners } from './service';
import type { TagView } from './tag-links';
import { zonedDate } from '#shared/time-zone';

/** Partners read per page of the export: the keyset walk never holds more. */
const EXPORT_BATCH = 500;

type ExportedPartner = Awaited<ReturnType<typeof listPartners>>['partners'][number];

/** How many partners the directory's filters match: "Tag all" names it before it asks. */
export async function countPartners(db: Db, filters: PartnerFilterValues): Promise<number> {
  const [counted] = await db
    .select({ rows: sql<number>`count(*)::int` })
    .from(partners)
    .where(and(...directoryConditions(filters)));
  return Number(counted!.rows);
}

/**
 * "Export CSV" (issue 20): the filtered directory, as the list orders it, paged through with
 * the list's keyset so the whole result is never in memory. The export is recorded first, with
 * its filters and the number of rows it will write.
 */
export async function* exportPartners(ctx: ServiceContext, filters: PartnerFilterValues) {
  const {
    cursor: _cursor,
    limit: _limit,
    ...used
  } = filters as PartnerFilterValues & { cursor?: string; limit?: number };
  await ctx.change(async (tx) => {
    const rows = await countPartners(tx.db, used);
    await tx.record({
      action: 'partners.exported',
      subject: { type: 'partner', id: 'export' },
      after: { filters: used, rows },
    });
  });
  let cursor: string | undefined;
  for (;;) {
    const { partners: page, nextCursor } = await listPartners(ctx.db, { ...used, cursor, limit: EXPORT_BATCH });
    yield* page;
    if (!nextCursor) return;
    cursor = nextCursor;
  }
}

const tagNames = (tags: TagView[]) => tags.map((tag) => tag.name).join('; ');

/**
 * The columns of the export: the partner form's fields, the tags, and whether archived (the day
 * it was archived, in the zone of the person exporting, as the gifts export reads its dates).
 */
export const partnersCsv = (timeZone: string): CsvExport<ExportedPartner> => ({
  bom: true,
  columns: [
    'Name',
    'Email',
    'Phone',
    'Location',
    'Status',
    'Zone',
    'Coordinator',
    'Cardholder',
    'Last contact',
    'Tags',
    'Notes',
    'Archived',
    'Partner id',
  ],
  row: (partner) => [
    partner.name,
    partner.email,
    partner.phone ?? '',
    partner.location ?? '',
    partner.status === 'active' ? 'Active' : 'Inactive',
    partner.zone ?? '',
    partner.coordinator ?? '',
    partner.cardholderStatus ? 'Yes' : 'No',
    partner.lastContact ?? '',
    tagNames(partner.tags),
    partner.notes ?? '',
    partner.archivedAt ? zonedDate(new Date(partner.archivedAt), timeZone) : '',
    partner.id,
  ],
});
