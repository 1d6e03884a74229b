import { describe, expect, it } from 'vitest';
import { subjectLabelOf } from './subject-label';

describe('an audit entry names its subject from its own values', () => {
  it('names a gift by its giver and amount, and a gift with no amount kept by its giver', () => {
    expect(subjectLabelOf('donation', null, { partnerName: 'Grace Church', amount: '50.00' })).toBe(
      'Grace Church, 50.00',
    );
    expect(subjectLabelOf('donation', { partnerName: 'Walk-in visitor' }, null)).toBe('Walk-in visitor');
  });

  it('reads the after values first, then the before values of a deletion', () => {
    expect(subjectLabelOf('partner', { name: 'Old Name' }, { name: 'New Name' })).toBe('New Name');
    expect(subjectLabelOf('task', { title: 'Call Ruth' }, null)).toBe('Call Ruth');
    // A change that keeps only a status after still finds the name before.
    expect(subjectLabelOf('partner', { name: 'Hope Chapel' }, { status: 'inactive' })).toBe('Hope Chapel');
  });

  it('names a folder by its path, a merge by the partner that remains, an email by its subject line', () => {
    expect(subjectLabelOf('folder', null, { path: '/Sermons/2026' })).toBe('/Sermons/2026');
    expect(
      subjectLabelOf('partner', { survivor: { name: 'Hope Chapel' }, merged: { name: 'Hope Chapel (old)' } }, null),
    ).toBe('Hope Chapel');
    expect(subjectLabelOf('email', null, { subject: 'Reset your password', toAddress: 'a@example.org' })).toBe(
      'Reset your password',
    );
    // Only an email's subject line is one: another record's "subject" is not a name.
    expect(subjectLabelOf('test', null, { subject: 'something else' })).toBeNull();
  });

  it("names a form's answer by its form, and by who answered when a personal link was used", () => {
    expect(
      subjectLabelOf('form_response', null, { formTitle: 'Volunteer sign-up', recipientName: 'Ruth Álvarez' }),
    ).toBe('Volunteer sign-up, Ruth Álvarez');
    expect(subjectLabelOf('form_response', null, { formTitle: 'Volunteer sign-up', recipientName: null })).toBe(
      'Volunteer sign-up',
    );
  });

  it('names nothing it cannot: no values, values that are not an object, blank or non-text names', () => {
    expect(subjectLabelOf('partner', null, null)).toBeNull();
    expect(subjectLabelOf('partner', ['a'], 'text')).toBeNull();
    expect(subjectLabelOf('partner', null, { name: '   ', title: 42 })).toBeNull();
    expect(subjectLabelOf('donation', null, { amount: '5.00' })).toBeNull();
  });

  it('shortens a long name to 80 characters, ending with an ellipsis', () => {
    const label = subjectLabelOf('form', null, { title: 'x'.repeat(200) });
    expect(label).toHaveLength(80);
    expect(label!.endsWith('…')).toBe(true);
    expect(subjectLabelOf('form', null, { title: 'y'.repeat(80) })).toBe('y'.repeat(80));
  });
});
