import { describe, expect, it } from 'vitest';
import { numberedTwin } from './numbered-name';

describe('numberedTwin (decision 0041)', () => {
  it('knows the name a second upload of the same name is kept under', () => {
    expect(numberedTwin('notes.txt', 'notes (1).txt')).toBe(true);
    expect(numberedTwin('notes.txt', 'notes (12).txt')).toBe(true);
    expect(numberedTwin('README', 'README (2)')).toBe(true);
    expect(numberedTwin('.env', '.env (1)')).toBe(true);
  });
  it('does not take another change of name for one', () => {
    expect(numberedTwin('notes.txt', 'notes.txt')).toBe(false);
    expect(numberedTwin('notes.txt', 'notes (1).md')).toBe(false);
    expect(numberedTwin('notes.txt', 'notes (a).txt')).toBe(false);
    expect(numberedTwin('a/b.txt', 'b.txt')).toBe(false);
  });
});
