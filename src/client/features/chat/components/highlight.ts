/** A piece of a text, and whether it is (the start of) a searched word. */
export interface Segment {
  text: string;
  match: boolean;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Splits `text` where a searched word starts a word of it (the server matches words by their
 * prefix), so the matches can be marked as text nodes: never HTML built from the message.
 */
export function highlightSegments(text: string, words: string[]): Segment[] {
  if (words.length === 0 || text === '') return [{ text, match: false }];
  // Longer words first, so 'harvest' wins over 'har' at the same place.
  const alternatives = [...words].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives.join('|')})`, 'giu');
  const segments: Segment[] = [];
  let last = 0;
  for (const found of text.matchAll(pattern)) {
    const start = found.index;
    if (start > last) segments.push({ text: text.slice(last, start), match: false });
    segments.push({ text: found[0], match: true });
    last = start + found[0].length;
  }
  if (last < text.length) segments.push({ text: text.slice(last), match: false });
  return segments;
}
