import { describe, expect, it } from 'vitest';
import { contentRange, parseRange, rangeNotSatisfiable } from './byte-range';

describe('parseRange', () => {
  const size = 1000;

  it('answers the whole object without a Range header', () => {
    expect(parseRange(undefined, size)).toEqual({ kind: 'whole' });
    expect(parseRange(null, size)).toEqual({ kind: 'whole' });
  });

  it('reads first-last, first- and -suffix', () => {
    expect(parseRange('bytes=0-99', size)).toEqual({ kind: 'range', range: { start: 0, end: 99 } });
    expect(parseRange('bytes=500-', size)).toEqual({ kind: 'range', range: { start: 500, end: 999 } });
    expect(parseRange('bytes=-100', size)).toEqual({ kind: 'range', range: { start: 900, end: 999 } });
    expect(parseRange('bytes=0-0', size)).toEqual({ kind: 'range', range: { start: 0, end: 0 } });
    expect(parseRange('Bytes = 10-19', size)).toEqual({ kind: 'range', range: { start: 10, end: 19 } });
  });

  it('clips a range running past the end, and a suffix longer than the object', () => {
    expect(parseRange('bytes=990-5000', size)).toEqual({ kind: 'range', range: { start: 990, end: 999 } });
    expect(parseRange('bytes=-5000', size)).toEqual({ kind: 'range', range: { start: 0, end: 999 } });
    expect(parseRange('bytes=999-', size)).toEqual({ kind: 'range', range: { start: 999, end: 999 } });
  });

  it('refuses a range starting past the end (416)', () => {
    expect(parseRange('bytes=1000-', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=1000-1001', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-5', 0)).toEqual({ kind: 'unsatisfiable' });
  });

  it('refuses malformed headers (416)', () => {
    for (const header of [
      '',
      'bytes',
      'bytes=',
      'bytes=-',
      'bytes=abc',
      'bytes=5-3',
      'bytes=1.5-2',
      'bytes=-1-2',
      'items=0-10',
      '0-10',
      'bytes=0-10,',
      'bytes=99999999999999999999-',
    ]) {
      expect(parseRange(header, size), header).toEqual({ kind: 'unsatisfiable' });
    }
  });

  it('answers several ranges with the whole object, unless none of them can be satisfied', () => {
    expect(parseRange('bytes=0-9, 20-29', size)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-9,2000-', size)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=2000-,3000-', size)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-9,x', size)).toEqual({ kind: 'unsatisfiable' });
  });

  it('writes Content-Range and the 416 answer', () => {
    expect(contentRange({ start: 0, end: 99 }, size)).toBe('bytes 0-99/1000');
    const refusal = rangeNotSatisfiable(size);
    expect(refusal.status).toBe(416);
    expect(refusal.headers.get('content-range')).toBe('bytes */1000');
    expect(refusal.headers.get('accept-ranges')).toBe('bytes');
  });
});
