import { describe, expect, it } from 'vitest';
import { donationSchema } from './giving';
import { AMOUNT_MESSAGES } from '../money';

const valid = { partnerName: 'Grace Church', amount: '25', donationType: 'one-time' };

function firstMessage(input: unknown): string | undefined {
  const result = donationSchema.safeParse(input);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('donationSchema (SPEC.md section 5 "Donation form")', () => {
  it('accepts a minimal gift and normalises it', () => {
    expect(donationSchema.parse(valid)).toEqual({
      partnerName: 'Grace Church',
      partnerId: null,
      amount: '25.00',
      donationType: 'one-time',
      notes: null,
      method: null,
      reference: null,
    });
  });

  it('trims the partner name and notes, keeps a picked partner id', () => {
    const id = '0f8fad5b-d9cb-469f-a165-70867728950e';
    expect(
      donationSchema.parse({
        partnerName: '  Esther Kim ',
        partnerId: id,
        amount: 10.5,
        donationType: 'monthly',
        notes: ' thanks ',
      }),
    ).toEqual({
      partnerName: 'Esther Kim',
      partnerId: id,
      amount: '10.50',
      donationType: 'monthly',
      notes: 'thanks',
      method: null,
      reference: null,
    });
  });

  it('stores empty notes as null', () => {
    expect(donationSchema.parse({ ...valid, notes: '   ' }).notes).toBeNull();
  });

  it.each([
    [{ ...valid, partnerName: '' }, 'Partner name is required'],
    [{ ...valid, partnerName: '    ' }, 'Partner name is required'],
    [{ amount: '5', donationType: 'one-time' }, 'Partner name is required'],
    [{ ...valid, partnerName: 'x'.repeat(101) }, 'Partner name must be 100 characters or less'],
    [{ ...valid, amount: '0' }, 'Amount must be greater than 0'],
    [{ ...valid, amount: 0 }, 'Amount must be greater than 0'],
    [{ ...valid, amount: '-0.01' }, 'Amount must be greater than 0'],
    [{ ...valid, amount: '999999999.01' }, 'Amount is too large'],
    [{ ...valid, amount: 1000000000 }, 'Amount is too large'],
    [{ ...valid, amount: '' }, 'Amount is required'],
    [{ partnerName: 'A', donationType: 'one-time' }, 'Amount is required'],
    [{ ...valid, amount: 'ten' }, 'Amount must be a number'],
    [{ ...valid, amount: '0.001' }, 'Amount can have at most 2 decimal places'],
    // A decimal comma is refused, not read as thousands (a number box made 12,50 into 1250).
    [{ ...valid, amount: '12,50' }, AMOUNT_MESSAGES.comma],
    [{ ...valid, amount: '1.250,50' }, AMOUNT_MESSAGES.comma],
    [{ ...valid, amount: '1,25,000' }, AMOUNT_MESSAGES.comma],
    [{ ...valid, donationType: 'weekly' }, 'Donation type must be one-time or monthly'],
    [{ ...valid, donationType: undefined }, 'Donation type must be one-time or monthly'],
    [{ ...valid, notes: 'x'.repeat(501) }, 'Notes must be 500 characters or less'],
    [{ ...valid, partnerId: 'not-a-uuid' }, 'Partner not found'],
  ])('refuses %j with %j', (input, message) => {
    expect(firstMessage(input)).toBe(message);
  });

  it.each([
    ['0.01', '0.01'],
    ['999999999', '999999999.00'],
    ['999999998.99', '999999998.99'],
    ['1,250.50', '1250.50'],
    [' 12,345,678 ', '12345678.00'],
  ])('accepts the boundary amount %s', (amount, stored) => {
    expect(donationSchema.parse({ ...valid, amount }).amount).toBe(stored);
  });

  it('accepts 100 characters of partner name and 500 of notes', () => {
    expect(firstMessage({ ...valid, partnerName: 'x'.repeat(100), notes: 'y'.repeat(500) })).toBeUndefined();
  });

  it('gives the partner name message first when several fields are wrong', () => {
    expect(firstMessage({ partnerName: '', amount: '0', donationType: 'one-time' })).toBe('Partner name is required');
    expect(firstMessage({ partnerName: 'A', amount: '0', donationType: 'x' })).toBe('Amount must be greater than 0');
  });
});
