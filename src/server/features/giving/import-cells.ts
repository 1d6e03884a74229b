import { checkAmount, withoutThousandsCommas, type AmountCheck } from '#shared/money';
import { DONATION_METHODS, METHOD_LABELS, type DonationMethod } from '#shared/giving';
import { CURRENCIES } from '#shared/schemas/organization';

/** What the mapping step shows under the date and amount fields. */
export const DATE_FORMATS_HINT = 'YYYY-MM-DD, M/D/YYYY (month first) or D.M.YYYY (day first)';
export const AMOUNT_FORMAT_HINT = '1234.50 or 1,234.50, with or without the currency’s sign (a dot before the cents)';

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
 * An amount as exports write it: thousands commas are tolerated, and the organization's
 * currency written before or after the figure, by its code or its sign ("$1,234.50", "25 USD",
 * "€12" when the organization counts in euros). Another currency's code or sign refuses the row:
 * the portal records one currency (decision 0111), so 5,000 yen must not become 5,000 dollars.
 * A comma as the decimal mark (1.234,50) or a minus sign is refused rather than guessed. Then
 * the gift form's own rules (checkAmount): above 0, at most 999999999, two decimals.
 */
export function parseGiftAmount(text: string, currency: string): AmountCheck {
  const notANumber = {
    ok: false as const,
    message: `Amount "${text.slice(0, 40)}" is not a number (write it as ${AMOUNT_FORMAT_HINT})`,
  };
  let bare = text.trim();
  // A sign may be written in two parts ("US $12"): it is read without the space ("US$").
  const lead = /^([^\d\s.,()+-]+(?:\s+[^\d\s.,()+-]+)?)\s*/u.exec(bare);
  if (lead) bare = bare.slice(lead[0].length);
  const trail = /\s*([^\d\s.,()+-]+(?:\s+[^\d\s.,()+-]+)?)$/u.exec(bare);
  if (trail) bare = bare.slice(0, bare.length - trail[0].length);
  if (bare === '') return notANumber;
  for (const sign of [lead?.[1], trail?.[1]].map((written) => written?.replace(/\s+/gu, ''))) {
    if (sign === undefined || isSignOf(sign, currency)) continue;
    return isCurrencySign(sign) ? notInCurrency(text, currency) : notANumber;
  }
  // Thousands commas, by the rule the gift form uses (withoutThousandsCommas).
  if (bare.includes(',')) {
    const plain = withoutThousandsCommas(bare);
    if (plain !== null) return checkAmount(plain);
  }
  if (/^\d*\.?\d*$/.test(bare) && bare !== '.') return checkAmount(bare);
  if (/^-|^\(.*\)$/.test(bare)) return { ok: false, message: 'Amount must be greater than 0' };
  return notANumber;
}

/**
 * Whether a row's Currency cell names the organization's currency, by code or sign; a row in
 * another currency is refused with `currencyMessage`. Spaces are ignored, as in an amount ("US $").
 */
export function checkGiftCurrency(cell: string, currency: string): boolean {
  return isSignOf(cell.replace(/\s+/gu, ''), currency);
}

export const currencyMessage = (cell: string, currency: string) =>
  `Currency "${cell.slice(0, 20)}" is not ${currency}, the organization’s currency: convert the gift to ${currency} before importing it`;

const notInCurrency = (text: string, currency: string) => ({
  ok: false as const,
  message: `Amount "${text.slice(0, 40)}" is not in ${currency}, the organization’s currency: convert it before importing`,
});

/**
 * English locales whose spreadsheets write a currency's symbol their own way: Canada writes the
 * US dollar "US$", Australia "USD", New Zealand "NZ$" and Singapore "SGD" for their own.
 */
const ENGLISH_LOCALES = ['en', 'en-CA', 'en-AU', 'en-GB', 'en-NZ', 'en-IN', 'en-SG', 'en-HK', 'en-ZA', 'en-IE'];

/**
 * How a currency is written: its code, its symbol in each English locale, its narrow symbol, and
 * the code before the narrow symbol as some exports do (USD: "USD", "$", "US$", "USD$").
 */
function signsOf(currency: string): string[] {
  const sign = (locale: string, display: 'symbol' | 'narrowSymbol') =>
    new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: display })
      .formatToParts(1)
      .find((part) => part.type === 'currency')?.value ?? currency;
  const narrow = sign('en', 'narrowSymbol');
  const signs = [currency, ...ENGLISH_LOCALES.map((locale) => sign(locale, 'symbol')), narrow];
  if (narrow !== currency) signs.push(`${currency}${narrow}`);
  return [...new Set(signs)];
}

/**
 * Every offered currency's signs, built on the first gift import rather than at start-up: eleven
 * formatters for each of twenty currencies took about 29 ms, which every start of the server
 * would pay for a table only imports read.
 */
let signTable: { byCurrency: Map<string, readonly string[]>; every: Set<string> } | undefined;
function signs() {
  if (!signTable) {
    const byCurrency = new Map<string, readonly string[]>(CURRENCIES.map((c) => [c, signsOf(c)]));
    signTable = { byCurrency, every: new Set([...byCurrency.values()].flat()) };
  }
  return signTable;
}

/** Codes compare without case ("usd"); signs as written. */
function isSignOf(sign: string, currency: string) {
  return (signs().byCurrency.get(currency) ?? signsOf(currency)).some((s) => s === sign || s === sign.toUpperCase());
}

/** A sign of a currency the portal knows, or any three-letter code. */
const isCurrencySign = (sign: string) => signs().every.has(sign) || /^[a-z]{3}$/i.test(sign);

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
