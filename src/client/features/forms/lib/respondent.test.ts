import { describe, expect, it } from 'vitest';
import type { StoredAnswer } from '#shared/form-answers';
import { respondent } from './respondent';

const answer = (label: string, type: StoredAnswer['type'], value: StoredAnswer['value']): StoredAnswer => ({
  fieldId: label.toLowerCase().replace(/\W+/g, '-'),
  label,
  type,
  value,
});

describe('respondent', () => {
  it('names the partner, else the person the link was sent to', () => {
    const answers = [answer('Full name', 'text', 'Someone Else')];
    expect(respondent({ partner: { name: 'Grace Church' }, recipient: { name: 'Ama' }, answers })).toBe('Grace Church');
    expect(respondent({ partner: null, recipient: { name: 'Ama Mensah' }, answers })).toBe('Ama Mensah');
  });

  it('names a public-link response by the name it gives, else its email, marked as from the link', () => {
    expect(
      respondent({ answers: [answer('Guests', 'number', 2), answer('Your name', 'text', '  Kofi Boateng ')] }),
    ).toBe('Kofi Boateng (public link)');
    expect(
      respondent({ answers: [answer('Full name', 'text', ''), answer('Email', 'email', 'kofi@example.org')] }),
    ).toBe('kofi@example.org (public link)');
    // "Topic" is not a name, nor a choice or a note.
    expect(
      respondent({ answers: [answer('Topic', 'text', 'Health'), answer('Names of guests', 'textarea', 'A, B')] }),
    ).toBe('Public link');
    expect(respondent({ answers: [] })).toBe('Public link');
  });

  it('cuts a long name', () => {
    const shown = respondent({ answers: [answer('Name', 'text', 'x'.repeat(200))] });
    expect(shown).toBe(`${'x'.repeat(59)}… (public link)`);
  });
});
