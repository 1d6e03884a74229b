/** Display formatting shared by screens (SPEC.md section 9 "Display"). */

const usdWhole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
  minimumFractionDigits: 0,
});
const usdCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dashboard figures: USD without decimals. */
export function formatUsdWhole(amount: number): string {
  return usdWhole.format(amount);
}

/** A single gift: USD with cents. */
export function formatUsd(amount: number): string {
  return usdCents.format(amount);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

function moneyFormat(currency: string, digits: 'currency' | 'whole' | 'cents'): Intl.NumberFormat {
  const key = `${currency}:${digits}`;
  let formatter = moneyFormats.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency,
      ...(digits === 'whole' ? { maximumFractionDigits: 0, minimumFractionDigits: 0 } : {}),
      ...(digits === 'cents' ? { maximumFractionDigits: 2, minimumFractionDigits: 2 } : {}),
    });
    moneyFormats.set(key, formatter);
  }
  return formatter;
}

/**
 * An amount in the organization's display currency (issue 19: USD unless an admin chose
 * another), with the currency's decimals, or `whole` as the dashboard's figures are. Amounts
 * stay exact decimals everywhere else (D10); this only draws them, and never hides what one
 * holds: a gift of 1000.50 in a currency without minor units (the yen) reads ¥1,000.50, not
 * ¥1,001, so the screen agrees with the CSV and with the totals.
 */
export function formatMoney(amount: number | string, currency: string, whole = false): string {
  // A decimal string is drawn as it is, not through a float (Intl.NumberFormat v3 reads it
  // exactly), so no cent of a large total is lost.
  const value = (typeof amount === 'string' ? amount.trim() : amount) as number;
  if (whole) return moneyFormat(currency, 'whole').format(value);
  const usual = moneyFormat(currency, 'currency');
  const decimals = (/\.(\d*)$/.exec(String(amount).trim())?.[1] ?? '').replace(/0+$/, '').length;
  const hidesCents = decimals > (usual.resolvedOptions().maximumFractionDigits ?? 2);
  return (hidesCents ? moneyFormat(currency, 'cents') : usual).format(value);
}

/** Bytes, KB, MB or GB with two decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} Bytes`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(2)} ${units[unit]}`;
}

/** date-fns patterns from the spec. */
export const DATE_FORMAT = 'MMM dd, yyyy';
export const LONG_DATE_FORMAT = 'EEEE, MMMM dd, yyyy';
/** A moment, on every screen that shows one: the calendar's 12-hour clock after the date. */
export const DATE_TIME_FORMAT = `${DATE_FORMAT}, h:mm a`;
/** The audit log's moments, to the second: two entries a second apart are told apart. */
export const DATE_SECONDS_FORMAT = `${DATE_FORMAT}, h:mm:ss a`;

/**
 * A day stored as YYYY-MM-DD ("2026-11-20") as every screen writes a date ("Nov 20, 2026",
 * DATE_FORMAT), whoever reads it: it names a day, not a moment, so no time zone moves it.
 */
export function formatDay(day: string): string {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!parts) return day;
  const at = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3])));
  return at.toLocaleDateString('en-US', { month: 'short', day: '2-digit', year: 'numeric', timeZone: 'UTC' });
}
