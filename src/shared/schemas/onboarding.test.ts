import { describe, expect, it } from 'vitest';
import { onboardingProgressSchema } from './onboarding';

describe('onboarding progress (what a player reports)', () => {
  it('keeps seconds to the millisecond, so a denormal never reaches the real column', () => {
    expect(onboardingProgressSchema.parse({ watchedSeconds: 5e-324, durationSeconds: 12.34567 })).toEqual({
      watchedSeconds: 0,
      durationSeconds: 12.346,
    });
  });

  it('refuses a duration under a tenth of a second, negative or unbounded time', () => {
    expect(onboardingProgressSchema.safeParse({ watchedSeconds: 50, durationSeconds: 5e-324 }).success).toBe(false);
    expect(onboardingProgressSchema.safeParse({ watchedSeconds: -1, durationSeconds: 10 }).success).toBe(false);
    expect(onboardingProgressSchema.safeParse({ watchedSeconds: 1, durationSeconds: Infinity }).success).toBe(false);
  });
});
