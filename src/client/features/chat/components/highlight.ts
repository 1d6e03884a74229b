import { foldChar, foldForSearch } from '#shared/search-fold';

/** A piece of a text, and whether it is (the start of) a searched word. */
export interface Segment {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` folded, with where each of its UTF-16 units came from in `text` (start and end), so a
 * match in the folded text marks the original characters, accents and all.
 */
function foldWithOrigins(text: string): { folded: string; starts: number[]; ends: number[] } {
  let folded = '';
  const starts: number[] = [];
  const ends: number[] = [];
  let at = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    if (f === '' && ends.length > 0) {
      // A combining accent written after its letter belongs to that letter's mark.
      for (let i = ends.length - 1; i >= 0 && ends[i] === at; i--) ends[i] = at + ch.length;
    }
    for (let i = 0; i < f.length; i++) {
      starts.push(at);
      ends.push(at + ch.length);
    }
    folded += f;
    at += ch.length;
  }
  return { folded, starts, ends };
}

/**
 * Splits `text` where a searched word starts a word of it (the server matches words by their
 * prefix, accents and case aside), so the matches can be marked as text nodes: never HTML built
 * from the message.
 */
export function highlightSegments(text: string, words: string[]): Segment[] {
  const wanted = [...new Set(words.map(foldForSearch))].filter((w) => w !== '');
  if (wanted.length === 0 || text === '') return [{ text, match: false }];
  // Longer words first, so 'harvest' wins over 'har' at the same place.
  const alternatives = wanted.sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})`, 'gu');
  const { folded, starts, ends } = foldWithOrigins(text);
  const segments: Segment[] = [];
  let last = 0;
  for (const found of folded.matchAll(pattern)) {
    const start = starts[found.index]!;
    const end = ends[found.index + found[0].length - 1]!;
    // A match inside a letter the fold wrote as two ('s' of 'ß') starts where that letter does.
    if (start < last) continue;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    last = end;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
