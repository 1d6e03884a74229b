import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

describe('highlightSegments', () => {
  it('marks word starts that match, in any case, and leaves the rest as plain text', () => {
    expect(highlightSegments('The Harvest supper; harvesting too. Share', ['harv', 'sup'])).toEqual([
      { text: 'The ', match: false },
      { text: 'Harv', match: true },
      { text: 'est ', match: false },
      { text: 'sup', match: true },
      { text: 'per; ', match: false },
      { text: 'harv', match: true },
      { text: 'esting too. Share', match: false },
    ]);
  });

  it('does not mark a word found inside another word', () => {
    expect(highlightSegments('unharvested', ['harv'])).toEqual([{ text: 'unharvested', match: false }]);
  });

  it('keeps markup-like text as text, and regular-expression characters in words are plain', () => {
    const segments = highlightSegments('<b>été</b> a+b', ['été', 'a+b']);
    expect(segments.map((s) => s.text).join('')).toBe('<b>été</b> a+b');
    expect(segments.filter((s) => s.match).map((s) => s.text)).toEqual(['été', 'a+b']);
  });

  it('marks a word whatever its accents, as the search found it (decision 0181)', () => {
    const marked = (text: string, words: string[]) =>
      highlightSegments(text, words)
        .filter((s) => s.match)
        .map((s) => s.text);
    expect(marked('Meet at Café Müller', ['cafe', 'muller'])).toEqual(['Café', 'Müller']);
    expect(marked('cafe first, then CAFÉ', ['café'])).toEqual(['cafe', 'CAFÉ']);
    expect(marked('The Straße fair', ['strasse'])).toEqual(['Straße']);
    expect(marked('After the O’Connor visit', ['o', 'connor'])).toEqual(['O', 'Connor']);
    expect(marked('İlker and Ærø', ['ilker', 'aer'])).toEqual(['İlker', 'Ær']);
    // An accent written as its own character after the letter is marked with it.
    const decomposed = 'Cafe\u0301 open';
    expect(marked(decomposed, ['cafe'])).toEqual(['Cafe\u0301']);
    expect(
      highlightSegments(decomposed, ['cafe'])
        .map((s) => s.text)
        .join(''),
    ).toBe(decomposed);
  });

  it('returns the whole text when there is nothing to mark', () => {
    expect(highlightSegments('hello', [])).toEqual([{ text: 'hello', match: false }]);
  });
});
