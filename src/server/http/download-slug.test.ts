import { describe, expect, it } from 'vitest';
import { downloadSlug } from './download-slug';

describe('download names from titles', () => {
  it('takes accents off instead of dropping the letter', () => {
    expect(downloadSlug("Réunion d'équipe 🙂", 'event')).toBe('reunion-d-equipe');
    expect(downloadSlug('Retreat sign-up — Été 2027 🎉 l’équipe', 'form')).toBe('retreat-sign-up-ete-2027-l-equipe');
    expect(downloadSlug('Ana López', 'partner')).toBe('ana-lopez');
    expect(downloadSlug('  Łukasz & Co.  ', 'partner')).toBe('lukasz-co');
    expect(downloadSlug('Straße Æbeltoft Søren', 'x')).toBe('strasse-aebeltoft-soren');
  });

  it('keeps to 60 characters without a dash at the end, and falls back when nothing is left', () => {
    expect(downloadSlug(`${'a'.repeat(59)} b`, 'x')).toBe('a'.repeat(59));
    expect(downloadSlug('李', 'partner')).toBe('partner');
    expect(downloadSlug('Συνάντηση', 'event')).toBe('event');
  });
});
