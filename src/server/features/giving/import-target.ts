import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { queryRows } from '#server/db/query-rows';
import { donations } from '#server/db/schema';
import type { ImportTarget, PreparedRow } from '#server/imports/target';
import { decimalToCents } from '#shared/money';
import type { DonationMethod } from '#shared/giving';
import { DONATION_LIMITS } from '#shared/schemas/giving';
import { giftsChanged } from './announce';
import { ImportDays } from './import-days';
import {
  AMOUNT_FORMAT_HINT,
  checkGiftCurrency,
  currencyMessage,
  DATE_FORMATS_HINT,
  parseGiftAmount,
  parseGiftDate,
  parseGiftMethod,
  parseGiftType,
} from './import-cells';
import type { CurrencySource, PartnerDirectory } from './service';

/** A gift row as the file gives it, checked. */
export interface GiftRow {
  /** The calendar date (YYYY-MM-DD) in the importer's zone. */
  date: string;
  amount: string;
  partnerName: string | null;
  partnerEmail: string | null;
  donationType: 'one-time' | 'monthly';
  method: DonationMethod | null;
  reference: string | null;
  notes: string | null;
  /** Filled by prepare: the partner matched, and the name the gift keeps. */
  partnerId?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const tooLong = (label: string, max: number) => `${label} must be ${max} characters or less`;

/**
 * Gifts from a bank's or a giving service's CSV (issue 19 item 6). Each row is matched to a
 * partner by email, then by exact name (ignoring case; a name two partners share matches
 * nobody), with one query per chunk for each; an unmatched row keeps the typed name, unlinked.
 * A likely duplicate has the same date, amount, partner and reference as a gift that counts.
 * Amounts are in the organization's currency: a row that says another is refused.
 */
export function giftImportTarget(partners: PartnerDirectory, currency: CurrencySource): ImportTarget<GiftRow> {
  const days = new ImportDays();
  return {
    kind: 'gifts',
    feature: 'giving',
    noun: 'gifts',
    // One statement per 5,000 gifts: the rollup's triggers run once for each.
    writeRows: 5_000,
    fields: [
      {
        key: 'date',
        label: 'Date',
        required: true,
        hint: DATE_FORMATS_HINT,
        aliases: ['gift date', 'donation date', 'transaction date', 'received', 'posted'],
      },
      {
        key: 'amount',
        label: 'Amount',
        required: true,
        hint: AMOUNT_FORMAT_HINT,
        aliases: ['gift amount', 'donation amount', 'total', 'sum', 'value'],
      },
      {
        key: 'currency',
        label: 'Currency',
        required: false,
        hint: 'Rows in another currency than the organization’s are refused',
        aliases: ['currency code', 'ccy', 'curr'],
      },
      {
        key: 'partnerName',
        label: 'Partner name',
        required: false,
        hint: 'Needed when there is no email',
        aliases: ['name', 'partner', 'donor', 'donor name', 'giver', 'full name', 'payer'],
      },
      {
        key: 'partnerEmail',
        label: 'Partner email',
        required: false,
        aliases: ['email', 'e-mail', 'donor email', 'email address'],
      },
      {
        key: 'donationType',
        label: 'Type',
        required: false,
        hint: 'one-time (the default) or monthly',
        aliases: ['type', 'gift type', 'frequency', 'recurring'],
      },
      {
        key: 'method',
        label: 'Method',
        required: false,
        hint: 'cash, check, card, bank transfer or online',
        aliases: ['payment method', 'payment type', 'tender'],
      },
      {
        key: 'reference',
        label: 'Reference',
        required: false,
        hint: 'Check number or the service’s transaction id',
        aliases: ['ref', 'check number', 'check no', 'transaction id', 'transaction', 'id'],
      },
      {
        key: 'notes',
        label: 'Notes',
        required: false,
        aliases: ['note', 'memo', 'comment', 'comments', 'description'],
      },
    ],

    async readSettings(db) {
      const [row] = await queryRows<{ stored: string | null }>(db, sql`select ${currency.storedSql} as stored`);
      return { currency: currency.of(row?.stored ?? null) };
    },

    check(cells, { timeZone, now, currency: organizationCurrency }) {
      // The pipeline reads it before the first row (readSettings); without it no amount can be read.
      if (!organizationCurrency) throw new Error('The gift import was checked without the organization’s currency');
      const errors: { field?: string; message: string }[] = [];
      const date = cells.date
        ? parseGiftDate(cells.date, days.today(now, timeZone))
        : { ok: false as const, message: 'Date is required' };
      if (!date.ok) errors.push({ field: 'date', message: date.message });
      const amount = cells.amount
        ? parseGiftAmount(cells.amount, organizationCurrency)
        : { ok: false as const, message: 'Amount is required' };
      if (!amount.ok) errors.push({ field: 'amount', message: amount.message });
      if (cells.currency && !checkGiftCurrency(cells.currency, organizationCurrency)) {
        errors.push({ field: 'currency', message: currencyMessage(cells.currency, organizationCurrency) });
      }
      const partnerName = cells.partnerName ?? null;
      const partnerEmail = cells.partnerEmail?.toLowerCase() ?? null;
      if (!partnerName && !partnerEmail)
        errors.push({ field: 'partnerName', message: 'A partner name or email is required' });
      if (partnerName && partnerName.length > DONATION_LIMITS.partnerName) {
        errors.push({ field: 'partnerName', message: tooLong('Partner name', DONATION_LIMITS.partnerName) });
      }
      if (partnerEmail && (!EMAIL.test(partnerEmail) || partnerEmail.length > 255)) {
        errors.push({ field: 'partnerEmail', message: `"${partnerEmail.slice(0, 60)}" is not an email address` });
      }
      const donationType = cells.donationType ? parseGiftType(cells.donationType) : 'one-time';
      if (!donationType) errors.push({ field: 'donationType', message: 'Type must be one-time or monthly' });
      const method = cells.method ? parseGiftMethod(cells.method) : null;
      if (cells.method && !method) {
        errors.push({ field: 'method', message: 'Method must be cash, check, card, bank transfer or online' });
      }
      const reference = cells.reference ?? null;
      if (reference && reference.length > DONATION_LIMITS.reference) {
        errors.push({ field: 'reference', message: tooLong('Reference', DONATION_LIMITS.reference) });
      }
      const notes = cells.notes ?? null;
      if (notes && notes.length > DONATION_LIMITS.notes) {
        errors.push({ field: 'notes', message: tooLong('Notes', DONATION_LIMITS.notes) });
      }
      if (errors.length > 0 || !date.ok || !amount.ok || !donationType) return { ok: false, errors };
      return {
        ok: true,
        value: {
          date: date.value,
          amount: amount.value,
          partnerName,
          partnerEmail,
          donationType,
          method,
          reference,
          notes,
        },
      };
    },

    async prepare(db, rows) {
      const emails = [...new Set(rows.flatMap((r) => (r.partnerEmail ? [r.partnerEmail] : [])))];
      const byEmail = await partners.byEmails(db, emails);
      const unmatchedNames = rows.flatMap((r) =>
        r.partnerName && !(r.partnerEmail && byEmail.get(r.partnerEmail)?.length === 1) ? [r.partnerName] : [],
      );
      const byName = await partners.byNames(db, [...new Set(unmatchedNames)]);
      return rows.map((row): PreparedRow<GiftRow> => {
        const emailMatch = row.partnerEmail ? byEmail.get(row.partnerEmail) : undefined;
        const nameMatch = row.partnerName ? byName.get(row.partnerName) : undefined;
        const match = emailMatch?.length === 1 ? emailMatch[0] : nameMatch?.length === 1 ? nameMatch[0] : undefined;
        const how = emailMatch?.length === 1 ? 'by email' : 'by name';
        const value: GiftRow = {
          ...row,
          partnerId: match?.id ?? null,
          // The typed name, else the partner's, else (an unknown email alone) the email.
          partnerName: (row.partnerName ?? match?.name ?? row.partnerEmail ?? '').slice(0, DONATION_LIMITS.partnerName),
        };
        return {
          value,
          duplicateKey: giftKey(value.date, value.amount, value.partnerId ?? null, value.partnerName!, value.reference),
          note: match
            ? `Linked to ${match.name}, ${how}`
            : (nameMatch?.length ?? 0) > 1 || (emailMatch?.length ?? 0) > 1
              ? 'Not linked: more than one partner matches'
              : 'Not linked: no partner matches',
        };
      });
    },

    async existingKeys(db, rows, { timeZone, writingBatch }) {
      // One range per (day, amount) in the file; the amount-and-date index answers each.
      const pairs = new Map<string, { d: string; a: string; s: string; e: string }>();
      for (const { value } of rows) {
        const id = `${value.date}|${value.amount}`;
        if (pairs.has(id)) continue;
        pairs.set(id, {
          d: value.date,
          a: value.amount,
          s: days.start(value.date, timeZone).toISOString(),
          e: days.end(value.date, timeZone).toISOString(),
        });
      }
      if (pairs.size === 0) return new Set();
      const found = await queryRows<{
        d: string;
        amount: string;
        partner_id: string | null;
        partner_name: string;
        reference: string | null;
      }>(
        db,
        sql`select r.d, g.amount::text as amount, g.partner_id, g.partner_name, g.reference
            from json_to_recordset(${JSON.stringify([...pairs.values()])}::json) as r(d text, a numeric, s timestamptz, e timestamptz)
            join ${donations} g on g.donation_date >= r.s and g.donation_date < r.e and g.amount = r.a
            where g.voided_at is null
              ${writingBatch ? sql`and g.import_batch_id is distinct from ${writingBatch}` : sql``}`,
      );
      return new Set(found.map((g) => giftKey(g.d, g.amount, g.partner_id, g.partner_name, g.reference)));
    },

    async write(tx, batchId, rows, { timeZone, now }) {
      // The chunk as one JSON parameter: drizzle spent seconds a chunk building a statement
      // with ten bound parameters a gift, and the database parsing it (issue 19's benchmark).
      const gifts = rows.map(({ value }) => ({
        p: value.partnerId ?? null,
        n: value.partnerName!,
        a: value.amount,
        t: value.donationType,
        o: value.notes,
        m: value.method,
        r: value.reference,
        d: days.instant(value.date, timeZone, now).toISOString(),
      }));
      await tx.db.execute(sql`
        insert into ${donations} (user_id, partner_id, partner_name, amount, donation_type, notes, method,
                                  reference, donation_date, import_batch_id)
        select ${tx.actor.id}, r.p, r.n, r.a, r.t, r.o, r.m, r.r, r.d, ${batchId}
        from json_to_recordset(${JSON.stringify(gifts)}::json)
          as r(p uuid, n text, a numeric, t text, o text, m text, r text, d timestamptz)`);
    },

    async changedSince(db, batchId) {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(donations)
        .where(and(eq(donations.importBatchId, batchId), or(gt(donations.version, 1), isNotNull(donations.voidedAt))));
      return row?.n ?? 0;
    },

    async removePiece(tx, batchId, max) {
      const piece = tx.db
        .select({ id: donations.id })
        .from(donations)
        .where(eq(donations.importBatchId, batchId))
        .limit(max);
      const removed = await tx.db.delete(donations).where(inArray(donations.id, piece)).returning({ id: donations.id });
      return removed.length;
    },

    async undo(tx, batchId) {
      const removed = await tx.db
        .delete(donations)
        .where(eq(donations.importBatchId, batchId))
        .returning({ id: donations.id });
      return removed.length;
    },

    announce: () => giftsChanged(null),
  };
}

/** Same day, amount (exact cents), partner (or typed name when unlinked) and reference. */
function giftKey(
  date: string,
  amount: string,
  partnerId: string | null,
  partnerName: string,
  reference: string | null,
) {
  const who = partnerId ?? `name:${partnerName.trim().toLowerCase()}`;
  return `${date}|${decimalToCents(amount)}|${who}|${(reference ?? '').trim().toLowerCase()}`;
}
