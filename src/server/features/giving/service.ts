import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { donations } from '#server/db/schema';
import type { ServiceContext } from '#server/service/context';
import { refuse } from '#server/service/errors';
import { centsToDecimal, decimalToCents } from '#shared/money';
import type { DonationValues } from '#shared/schemas/giving';
import { giftsChanged } from './announce';

/**
 * What giving asks of the partners feature, which owns the partners table. Giving does not
 * import that feature: src/server/feature-wiring.ts hands these in (docs/decisions/0098).
 */
export interface PartnerDirectory {
  /** True when a partner with this id exists (read with `db`, the change's transaction when writing). */
  exists(db: Db, id: string): Promise<boolean>;
  /** The partner's current name; null when no partner has the id. */
  nameOf(db: Db, id: string): Promise<string | null>;
  /** Partners whose name contains the text, for the Add Donation type-ahead. */
  options(db: Db, text: string | undefined): Promise<{ id: string; name: string; location: string | null }[]>;
  /**
   * Inside a gift's insert, so recording a gift reads nothing first (docs/decisions/0139): the
   * id when a partner has it, and the one partner named exactly this (ignoring case and
   * surrounding spaces); null when there is none (or, by name, several).
   */
  idIfExistsSql(id: string): SQL<string | null>;
  idNamedSql(name: string): SQL<string | null>;
  /**
   * For imports, a chunk at a time: the partners whose email is one of these whatever its case,
   * by the email as given. An email two partners share lists both, so the caller can refuse to pick one.
   */
  byEmails(db: Db, emails: string[]): Promise<Map<string, PartnerMatch[]>>;
  /** The same by exact name, ignoring case as the database does (keys as given). */
  byNames(db: Db, names: string[]): Promise<Map<string, PartnerMatch[]>>;
  /** Name, email and location of these partners, for their year-end statements (unknown ids are left out). */
  contacts(db: Db, ids: readonly string[]): Promise<PartnerContact[]>;
}

/**
 * The organization's display currency, which a gift's alert is written in (the organization
 * feature owns the settings; feature-wiring.ts hands this in): an expression the gift's insert
 * returns, so the alert needs no read of its own (docs/decisions/0143), and how to read it.
 */
export interface CurrencySource {
  storedSql: SQL<string | null>;
  of(stored: string | null): string;
}

/** What the donation rule of notices.ts is handed with a gift recorded (the change's `unrecorded`). */
export interface GiftAlertFacts {
  currency: string;
}

export interface PartnerMatch {
  id: string;
  name: string;
}

export interface PartnerContact {
  id: string;
  name: string;
  email: string;
  location: string | null;
}

/**
 * Records a gift dated now (SPEC.md section 7); a picked partner must exist. A name typed, not
 * picked, is the partner of that name when exactly one partner has it (issue 27): the gift
 * then counts for them, and the answer says it was linked. Every open dashboard and the
 * partner's details refresh.
 */
export async function addDonation(
  ctx: ServiceContext,
  directory: PartnerDirectory,
  currency: CurrencySource,
  values: DonationValues,
) {
  return ctx.change(async (tx) => {
    const [inserted] = await tx.db
      .insert(donations)
      .values({
        ...values,
        partnerId: values.partnerId
          ? directory.idIfExistsSql(values.partnerId)
          : directory.idNamedSql(values.partnerName),
        userId: tx.actor.id,
        donationDate: new Date(),
      })
      .returning({
        id: donations.id,
        partnerId: donations.partnerId,
        partnerName: donations.partnerName,
        amount: donations.amount,
        donationType: donations.donationType,
        notes: donations.notes,
        method: donations.method,
        reference: donations.reference,
        donationDate: donations.donationDate,
        organization: currency.storedSql,
      });
    const { organization, ...row } = inserted!;
    // Refused after the insert, which the refusal rolls back: nothing is written.
    if (values.partnerId && row.partnerId === null) refuse(400, 'Partner not found');
    const linkedByName = !values.partnerId && row.partnerId !== null;
    await tx.record({
      action: 'donation.created',
      subject: { type: 'donation', id: row.id },
      announce: giftsChanged(row.partnerId),
      after: row,
      unrecorded: { currency: currency.of(organization) } satisfies GiftAlertFacts,
    });
    return { ...row, linkedByName };
  });
}

const GIFTS_SHOWN = 100;

/**
 * A partner's gifts that count (voided ones do not), newest first, with their exact total (summed
 * in SQL, D10), and how many voided gifts they also have: a partner with any gift cannot be
 * deleted (partners/archive.ts), and the details dialog says so before anyone tries.
 */
export async function listPartnerDonations(db: Db, partnerId: string) {
  const [gifts, [totals]] = await Promise.all([
    db
      .select({
        id: donations.id,
        amount: donations.amount,
        donationType: donations.donationType,
        notes: donations.notes,
        method: donations.method,
        reference: donations.reference,
        donationDate: donations.donationDate,
      })
      .from(donations)
      .where(and(eq(donations.partnerId, partnerId), isNull(donations.voidedAt)))
      .orderBy(desc(donations.donationDate), desc(donations.id))
      .limit(GIFTS_SHOWN),
    db
      .select({
        count: sql<number>`(count(*) filter (where ${donations.voidedAt} is null))::int`,
        total: sql<string>`coalesce(sum(${donations.amount}) filter (where ${donations.voidedAt} is null), 0)::text`,
        voided: sql<number>`(count(*) filter (where ${donations.voidedAt} is not null))::int`,
      })
      .from(donations)
      .where(eq(donations.partnerId, partnerId)),
  ]);
  return {
    donations: gifts,
    count: totals?.count ?? 0,
    total: centsToDecimal(decimalToCents(totals?.total ?? '0')),
    voided: totals?.voided ?? 0,
  };
}
