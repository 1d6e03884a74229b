import { describe, expect, it } from 'vitest';
import { foldForSearch, matchesSearch } from './search-fold';

describe('foldForSearch', () => {
  it('drops accents and case, and writes the letters unaccent rewrites as it does', () => {
    expect(foldForSearch('Daniel & Ruth Álvarez')).toBe('daniel & ruth alvarez');
    expect(foldForSearch('Zürich, Straße, Ærø, Łódź')).toBe('zurich, strasse, aero, lodz');
    expect(foldForSearch('O’Connor İlker ﬁsh')).toBe("o'connor ilker fish");
    // An accent written as its own character after the letter goes too.
    expect(foldForSearch('Cafe\u0301')).toBe('cafe');
  });
});

describe('matchesSearch', () => {
  it('finds the term anywhere in any of the texts, accents and case aside', () => {
    expect(matchesSearch('alvarez', 'Daniel & Ruth Álvarez')).toBe(true);
    expect(matchesSearch('ÁLVAREZ', 'daniel alvarez')).toBe(true);
    expect(matchesSearch("o'connor", 'Maeve O’Connor')).toBe(true);
    expect(matchesSearch('north', 'Grace Kim', 'North Zone')).toBe(true);
    expect(matchesSearch('south', 'Grace Kim', null, undefined)).toBe(false);
  });

  it('matches everything for an empty or blank term', () => {
    expect(matchesSearch('', 'anything')).toBe(true);
    expect(matchesSearch('   ', 'anything')).toBe(true);
  });
});
