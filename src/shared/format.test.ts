import { describe, expect, it } from 'vitest';
import { formatDay, formatMoney, formatUsd, formatUsdWhole } from './format';

describe('formatMoney (issue 19: the organization display currency)', () => {
  it('draws USD as the spec does, with cents or whole', () => {
    expect(formatMoney('1234.5', 'USD')).toBe(formatUsd(1234.5));
    expect(formatMoney(1234.5, 'USD', true)).toBe(formatUsdWhole(1234.5));
    expect(formatMoney('1234.50', 'USD')).toBe('$1,234.50');
  });

  it('draws the currency an admin chose', () => {
    expect(formatMoney('1234.5', 'EUR')).toBe('€1,234.50');
    expect(formatMoney('1234.5', 'GBP', true)).toBe('£1,235');
    // Intl puts a no-break space between a code and the amount.
    expect(formatMoney('25', 'KES')).toBe('KES\u00a025.00');
  });

  it('never hides the cents an amount holds in a currency without them', () => {
    expect(formatMoney('1000', 'JPY')).toBe('¥1,000');
    expect(formatMoney('1000.50', 'JPY')).toBe('¥1,000.50');
    expect(formatMoney('1050.5', 'JPY')).toBe('¥1,050.50');
    // A large total as a decimal string keeps its last cent (no float between).
    expect(formatMoney('90071992547409.93', 'USD')).toBe('$90,071,992,547,409.93');
    // The dashboard's whole figures are rounded on purpose.
    expect(formatMoney('1000.50', 'JPY', true)).toBe('¥1,001');
  });
});

describe('formatDay', () => {
  it('writes a stored day as every screen writes a date, whatever the zone', () => {
    expect(formatDay('2026-11-20')).toBe('Nov 20, 2026');
    expect(formatDay('2030-05-01')).toBe('May 01, 2030');
    expect(formatDay('not a day')).toBe('not a day');
  });
});
