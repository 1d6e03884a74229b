import { and, asc, eq, gte, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { donations } from '#server/db/schema';
import { refuse } from '#server/service/errors';
import { centsToDecimal, decimalToCents } from '#shared/money';
import { zonedDayStart } from '#shared/time-zone';
import { drawStatement, type StatementGift, type StatementIssuer } from './statement-pdf';
import { statementFileName } from './statement-text';
import type { PartnerContact, PartnerDirectory } from './service';

/**
 * Where the statement's issuer comes from: the organization feature's settings and logo, handed
 * in by feature-wiring.ts (giving does not import that feature, decision 0098).
 */
export type StatementIssuerSource = (db: Db) => Promise<StatementIssuer>;

/** The instants a calendar year spans in the zone: [start, end). */
export function yearSpan(year: number, timeZone: string) {
  return { start: zonedDayStart(year, 0, 1, timeZone), end: zonedDayStart(year + 1, 0, 1, timeZone) };
}

const countsIn = (year: number, timeZone: string) => {
  const { start, end } = yearSpan(year, timeZone);
  // A voided gift counts nowhere (issue 19 item 2), statements included.
  return and(isNull(donations.voidedAt), gte(donations.donationDate, start), lt(donations.donationDate, end));
};

/** The partner's gifts of the year that count, oldest first, and their exact total. */
export async function statementGifts(db: Db, partnerId: string, year: number, timeZone: string) {
  const gifts: StatementGift[] = await db
    .select({
      donationDate: donations.donationDate,
      amount: donations.amount,
      donationType: donations.donationType,
      method: donations.method,
      reference: donations.reference,
    })
    .from(donations)
    .where(and(eq(donations.partnerId, partnerId), countsIn(year, timeZone)))
    .orderBy(asc(donations.donationDate), asc(donations.id));
  const total = gifts.reduce((sum, gift) => sum + decimalToCents(gift.amount), 0n);
  return { gifts, total: centsToDecimal(total) };
}

/** The partners with at least one gift that counts in the year (the batch's recipients). */
export async function partnersWhoGave(db: Db, year: number, timeZone: string): Promise<string[]> {
  const rows = await db
    .selectDistinct({ partnerId: donations.partnerId })
    .from(donations)
    .where(and(isNotNull(donations.partnerId), countsIn(year, timeZone)))
    .orderBy(sql`${donations.partnerId}`);
  return rows.map((row) => row.partnerId!);
}

/** One partner's statement for the year: its file name and the PDF as it is drawn. */
export async function buildStatement(
  db: Db,
  issuer: StatementIssuer,
  partner: PartnerContact,
  year: number,
  timeZone: string,
) {
  const { gifts, total } = await statementGifts(db, partner.id, year, timeZone);
  return {
    fileName: statementFileName(year, partner.name),
    gifts: gifts.length,
    document: await drawStatement({ issuer, partner, year, timeZone, gifts, total }),
  };
}

/** A partner's statement for the route: 404 for a partner that does not exist. */
export async function partnerStatement(
  db: Db,
  partners: PartnerDirectory,
  issuerOf: StatementIssuerSource,
  partnerId: string,
  year: number,
  timeZone: string,
) {
  const [partner] = await partners.contacts(db, [partnerId]);
  if (!partner) refuse(404, 'Partner not found');
  return buildStatement(db, await issuerOf(db), partner, year, timeZone);
}
