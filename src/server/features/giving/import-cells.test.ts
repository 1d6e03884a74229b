import { describe, expect, it } from 'vitest';
import { giftInstant } from '#shared/giving';
import { ImportDays } from './import-days';
import { checkGiftCurrency, parseGiftAmount, parseGiftDate, parseGiftMethod, parseGiftType } from './import-cells';

const now = new Date('2026-11-25T12:00:00Z');
const days = new ImportDays();
const date = (text: string, zone = 'UTC') => parseGiftDate(text, days.today(now, zone));

describe('parseGiftDate', () => {
  it('reads ISO, month-first slashes and day-first dots', () => {
    expect(date('2024-03-05')).toEqual({ ok: true, value: '2024-03-05' });
    expect(date('2024-3-5T09:30:00Z')).toEqual({ ok: true, value: '2024-03-05' });
    expect(date('3/5/2024')).toEqual({ ok: true, value: '2024-03-05' });
    expect(date('5.3.2024')).toEqual({ ok: true, value: '2024-03-05' });
    expect(date('29.02.2024')).toEqual({ ok: true, value: '2024-02-29' });
  });

  it('refuses impossible days, unknown formats, before 1900 and after today where the person is', () => {
    expect(date('2023-02-29').ok).toBe(false);
    expect(date('13/1/2024').ok).toBe(false);
    expect(date('2024/03/05').ok).toBe(false);
    expect(date('March 5, 2024').ok).toBe(false);
    expect(date('1899-12-31')).toEqual({ ok: false, message: 'The date cannot be before 1900' });
    expect(date('2026-11-26')).toEqual({ ok: false, message: 'The date cannot be after today' });
    // Already the 26th in Auckland.
    expect(date('2026-11-26', 'Pacific/Auckland')).toEqual({ ok: true, value: '2026-11-26' });
  });
});

describe('parseGiftAmount', () => {
  it('tolerates a dollar sign and thousands commas, exactly', () => {
    expect(parseGiftAmount('$1,234.50', 'USD')).toEqual({ ok: true, value: '1234.50' });
    expect(parseGiftAmount('1234.5', 'USD')).toEqual({ ok: true, value: '1234.50' });
    expect(parseGiftAmount('1,000,000', 'USD')).toEqual({ ok: true, value: '1000000.00' });
    expect(parseGiftAmount('0.1', 'USD')).toEqual({ ok: true, value: '0.10' });
    expect(parseGiftAmount('25 USD', 'USD')).toEqual({ ok: true, value: '25.00' });
  });

  it('refuses what it would have to guess, and the gift rules', () => {
    expect(parseGiftAmount('12,50', 'USD').ok).toBe(false);
    expect(parseGiftAmount('1.234,50', 'USD').ok).toBe(false);
    expect(parseGiftAmount('-5', 'USD')).toEqual({ ok: false, message: 'Amount must be greater than 0' });
    expect(parseGiftAmount('(5.00)', 'USD')).toEqual({ ok: false, message: 'Amount must be greater than 0' });
    expect(parseGiftAmount('0', 'USD')).toEqual({ ok: false, message: 'Amount must be greater than 0' });
    expect(parseGiftAmount('1.234', 'USD')).toEqual({ ok: false, message: 'Amount can have at most 2 decimal places' });
    expect(parseGiftAmount('1000000000', 'USD')).toEqual({ ok: false, message: 'Amount is too large' });
    expect(parseGiftAmount('five', 'USD').ok).toBe(false);
    expect(parseGiftAmount('1e3', 'USD').ok).toBe(false);
    expect(parseGiftAmount('$', 'USD').ok).toBe(false);
    expect(parseGiftAmount('5 dollars', 'USD').ok).toBe(false);
  });

  it('reads the organization’s currency by its code or sign, before or after the figure', () => {
    expect(parseGiftAmount('€12.50', 'EUR')).toEqual({ ok: true, value: '12.50' });
    expect(parseGiftAmount('12,50 €', 'EUR').ok).toBe(false);
    expect(parseGiftAmount('1,200 eur', 'EUR')).toEqual({ ok: true, value: '1200.00' });
    expect(parseGiftAmount('CA$40', 'CAD')).toEqual({ ok: true, value: '40.00' });
    expect(parseGiftAmount('$40', 'CAD')).toEqual({ ok: true, value: '40.00' });
    expect(parseGiftAmount('USD 25', 'USD')).toEqual({ ok: true, value: '25.00' });
    expect(parseGiftAmount('¥5000', 'JPY')).toEqual({ ok: true, value: '5000.00' });
    // As a Canadian or an Australian spreadsheet, or an export that writes the code first, has it.
    expect(parseGiftAmount('US$12', 'USD')).toEqual({ ok: true, value: '12.00' });
    expect(parseGiftAmount('USD$12', 'USD')).toEqual({ ok: true, value: '12.00' });
    expect(parseGiftAmount('CAD$40', 'CAD')).toEqual({ ok: true, value: '40.00' });
    expect(parseGiftAmount('NZ$15', 'NZD')).toEqual({ ok: true, value: '15.00' });
    expect(parseGiftAmount('A$15', 'AUD')).toEqual({ ok: true, value: '15.00' });
    // The same with a space inside the sign, as some spreadsheets write it.
    expect(parseGiftAmount('US $12', 'USD')).toEqual({ ok: true, value: '12.00' });
    expect(parseGiftAmount('USD $1,200', 'USD')).toEqual({ ok: true, value: '1200.00' });
    expect(parseGiftAmount('40 CA $', 'CAD')).toEqual({ ok: true, value: '40.00' });
  });

  it('refuses an amount in another currency instead of recording it in the organization’s', () => {
    const notIn = (text: string, currency: string) => ({
      ok: false,
      message: `Amount "${text}" is not in ${currency}, the organization’s currency: convert it before importing`,
    });
    expect(parseGiftAmount('¥5000', 'USD')).toEqual(notIn('¥5000', 'USD'));
    expect(parseGiftAmount('5000 JPY', 'USD')).toEqual(notIn('5000 JPY', 'USD'));
    expect(parseGiftAmount('$12', 'EUR')).toEqual(notIn('$12', 'EUR'));
    expect(parseGiftAmount('£8', 'USD')).toEqual(notIn('£8', 'USD'));
    // A code the portal does not offer is still a currency.
    expect(parseGiftAmount('30 CNY', 'USD')).toEqual(notIn('30 CNY', 'USD'));
    expect(parseGiftAmount('€5 USD', 'USD')).toEqual(notIn('€5 USD', 'USD'));
    // Another dollar, written so that it cannot be the organization's.
    expect(parseGiftAmount('US$12', 'CAD')).toEqual(notIn('US$12', 'CAD'));
    expect(parseGiftAmount('CA$40', 'USD')).toEqual(notIn('CA$40', 'USD'));
    expect(parseGiftAmount('AUD$15', 'USD')).toEqual(notIn('AUD$15', 'USD'));
    expect(parseGiftAmount('US $12', 'CAD')).toEqual(notIn('US $12', 'CAD'));
  });

  it('still refuses words that are not a sign, with or without spaces', () => {
    for (const text of ['twelve dollars', 'about 12', '12 or so', 'US Dollars 12'])
      expect(parseGiftAmount(text, 'USD')).toMatchObject({
        ok: false,
        message: expect.stringMatching(/is not a number/),
      });
  });
});

describe('checkGiftCurrency', () => {
  it('takes the organization’s code in any case, or its sign', () => {
    expect(checkGiftCurrency('USD', 'USD')).toBe(true);
    expect(checkGiftCurrency(' usd ', 'USD')).toBe(true);
    expect(checkGiftCurrency('$', 'USD')).toBe(true);
    expect(checkGiftCurrency('€', 'EUR')).toBe(true);
    expect(checkGiftCurrency('JPY', 'USD')).toBe(false);
    expect(checkGiftCurrency('US$', 'USD')).toBe(true);
    expect(checkGiftCurrency('US$', 'CAD')).toBe(false);
    expect(checkGiftCurrency(' US $ ', 'USD')).toBe(true);
    expect(checkGiftCurrency('US Dollars', 'USD')).toBe(false);
  });
});

describe('method and type', () => {
  it('reads labels and common synonyms', () => {
    expect(parseGiftMethod('Bank transfer')).toBe('bank_transfer');
    expect(parseGiftMethod('ACH')).toBe('bank_transfer');
    expect(parseGiftMethod('Cheque')).toBe('check');
    expect(parseGiftMethod('bitcoin')).toBeNull();
    expect(parseGiftType('Recurring')).toBe('monthly');
    expect(parseGiftType('One-time')).toBe('one-time');
    expect(parseGiftType('yearly')).toBeNull();
  });
});

describe('ImportDays', () => {
  it('gives the instants giftInstant gives, remembered', () => {
    for (const zone of ['UTC', 'America/Chicago', 'Pacific/Auckland', 'America/Asuncion']) {
      for (const date of ['2024-03-10', '2023-10-01', '2026-11-25', '1900-01-01']) {
        expect(days.instant(date, zone, now), `${date} ${zone}`).toEqual(giftInstant(date, zone, now));
        expect(days.instant(date, zone, now)).toEqual(giftInstant(date, zone, now));
      }
    }
    expect(days.end('2024-03-09', 'America/Chicago')).toEqual(days.start('2024-03-10', 'America/Chicago'));
  });
});
