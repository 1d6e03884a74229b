import { describe, expect, it } from 'vitest';
import { checkPartnerCells, parseCardholder, parseTags, phoneDigits } from './import-cells';

describe('partner import cells', () => {
  it('splits tags on commas and semicolons, once each regardless of case', () => {
    expect(parseTags(' Donors; prayer  team,donors ,, Board ')).toEqual(['Donors', 'prayer team', 'Board']);
    expect(parseTags(' ; , ')).toEqual([]);
  });

  it('reads yes/no cells as cardholder status and keeps anything else for the form’s message', () => {
    expect(['Yes', 'TRUE', '1', 'x', 'y'].map(parseCardholder)).toEqual([true, true, true, true, true]);
    expect(['No', 'false', '0', 'N'].map(parseCardholder)).toEqual([false, false, false, false]);
    expect(parseCardholder('maybe')).toBe('maybe');
    const checked = checkPartnerCells({ name: 'A', email: 'a@example.org', cardholderStatus: 'maybe' });
    expect(checked).toEqual({
      ok: false,
      errors: [{ field: 'cardholderStatus', message: 'Cardholder status must be true or false' }],
    });
  });

  it('joins first and last names when there is no name, and lists only the fields the file gave', () => {
    const checked = checkPartnerCells({ firstName: 'Ann', lastName: 'Lee', email: 'ann@example.org', zone: 'North' });
    expect(checked).toEqual({
      ok: true,
      value: {
        values: {
          name: 'Ann Lee',
          email: 'ann@example.org',
          phone: null,
          location: null,
          status: 'active',
          coordinator: null,
          notes: null,
          zone: 'North',
          cardholderStatus: false,
        },
        given: ['name', 'email', 'zone'],
        tags: [],
      },
    });
    expect(checkPartnerCells({ lastName: 'Lee', email: 'lee@example.org' })).toMatchObject({
      ok: true,
      value: { values: { name: 'Lee' } },
    });
  });

  it('tells a row with no email that it needs one, and one with a bad email that it is invalid', () => {
    for (const email of ['', '   ']) {
      expect(checkPartnerCells({ name: 'Ann Lee', email })).toEqual({
        ok: false,
        errors: [{ field: 'email', message: 'Email is required' }],
      });
    }
    expect(checkPartnerCells({ name: 'Ann Lee', email: 'ann at example' })).toEqual({
      ok: false,
      errors: [{ field: 'email', message: 'Invalid email address' }],
    });
  });

  it('compares phones by their digits', () => {
    expect(phoneDigits('+1 (555) 010-0100')).toBe('15550100100');
    expect(phoneDigits(null)).toBe('');
  });
});
