import { describe, expect, it } from 'vitest';
import { giftInstant } from '#shared/giving';
import { ImportDays } from './import-days';
import { parseGiftAmount, parseGiftDate, parseGiftMethod, parseGiftType } from './import-cells';

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
    expect(parseGiftAmount('$1,234.50')).toEqual({ ok: true, value: '1234.50' });
    expect(parseGiftAmount('1234.5')).toEqual({ ok: true, value: '1234.50' });
    expect(parseGiftAmount('1,000,000')).toEqual({ ok: true, value: '1000000.00' });
    expect(parseGiftAmount('0.1')).toEqual({ ok: true, value: '0.10' });
    expect(parseGiftAmount('25 USD')).toEqual({ ok: true, value: '25.00' });
  });

  it('refuses what it would have to guess, and the gift rules', () => {
    expect(parseGiftAmount('12,50').ok).toBe(false);
    expect(parseGiftAmount('1.234,50').ok).toBe(false);
    expect(parseGiftAmount('-5')).toEqual({ ok: false, message: 'Amount must be greater than 0' });
    expect(parseGiftAmount('(5.00)')).toEqual({ ok: false, message: 'Amount must be greater than 0' });
    expect(parseGiftAmount('0')).toEqual({ ok: false, message: 'Amount must be greater than 0' });
    expect(parseGiftAmount('1.234')).toEqual({ ok: false, message: 'Amount can have at most 2 decimal places' });
    expect(parseGiftAmount('1000000000')).toEqual({ ok: false, message: 'Amount is too large' });
    expect(parseGiftAmount('five').ok).toBe(false);
    expect(parseGiftAmount('1e3').ok).toBe(false);
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
