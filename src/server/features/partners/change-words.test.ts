import { describe, expect, it } from 'vitest';
import { describePartnerChange } from './change-words';

describe('a partner change in words', () => {
  it('names the year of a downloaded statement', () => {
    // The timeline said only "Downloaded".
    expect(describePartnerChange('statement.downloaded', null, { year: 2025 })).toEqual({
      summary: 'Downloaded the 2025 giving statement',
      changes: [],
    });
  });

  it('reads an action it does not know as its last word, and an edit field by field', () => {
    expect(describePartnerChange('partner.some_new_thing', null, null).summary).toBe('Some new thing');
    expect(
      describePartnerChange('partner.updated', { name: 'Ann', zone: 'North' }, { name: 'Ann', zone: 'South' }),
    ).toEqual({ summary: 'Changed the partner’s details', changes: [{ label: 'Zone', from: 'North', to: 'South' }] });
  });

  it('names a merge, with an empty field as "Not given" and a day as the portal writes days', () => {
    const described = describePartnerChange(
      'partner.merged',
      { survivor: { name: 'Rebecca Martinez', phone: null, lastContact: null }, merged: { name: 'R. Martinez' } },
      { survivor: { name: 'Rebecca Martinez', phone: '555-0107', lastContact: '2026-11-15' } },
    );
    expect(described).toEqual({
      summary: 'Merged R. Martinez into this partner',
      changes: [
        { label: 'Phone', from: 'Not given', to: '555-0107' },
        { label: 'Last contact', from: 'Not given', to: 'Nov 15, 2026' },
      ],
    });
  });

  it('names each field an edit changed, in words', () => {
    expect(
      describePartnerChange(
        'partner.updated',
        { status: 'active', cardholderStatus: false, zone: 'North' },
        { status: 'inactive', cardholderStatus: true, zone: '' },
      ).changes,
    ).toEqual([
      { label: 'Status', from: 'Active', to: 'Inactive' },
      { label: 'Zone', from: 'North', to: 'Not given' },
      { label: 'Cardholder', from: 'No', to: 'Yes' },
    ]);
  });
});
