import { describe, expect, it } from 'vitest';
import { giftFilterParams, giftServerQuery, readGiftFilters } from './gift-filters';

// Local days, as the browser has them, whatever zone the tests run in.
const now = new Date(2026, 2, 15, 10);
const start = (y: number, m: number, d: number) => new Date(y, m - 1, d).toISOString();
const end = (y: number, m: number, d: number) => new Date(new Date(y, m - 1, d + 1).getTime() - 1).toISOString();
const read = (query: string) => readGiftFilters(new URLSearchParams(query));

describe('the Giving screen filters', () => {
  it('show this month by default', () => {
    expect(giftServerQuery(read(''), now)).toEqual({
      from: start(2026, 3, 1),
      to: end(2026, 3, 31),
    });
  });

  it('turn presets into whole months and years', () => {
    expect(giftServerQuery(read('range=last-month'), now)).toEqual({
      from: start(2026, 2, 1),
      to: end(2026, 2, 28),
    });
    expect(giftServerQuery(read('range=last-year'), now)).toEqual({
      from: start(2025, 1, 1),
      to: end(2025, 12, 31),
    });
    expect(giftServerQuery(read('range=all'), now)).toEqual({});
  });

  it('take a custom range to the end of its last day, and every other filter as typed', () => {
    const values = read(
      'range=custom&from=2025-12-30&to=2026-01-02&partner=p1&partnerName=Ruth&type=monthly&method=check&min=5&max=%2010.50%20&q=%20thanks%20&voided=1',
    );
    expect(giftServerQuery(values, now)).toEqual({
      from: start(2025, 12, 30),
      to: end(2026, 1, 2),
      partnerId: 'p1',
      type: 'monthly',
      method: 'check',
      min: '5',
      max: '10.50',
      q: 'thanks',
      voided: 'true',
    });
  });

  it('keep in the address only what differs from the defaults', () => {
    expect(giftFilterParams(read(''))).toEqual({});
    // Dates without a custom range, and a partner's name without the partner, are dropped.
    expect(giftFilterParams(read('range=this-year&from=2026-01-01&partnerName=Ruth&q=%20'))).toEqual({
      range: 'this-year',
    });
    expect(giftFilterParams(read('range=custom&from=2026-01-01&partner=p1&partnerName=Ruth&voided=1'))).toEqual({
      range: 'custom',
      from: '2026-01-01',
      partner: 'p1',
      partnerName: 'Ruth',
      voided: '1',
    });
  });

  it('fall back to this month for an unknown preset', () => {
    expect(read('range=yesterday').range).toBe('this-month');
  });
});
