import { downloadSlug, SPELLED_LETTERS } from '#server/http/download-slug';

/**
 * Text for PDFs drawn with the PDF standard fonts, which encode WinAnsi (Latin-1 and a few
 * more: € ‘ ’ “ ” – — …). Anything else would print as garbage, so it is spelled without its
 * accents it lacks (Łódź → Lódz, Dvořák → Dvorák), and a character with no such spelling (Cyrillic,
 * Greek, CJK, emoji) becomes '?'. Decision 0112 says why no font is embedded.
 */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

const isWinAnsi = (ch: string) => {
  const code = ch.codePointAt(0)!;
  return ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch);
};

export function pdfText(text: string): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n')) {
    if (isWinAnsi(ch)) out += ch;
    else if (ch === '\t') out += ' ';
    else if (SPELLED_LETTERS[ch]) out += SPELLED_LETTERS[ch];
    else {
      const base = ch.normalize('NFKD').replace(/\p{M}/gu, '');
      out += base !== '' && [...base].every(isWinAnsi) ? base : '?';
    }
  }
  return out;
}

export const statementFileName = (year: number, partnerName: string) =>
  `statement-${year}-${downloadSlug(partnerName, 'partner')}.pdf`;
