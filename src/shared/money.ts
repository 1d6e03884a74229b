/**
 * Money without floating point (DECISIONS.md D10). Amounts travel as decimal strings ("1234.50")
 * and are added up as integer cents (bigint); a JavaScript number never holds a sum.
 */

/** The largest single gift (SPEC.md section 9). */
export const MAX_DONATION_AMOUNT = '999999999';

export const AMOUNT_MESSAGES = {
  required: 'Amount is required',
  notNumber: 'Amount must be a number',
  positive: 'Amount must be greater than 0',
  tooLarge: 'Amount is too large',
  cents: 'Amount can have at most 2 decimal places',
  comma: 'Write cents with a point, as in 12.50 (a comma may only separate thousands, as in 1,250.00)',
} as const;

/**
 * A typed amount with the thousands commas people write ("1,250.00") taken out; null for any
 * other comma. A decimal comma ("12,50") is refused, not guessed (a number box took it as 1250),
 * as the gift import refuses it.
 */
export function withoutThousandsCommas(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed.includes(',')) return trimmed;
  return /^\d{1,3}(,\d{3})+(\.\d*)?$/.test(trimmed) ? trimmed.replaceAll(',', '') : null;
}

export type AmountCheck = { ok: true; value: string } | { ok: false; message: string };

interface Decimal {
  negative: boolean;
  /** Integer digits without leading zeros ('' for zero). */
  int: string;
  /** Fraction digits without trailing zeros. */
  frac: string;
}

// Exponents beyond this cannot describe an amount the checks below would accept, and must not
// make us build a string of a million zeros.
const MAX_EXPONENT = 400;

/** Reads "12", "12.5", ".5", "-3", "1e3", "1.25E-1" (what a number input may hold), exactly. */
function parseDecimal(text: string): Decimal | 'too-large' | 'too-small' | null {
  const match = /^([+-]?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match) return null;
  const [, sign = '', intDigits = '', fracDigits = '', exponentText] = match;
  if (intDigits === '' && fracDigits === '') return null;
  let digits = intDigits + fracDigits;
  let point = intDigits.length;
  const allZero = /^0*$/.test(digits);
  if (exponentText !== undefined && !allZero) {
    const exponent = Number(exponentText);
    if (exponent > MAX_EXPONENT) return 'too-large';
    if (exponent < -MAX_EXPONENT) return sign === '-' ? { negative: true, int: '', frac: '1' } : 'too-small';
    point += exponent;
  }
  if (point < 0) {
    digits = '0'.repeat(-point) + digits;
    point = 0;
  } else if (point > digits.length) {
    digits += '0'.repeat(point - digits.length);
  }
  return {
    negative: sign === '-',
    int: digits.slice(0, point).replace(/^0+/, ''),
    frac: digits.slice(point).replace(/0+$/, ''),
  };
}

/**
 * The donation form's amount rules (SPEC.md section 5): a number above 0 and at most
 * 999999999, in whole cents. Returns the canonical two-decimal string the database stores.
 */
export function checkAmount(input: unknown): AmountCheck {
  if (input === undefined || input === null) return { ok: false, message: AMOUNT_MESSAGES.required };
  let text: string;
  if (typeof input === 'number') {
    if (!Number.isFinite(input)) return { ok: false, message: AMOUNT_MESSAGES.notNumber };
    text = String(input);
  } else if (typeof input === 'string') {
    text = input.trim();
    if (text === '') return { ok: false, message: AMOUNT_MESSAGES.required };
  } else {
    return { ok: false, message: AMOUNT_MESSAGES.notNumber };
  }
  const parsed = parseDecimal(text);
  if (parsed === null) return { ok: false, message: AMOUNT_MESSAGES.notNumber };
  if (parsed === 'too-large') return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  if (parsed === 'too-small') return { ok: false, message: AMOUNT_MESSAGES.cents };
  const { negative, int, frac } = parsed;
  if (negative || (int === '' && frac === '')) return { ok: false, message: AMOUNT_MESSAGES.positive };
  if (int.length > MAX_DONATION_AMOUNT.length || (int === MAX_DONATION_AMOUNT && frac !== '')) {
    return { ok: false, message: AMOUNT_MESSAGES.tooLarge };
  }
  if (frac.length > 2) return { ok: false, message: AMOUNT_MESSAGES.cents };
  return { ok: true, value: `${int || '0'}.${frac.padEnd(2, '0')}` };
}

/** A numeric value as PostgreSQL returns it ("1234.5", "-3", "0.10") in integer cents. */
export function decimalToCents(value: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(value.trim());
  if (!match) throw new Error(`not an amount in cents: ${JSON.stringify(value)}`);
  const [, sign, int = '0', frac = ''] = match;
  const cents = BigInt(int) * 100n + BigInt(frac.padEnd(2, '0'));
  return sign === '-' ? -cents : cents;
}

/** Integer cents as a two-decimal string: 123450n -> "1234.50", -5n -> "-0.05". */
export function centsToDecimal(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const rest = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${rest}`;
}

/**
 * numerator / denominator rounded to the nearest integer, halves away from zero, exactly.
 * The denominator must be positive.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator <= 0n) throw new Error('denominator must be positive');
  const negative = numerator < 0n;
  const abs = negative ? -numerator : numerator;
  const rounded = (abs * 2n + denominator) / (denominator * 2n);
  return negative ? -rounded : rounded;
}
