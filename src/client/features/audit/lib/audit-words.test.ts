import { describe, expect, it } from 'vitest';
import { actionWords, subjectWords, wordChoices } from './audit-words';

describe("an audit entry's action in words", () => {
  it("reads the code's own words, with a person's names for its subjects", () => {
    expect(actionWords('partner.created')).toBe('Partner created');
    expect(actionWords('donation.voided')).toBe('Gift voided');
    expect(actionWords('sign_in.second_factor_failed')).toBe('Sign-in second factor failed');
    expect(actionWords('import.undo-requested')).toBe('Import undo requested');
    expect(actionWords('calendar_feed.renewed')).toBe('Calendar subscription renewed');
    expect(actionWords('admin.refused')).toBe('Admin action refused');
  });

  it('says whole what its words would say badly', () => {
    expect(actionWords('sessions.ended-others')).toBe('Other sessions ended');
    expect(actionWords('chat.read')).toBe('Chat read up to a message');
  });

  it('reads a code it has never seen, with or without a verb', () => {
    expect(actionWords('newsletter.scheduled_send')).toBe('Newsletter scheduled send');
    expect(actionWords('maintenance')).toBe('Maintenance');
  });
});

describe('a subject type in words', () => {
  it("uses a person's name for it, else the code's own words", () => {
    expect(subjectWords('donation')).toBe('gift');
    expect(subjectWords('calendar_feed')).toBe('calendar subscription');
    expect(subjectWords('onboarding_step')).toBe('onboarding step');
  });
});

describe("the filters' choices", () => {
  it('are in words, capitalised, in the order of their words', () => {
    expect(wordChoices(['task.created', 'donation.voided', 'account.updated'], actionWords)).toEqual([
      { code: 'account.updated', words: 'Account updated' },
      { code: 'donation.voided', words: 'Gift voided' },
      { code: 'task.created', words: 'Task created' },
    ]);
    expect(wordChoices(['partner', 'donation'], subjectWords).map((c) => c.words)).toEqual(['Gift', 'Partner']);
  });

  it('tell apart two codes that read the same by their codes', () => {
    expect(wordChoices(['task.created', 'task_created'], actionWords).map((c) => c.words)).toEqual([
      'Task created (task_created)',
      'Task created (task.created)',
    ]);
  });
});
