import { describe, expect, it } from 'vitest';
import { formatMoney } from '#shared/format';
import { pdfText, statementFileName } from './statement-text';

describe('statement text', () => {
  it('keeps what the standard fonts print and spells the rest without accents', () => {
    expect(pdfText('Café €5 “thanks” – Müller')).toBe('Café €5 “thanks” – Müller');
    expect(pdfText('Łódź, Dvořák, Ștefan')).toBe('Lódz, Dvorák, Stefan');
    expect(pdfText('Иван 李 🙂')).toBe('???? ? ?');
    expect(pdfText('line one\r\nline two\ttab')).toBe('line one\nline two tab');
  });

  it('makes file names from names', () => {
    expect(statementFileName(2025, 'Ana López')).toBe('statement-2025-ana-lopez.pdf');
    expect(statementFileName(2025, '李')).toBe('statement-2025-partner.pdf');
    expect(statementFileName(2025, 'Grace Chapel')).toBe('statement-2025-grace-chapel.pdf');
  });

  it('prints exact amounts in the currency, the cents of a yen gift too (the shared formatMoney)', () => {
    expect(formatMoney('1000.50', 'JPY')).toBe('¥1,000.50');
    expect(formatMoney('1234.50', 'USD')).toBe('$1,234.50');
    expect(formatMoney('999999999.99', 'USD')).toBe('$999,999,999.99');
    expect(formatMoney('0.10', 'EUR')).toBe('€0.10');
  });
});
