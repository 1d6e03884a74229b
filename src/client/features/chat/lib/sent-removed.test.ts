import { describe, expect, it } from 'vitest';
import { sentRemoved } from './sent-removed';

describe('sentRemoved', () => {
  it('empties the box when nothing was typed while sending', () => {
    expect(sentRemoved('Here is the file', 'Here is the file')).toBe('');
  });

  it('keeps what was typed after the words sent', () => {
    expect(sentRemoved('Here is the file and more', 'Here is the file')).toBe('and more');
    expect(sentRemoved('Here is the file\nSecond thought', 'Here is the file')).toBe('Second thought');
  });

  it('keeps everything when the words sent were changed meanwhile', () => {
    expect(sentRemoved('Here was the file', 'Here is the file')).toBe('Here was the file');
  });
});
