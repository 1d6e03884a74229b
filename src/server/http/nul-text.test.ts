import { describe, expect, it } from 'vitest';
import { findNulText } from './nul-text';

describe('findNulText', () => {
  it('names the path of the first string holding U+0000, in keys too', () => {
    expect(findNulText({ title: 'ok', fields: [{ label: 'a\u0000b' }] })).toBe('fields.0.label');
    expect(findNulText({ ['bad\u0000key']: 1 })).toBe('bad\u0000key');
    expect(findNulText('\u0000')).toBe('');
  });
  it('names a string holding a lone surrogate, high or low, anywhere in it', () => {
    expect(findNulText({ parent: '/', name: '\ud800' })).toBe('name');
    expect(findNulText({ name: 'a\udc00' })).toBe('name');
    expect(findNulText({ name: 'ab\ud83d' })).toBe('name');
    expect(findNulText({ ['k\udfff']: 1 })).toBe('k\udfff');
  });
  it('passes text without them, and other values', () => {
    expect(findNulText({ a: 'plain', b: 1, c: null, d: [true, 'é', '🙏 amen'], e: '\u0001' })).toBeUndefined();
  });
});
