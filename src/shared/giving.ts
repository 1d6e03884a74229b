/**
 * The Monthly Giving card's arithmetic (SPEC.md section 9, DECISIONS.md D10), on integer cents.
 */
import { divideRounded } from './money';

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
