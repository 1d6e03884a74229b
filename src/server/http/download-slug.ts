/** Letters that do not decompose into a base letter and an accent, spelled as their base. */
export const SPELLED_LETTERS: Readonly<Record<string, string>> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Ŀ: 'L',
  ŀ: 'l',
};

/** For a file name only: letters a name may hold that are written as two in ASCII. */
const SPELLED_AS_TWO: Readonly<Record<string, string>> = {
  ß: 'ss',
  æ: 'ae',
  Æ: 'AE',
  œ: 'oe',
  Œ: 'OE',
  ø: 'o',
  Ø: 'O',
};

/**
 * A download's name from a title: ASCII letters and digits joined by dashes, accents taken off
 * rather than the letter dropped ("Réunion d'équipe" -> "reunion-d-equipe", was "r-union-d-quipe"),
 * at most 60 characters; `fallback` when nothing is left (a title in Greek or Chinese). ASCII
 * keeps the name the same in every browser and on every file system.
 */
export function downloadSlug(title: string, fallback: string): string {
  const ascii = [...title.normalize('NFKD').replace(/\p{M}/gu, '')]
    .map((ch) => SPELLED_LETTERS[ch] ?? SPELLED_AS_TWO[ch] ?? ch)
    .join('')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii || fallback;
}
