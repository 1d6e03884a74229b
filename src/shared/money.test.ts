import { describe, expect, it } from 'vitest';
import { AMOUNT_MESSAGES, centsToDecimal, checkAmount, decimalToCents, divideRounded } from './money';

const ok = (value: string) => ({ ok: true, value });
const fail = (message: string) => ({ ok: false, message });

describe('checkAmount (SPEC.md section 5, donation amount)', () => {
  it.each([
    ['0.01', '0.01'],
    ['1', '1.00'],
    ['1.5', '1.50'],
    ['.5', '0.50'],
    ['007.10', '7.10'],
    ['  42.00  ', '42.00'],
    ['1234.5', '1234.50'],
    ['999999998.99', '999999998.99'],
    ['999999999', '999999999.00'],
    ['999999999.00', '999999999.00'],
    ['1e3', '1000.00'],
    ['1.25E1', '12.50'],
    ['125e-2', '1.25'],
    ['+3', '3.00'],
  ])('accepts %j as %s', (input, value) => {
    expect(checkAmount(input)).toEqual(ok(value));
  });

  it.each([
    [0.01, '0.01'],
    [0.1, '0.10'],
    [19.99, '19.99'],
    [999999999, '999999999.00'],
    [1e3, '1000.00'],
  ])('accepts the number %s as %s', (input, value) => {
    expect(checkAmount(input)).toEqual(ok(value));
  });

  it.each([undefined, null, '', '   '])('asks for an amount when it is %j', (input) => {
    expect(checkAmount(input)).toEqual(fail(AMOUNT_MESSAGES.required));
  });

  it.each(['0', '0.00', '-0', '0e5', '-0.01', '-1', '-999999999999', -5, 0, -0.001, '-1e-500'])(
    'refuses %j as not greater than 0',
    (input) => {
      expect(checkAmount(input)).toEqual(fail('Amount must be greater than 0'));
    },
  );

  it.each(['999999999.01', '999999999.001', '1000000000', '99999999999999999999', '1e9', '1e401', 1e21, 999999999.01])(
    'refuses %j as too large',
    (input) => {
      expect(checkAmount(input)).toEqual(fail('Amount is too large'));
    },
  );

  it.each(['0.001', '0.009', '1.234', '12.5000001', '1e-3', '1e-500', 0.001])(
    'refuses %j: not whole cents',
    (input) => {
      expect(checkAmount(input)).toEqual(fail(AMOUNT_MESSAGES.cents));
    },
  );

  it.each(['abc', '1,000', '$5', '1.2.3', '.', 'e5', '1e', '0x10', 'Infinity', NaN, Infinity, true, {}, []])(
    'refuses %j as not a number',
    (input) => {
      expect(checkAmount(input)).toEqual(fail(AMOUNT_MESSAGES.notNumber));
    },
  );

  it('keeps a trailing-zero fraction that is whole cents', () => {
    expect(checkAmount('0.10000')).toEqual(ok('0.10'));
  });
});

describe('cents', () => {
  it.each([
    ['0', 0n],
    ['0.1', 10n],
    ['0.10', 10n],
    ['0.01', 1n],
    ['1234.5', 123450n],
    ['-3', -300n],
    ['-0.05', -5n],
    ['999999999.00', 99999999900n],
    ['123456789012345.67', 12345678901234567n],
  ])('reads %j as %s cents', (text, cents) => {
    expect(decimalToCents(text)).toBe(cents);
  });

  it('refuses what is not a cents amount', () => {
    for (const text of ['', 'abc', '1.234', '1e3', '.5']) expect(() => decimalToCents(text)).toThrow();
  });

  it.each([
    [0n, '0.00'],
    [1n, '0.01'],
    [10n, '0.10'],
    [123450n, '1234.50'],
    [-5n, '-0.05'],
    [-12345n, '-123.45'],
    [12345678901234567n, '123456789012345.67'],
  ])('writes %s cents as %j', (cents, text) => {
    expect(centsToDecimal(cents)).toBe(text);
  });

  it('adds 0.1 and 0.2 to exactly 0.30', () => {
    expect(centsToDecimal(decimalToCents('0.1') + decimalToCents('0.2'))).toBe('0.30');
  });
});

describe('divideRounded', () => {
  it.each([
    [10n, 4n, 3n], // 2.5 -> 3
    [9n, 4n, 2n], // 2.25 -> 2
    [11n, 4n, 3n], // 2.75 -> 3
    [-10n, 4n, -3n], // -2.5 -> -3 (away from zero)
    [-9n, 4n, -2n],
    [0n, 7n, 0n],
    [1n, 3n, 0n],
    [2n, 3n, 1n],
  ])('%s / %s = %s', (a, b, expected) => {
    expect(divideRounded(a, b)).toBe(expected);
  });

  it('refuses a zero or negative denominator', () => {
    expect(() => divideRounded(1n, 0n)).toThrow();
    expect(() => divideRounded(1n, -1n)).toThrow();
  });
});
