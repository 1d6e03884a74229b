import type { CsvExport } from '#server/http/csv-stream';
import { METHOD_LABELS, TYPE_LABELS } from '#shared/giving';
import { zonedDate } from '#shared/time-zone';
import type { LedgerGift } from './ledger';

/**
 * The Giving screen's CSV export (issue 19): the filtered gifts, one row each, dated in the
 * person's zone, amounts as exact decimals. UTF-8 with a byte order mark, so spreadsheet
 * programs read accented names.
 */
export function giftsCsv(timeZone: string): CsvExport<LedgerGift> {
  return {
    bom: true,
    columns: [
      'Date',
      'Partner',
      'Amount',
      'Type',
      'Method',
      'Reference',
      'Notes',
      'Recorded by',
      'Voided',
      'Void reason',
      'Partner id',
      'Gift id',
    ],
    row: (gift) => [
      zonedDate(gift.donationDate, timeZone),
      gift.partnerName,
      gift.amount,
      TYPE_LABELS[gift.donationType],
      gift.method ? METHOD_LABELS[gift.method] : '',
      gift.reference ?? '',
      gift.notes ?? '',
      gift.recordedBy?.name ?? '',
      gift.voidedAt ? zonedDate(gift.voidedAt, timeZone) : '',
      gift.voidReason ?? '',
      gift.partnerId ?? '',
      gift.id,
    ],
  };
}
