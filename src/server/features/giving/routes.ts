import { Hono } from 'hono';
import type { AppEnv } from '#server/http/app-env';
import { csvHeaders, csvStream } from '#server/http/csv-stream';
import { requireFeature, requireRole } from '#server/http/require';
import { contextOf } from '#server/http/service-context';
import { validate } from '#server/http/validate';
import { refuse } from '#server/service/errors';
import { downloadDay, isValidTimeZone } from '#shared/time-zone';
import { partnerIdParamSchema } from '#shared/schemas/partners';
import { donationSchema, partnerOptionsQuerySchema } from '#shared/schemas/giving';
import {
  giftCorrectionSchema,
  giftIdParamSchema,
  giftQuerySchema,
  giftVoidSchema,
  insightsQuerySchema,
  unlinkedLinksSchema,
} from '#shared/schemas/giving-ledger';
import { importRoutes } from '#server/imports/routes';
import type { ImportTarget } from '#server/imports/target';
import type { GiftRow } from './import-target';
import { correctGift, giftHistory, voidGift } from './corrections';
import { giftsCsv } from './csv';
import { donorInsights } from './insights';
import { linkUnlinked, unlinkedGifts } from './unlinked';
import { exportGifts, listGifts } from './ledger';
import { addDonation, listPartnerDonations, type CurrencySource, type PartnerDirectory } from './service';
import { statementRoutes } from './statement-routes';
import type { StatementIssuerSource } from './statements';

/** Only admins record gifts (SPEC.md section 6, D4); checked before the body is even read. */
const requireAdmin = requireRole('admin');
/** Gift-level records: each gift, corrections, exports (DECISIONS.md D12, issue 19). */
const requireGiving = requireFeature('giving');

/**
 * /api/giving: gifts. Adding one and its partner type-ahead belong to the dashboard's Monthly
 * Giving card (the dashboard feature, admins, docs/decisions/0023, 0098); everything that
 * shows or changes single gifts needs Giving Records.
 */
export function givingRoutes(
  partners: PartnerDirectory,
  imports: ImportTarget<GiftRow>,
  issuerOf: StatementIssuerSource,
  currency: CurrencySource,
) {
  return (
    new Hono<AppEnv>()
      // Upload, map, preview, dry run, commit and undo (the shared pipeline, decision 0113).
      .route('/imports', importRoutes(imports))
      // Year-end statements, one or a year's in an archive, and by email (decision 0112).
      .route('/statements', statementRoutes(partners, issuerOf))
      // The partner type-ahead of Add Donation (admins) and of a gift's correction (Giving Records,
      // which admins always hold).
      .get('/partner-options', requireGiving, validate('query', partnerOptionsQuerySchema), async (c) =>
        c.json({ partners: await partners.options(c.var.deps.database.db, c.req.valid('query').q) }, 200),
      )
      .post('/donations', requireFeature('dashboard'), requireAdmin, validate('json', donationSchema), async (c) =>
        c.json({ donation: await addDonation(contextOf(c), partners, currency, c.req.valid('json')) }, 201),
      )
      .get('/partners/:id/donations', requireGiving, validate('param', partnerIdParamSchema), async (c) => {
        const { id } = c.req.valid('param');
        const db = c.var.deps.database.db;
        if (!(await partners.exists(db, id))) refuse(404, 'Partner not found');
        return c.json(await listPartnerDonations(db, id), 200);
      })
      .get('/insights', requireGiving, validate('query', insightsQuerySchema), async (c) => {
        const { tz } = c.req.valid('query');
        const timeZone = tz && isValidTimeZone(tz) ? tz : 'UTC';
        // A donor's open task is named only to a reader who may see tasks.
        const openTasks = c.var.access?.permissions.tasks ?? false;
        return c.json(await donorInsights(c.var.deps.database.db, new Date(), timeZone, { openTasks }), 200);
      })
      .get('/unlinked', requireGiving, async (c) => c.json(await unlinkedGifts(c.var.deps.database.db, partners), 200))
      .post('/unlinked/link', requireGiving, validate('json', unlinkedLinksSchema), async (c) =>
        c.json(await linkUnlinked(contextOf(c), partners, c.req.valid('json')), 200),
      )
      .get('/gifts', requireGiving, validate('query', giftQuerySchema), async (c) =>
        c.json(await listGifts(c.var.deps.database.db, c.req.valid('query')), 200),
      )
      .get('/gifts.csv', requireGiving, validate('query', giftQuerySchema), async (c) => {
        const query = c.req.valid('query');
        const gifts = exportGifts(contextOf(c), query);
        // The export is recorded before the first byte (the generator's first step).
        const first = await gifts.next();
        const timeZone = query.tz && isValidTimeZone(query.tz) ? query.tz : 'UTC';
        return new Response(csvStream(giftsCsv(timeZone), first, gifts), {
          status: 200,
          headers: csvHeaders(`gifts-${downloadDay(timeZone)}.csv`),
        });
      })
      .get('/gifts/:id/history', requireGiving, validate('param', giftIdParamSchema), async (c) =>
        c.json(await giftHistory(c.var.deps.database.db, c.req.valid('param').id), 200),
      )
      .patch(
        '/gifts/:id',
        requireGiving,
        validate('param', giftIdParamSchema),
        validate('json', giftCorrectionSchema),
        async (c) =>
          c.json(
            { gift: await correctGift(contextOf(c), partners, c.req.valid('param').id, c.req.valid('json')) },
            200,
          ),
      )
      .post(
        '/gifts/:id/void',
        requireGiving,
        validate('param', giftIdParamSchema),
        validate('json', giftVoidSchema),
        async (c) => c.json({ gift: await voidGift(contextOf(c), c.req.valid('param').id, c.req.valid('json')) }, 200),
      )
  );
}
