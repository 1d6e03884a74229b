import { describe, expect, it } from 'vitest';
import { sameEmailNote } from './same-email-note';

const partner = (name: string, archived = false) => ({ id: name, name, archived });

describe('the partner form’s note on an email other partners have', () => {
  it('says nothing when nobody has it', () => {
    expect(sameEmailNote({ partners: [], total: 0 })).toBeNull();
  });

  it('names one partner, and says when that partner is archived', () => {
    expect(sameEmailNote({ partners: [partner('Mary Thompson')], total: 1 })).toBe(
      'Mary Thompson already has this email. You can still save if this is someone else.',
    );
    expect(sameEmailNote({ partners: [partner('Ada Thompson', true)], total: 1 })).toBe(
      'Ada Thompson (archived) already has this email. You can still save if this is someone else.',
    );
  });

  it('names two or three, and counts the rest', () => {
    expect(sameEmailNote({ partners: [partner('John'), partner('Mary')], total: 2 })).toBe(
      'John and Mary already have this email. You can still save if this is someone else.',
    );
    expect(sameEmailNote({ partners: [partner('Ada'), partner('John'), partner('Mary')], total: 5 })).toBe(
      'Ada, John, Mary and 2 more already have this email. You can still save if this is someone else.',
    );
  });
});
