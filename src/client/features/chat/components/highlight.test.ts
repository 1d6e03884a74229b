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

  it('returns the whole text when there is nothing to mark', () => {
    expect(highlightSegments('hello', [])).toEqual([{ text: 'hello', match: false }]);
  });
});
