/**
 * Text for PDFs drawn with the PDF standard fonts, which encode WinAnsi (Latin-1 and a few
 * more: € ‘ ’ “ ” – — …). Anything else would print as garbage, so it is spelled without its
 * accents it lacks (Łódź → Lódz, Dvořák → Dvorák), and a character with no such spelling (Cyrillic,
 * Greek, CJK, emoji) becomes '?'. Decision 0112 says why no font is embedded.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
/** Letters that do not decompose into a base letter and an accent. */
const SPELLED: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l' };

const isWinAnsi = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
};

export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (isWinAnsi(ch)) out += ch;
    else if (ch === '\t') out += ' ';
    else if (SPELLED[ch]) out += SPELLED[ch];
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

/** A file-name part from a name: ASCII letters and digits joined by dashes ("statement-2025-ana-lopez.pdf"). */
export function slug(name: string): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .replace(/[ŁłĐđ]/g, (ch) => SPELLED[ch] ?? '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return ascii || 'partner';
}

export const statementFileName = (year: number, partnerName: string) => `statement-${year}-${slug(partnerName)}.pdf`;
