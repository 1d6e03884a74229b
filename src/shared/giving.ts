/**
 * Giving's rules shared by client and server: the Monthly Giving card's arithmetic (SPEC.md
 * section 9, DECISIONS.md D10, on integer cents), and the gift records' dates and methods (issue 19).
 */
import { divideRounded } from './money';
import { zonedDayStart } from './time-zone';

/**
 * Change from last month in percent, one decimal, '+' when positive: "+12.5", "-3.0", "0.0".
 * Null when last month's total is not above 0 (the card then shows no change). Halves round
 * away from zero; a change that rounds to zero is shown as "0.0", without a sign.
 */
export function percentChange(thisMonthCents: bigint, lastMonthCents: bigint): string | null {
  if (lastMonthCents <= 0n) return null;
  const tenths = divideRounded((thisMonthCents - lastMonthCents) * 1000n, lastMonthCents);
  const abs = tenths < 0n ? -tenths : tenths;
  const text = `${abs / 10n}.${abs % 10n}`;
  if (tenths > 0n) return `+${text}`;
  if (tenths < 0n) return `-${text}`;
  return text;
}

/** Total divided by the number of gifts, to the cent (halves up); 0 when there were none. */
export function averageCents(totalCents: bigint, gifts: number): bigint {
  if (gifts <= 0) return 0n;
  return divideRounded(totalCents, BigInt(gifts));
}

/**
 * The instant a gift given on a calendar date is stored at (issue 19, decision 0111): noon of
 * that date in the person's zone, so every zone within twelve hours shows the same date; a gift
 * of today is not put after now, where it would sort above gifts recorded later today.
 */
export function giftInstant(date: string, timeZone: string, now: Date): Date {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const start = zonedDayStart(year, month - 1, day, timeZone);
  const noon = new Date(start.getTime() + 12 * 60 * 60 * 1000);
  return noon > now ? now : noon;
}

/** The ways a gift can be given (issue 19); optional on each gift. */
export const DONATION_METHODS = ['cash', 'check', 'card', 'bank_transfer', 'online'] as const;
export type DonationMethod = (typeof DONATION_METHODS)[number];
export const METHOD_LABELS: Record<DonationMethod, string> = {
  cash: 'Cash',
  check: 'Check',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  online: 'Online',
};
export const TYPE_LABELS = { 'one-time': 'One-time', monthly: 'Monthly' } as const;
