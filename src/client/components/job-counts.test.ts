import { describe, expect, it } from 'vitest';
import { jobCountText } from './job-counts';

describe('jobCountText', () => {
  it('groups the digits of both counts', () => {
    expect(jobCountText(2750, 10_000)).toBe('2,750 of 10,000');
    expect(jobCountText(999_999, 1_000_000)).toBe('999,999 of 1,000,000');
  });

  it('leaves small counts as they are', () => {
    expect(jobCountText(0, 12)).toBe('0 of 12');
  });

  it('says nothing before the job knows its total', () => {
    expect(jobCountText(0, null)).toBe('');
  });
});
