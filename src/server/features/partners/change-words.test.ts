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
});
