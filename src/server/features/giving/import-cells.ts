import { checkAmount, withoutThousandsCommas, type AmountCheck } from '#shared/money';
import { DONATION_METHODS, METHOD_LABELS, type DonationMethod } from '#shared/giving';

/** What the mapping step shows under the date and amount fields. */
export const DATE_FORMATS_HINT = 'YYYY-MM-DD, M/D/YYYY (month first) or D.M.YYYY (day first)';
export const AMOUNT_FORMAT_HINT = '1234.50, 1,234.50 or $1,234.50 (a dot before the cents)';

export type DateCheck = { ok: true; value: string } | { ok: false; message: string };

/**
 * A gift's calendar date as banks and giving services write it: ISO (a time after it is
 * ignored), US month-first with slashes, or European day-first with dots. The separator says
 * which, so no date is read two ways. From 1900 up to `today` (YYYY-MM-DD, in the person's zone).
 */
export function parseGiftDate(text: string, today: string): DateCheck {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const eu = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(text);
  let parts: [number, number, number] | undefined;
  if (iso) parts = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (us) parts = [Number(us[3]), Number(us[1]), Number(us[2])];
  else if (eu) parts = [Number(eu[3]), Number(eu[2]), Number(eu[1])];
  if (!parts)
    return { ok: false, message: `Date "${text.slice(0, 40)}" is not in a known format (${DATE_FORMATS_HINT})` };
  const [year, month, day] = parts;
  const probe = new Date(Date.UTC(year, month - 1, day));
  if (month < 1 || month > 12 || probe.getUTCMonth() !== month - 1 || probe.getUTCDate() !== day) {
    return { ok: false, message: `Date "${text.slice(0, 40)}" is not a real day` };
  }
  const value = `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  if (year < 1900) return { ok: false, message: 'The date cannot be before 1900' };
  if (value > today) return { ok: false, message: 'The date cannot be after today' };
  return { ok: true, value };
}

/**
 * An amount as exports write it: a dollar sign and thousands commas are tolerated; a comma as
 * the decimal mark (1.234,50) or a minus sign is refused rather than guessed. Then the gift
 * form's own rules (checkAmount): above 0, at most 999999999, two decimals.
 */
export function parseGiftAmount(text: string): AmountCheck {
  const bare = text
    .replace(/^\$\s*/, '')
    .replace(/\s*(USD)$/i, '')
    .trim();
  // Thousands commas, by the rule the gift form uses (withoutThousandsCommas).
  if (bare.includes(',')) {
    const plain = withoutThousandsCommas(bare);
    if (plain !== null) return checkAmount(plain);
  }
  if (/^\d*\.?\d*$/.test(bare) && bare !== '' && bare !== '.') return checkAmount(bare);
  if (/^-|^\(.*\)$/.test(bare)) return { ok: false, message: 'Amount must be greater than 0' };
  return { ok: false, message: `Amount "${text.slice(0, 40)}" is not a number (write it as ${AMOUNT_FORMAT_HINT})` };
}

const METHOD_WORDS: Record<string, DonationMethod> = Object.fromEntries([
  ...DONATION_METHODS.map((m) => [m, m] as const),
  ...DONATION_METHODS.map((m) => [METHOD_LABELS[m].toLowerCase(), m] as const),
  ['cheque', 'check'],
  ['credit card', 'card'],
  ['debit card', 'card'],
  ['ach', 'bank_transfer'],
  ['transfer', 'bank_transfer'],
  ['bank', 'bank_transfer'],
  ['wire', 'bank_transfer'],
]);

/** Cash, check, card, bank transfer or online, by their labels and a few common synonyms. */
export function parseGiftMethod(text: string): DonationMethod | null {
  return (
    METHOD_WORDS[text.trim().toLowerCase().replace(/[-_]/g, ' ').replace(/\s+/g, ' ')] ??
    METHOD_WORDS[text.trim().toLowerCase()] ??
    null
  );
}

/** One-time unless the cell says monthly (or recurring). */
export function parseGiftType(text: string): 'one-time' | 'monthly' | null {
  const word = text.trim().toLowerCase().replace(/[-_ ]/g, '');
  if (['onetime', 'once', 'single', 'oneoff'].includes(word)) return 'one-time';
  if (['monthly', 'recurring', 'month'].includes(word)) return 'monthly';
  return null;
}
