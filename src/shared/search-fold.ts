/**
 * Text as a search box compares it in the browser: lower case, without accents, the curly
 * apostrophe straight. The server folds with PostgreSQL's unaccent (decisions 0180 and 0181);
 * this is near enough to it for the lists filtered where they are shown (cardholders, tags,
 * coordinators) and for marking what the server matched, so "alvarez" finds "Álvarez" in every
 * search box of the portal, not only in those the server answers.
 */

/**
 * Letters unaccent writes as other letters where Unicode's decomposition keeps them whole, and
 * the curly apostrophe it straightens.
 */
const LETTERS: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  ł: 'l',
  đ: 'd',
  ð: 'd',
  þ: 'th',
  ı: 'i',
  '’': "'",
  '‘': "'",
};

/** One character folded (one code point in, zero or more UTF-16 units out). */
export function foldChar(ch: string): string {
  const lower = ch.toLowerCase();
  return LETTERS[lower] ?? lower.normalize('NFKD').replace(/\p{M}/gu, '');
}

export function foldForSearch(text: string): string {
  let folded = '';
  for (const ch of text) folded += foldChar(ch);
  return folded;
}

/**
 * Whether any of `texts` holds `term`, both folded; an empty term (after trimming) matches
 * everything, as an empty search box shows the whole list.
 */
export function matchesSearch(term: string, ...texts: (string | null | undefined)[]): boolean {
  const wanted = foldForSearch(term.trim());
  return wanted === '' || texts.some((text) => text != null && foldForSearch(text).includes(wanted));
}
