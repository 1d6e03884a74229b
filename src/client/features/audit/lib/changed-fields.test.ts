import { describe, expect, it } from 'vitest';
import { changedFields } from './changed-fields';

describe('the fields an audited update changed', () => {
  it("lists each changed field in words with its values as text, leaving out what did not change and the row's bookkeeping", () => {
    const before = { id: 'g1', amount: '714.00', notes: null, version: 1, updatedAt: '2026-12-01T10:00:00Z' };
    const after = {
      id: 'g1',
      amount: '764.00',
      notes: 'Amount corrected',
      version: 2,
      updatedAt: '2026-12-03T10:00:00Z',
    };
    expect(changedFields(before, after)).toEqual([
      { field: 'amount', before: '714.00', after: '764.00' },
      { field: 'notes', before: 'None', after: 'Amount corrected' },
    ]);
  });

  it('names a field by its words, and shows lists, objects, numbers and a field gone', () => {
    expect(
      changedFields(
        { voidReason: null, tags: ['a'], limits: { max: 1 }, count: 1, dropped: 'x', cardholder_status: false },
        { voidReason: 'Recorded twice', tags: ['a', 'b'], limits: { max: 2 }, count: 2, cardholder_status: true },
      ),
    ).toEqual([
      { field: 'void reason', before: 'None', after: 'Recorded twice' },
      { field: 'tags', before: '["a"]', after: '["a","b"]' },
      { field: 'limits', before: '{"max":1}', after: '{"max":2}' },
      { field: 'count', before: '1', after: '2' },
      { field: 'cardholder status', before: 'false', after: 'true' },
      { field: 'dropped', before: 'x', after: 'None' },
    ]);
  });

  it('is null unless both values are objects: a creation, a deletion, an act with no values', () => {
    expect(changedFields(null, { name: 'Hope Chapel' })).toBeNull();
    expect(changedFields({ name: 'Hope Chapel' }, null)).toBeNull();
    expect(changedFields(['a'], ['b'])).toBeNull();
    expect(changedFields({ same: 1 }, { same: 1 })).toEqual([]);
  });
});
