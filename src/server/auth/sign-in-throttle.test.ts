import { describe, expect, it } from 'vitest';
import { accountKey, addressKey, THROTTLE_RULES, waitSeconds } from './sign-in-throttle';

const FREE = THROTTLE_RULES.account.freeFailures;
const DELAY = THROTTLE_RULES.account.delaySeconds;
const WINDOW_MS = THROTTLE_RULES.windowMinutes * 60_000;
const start = new Date('2026-03-01T09:00:00Z');
const at = (ms: number) => new Date(start.getTime() + ms);

function counter(failures: number, lastFailureMs = 0) {
  return { failures, windowStartedAt: start, lastFailureAt: at(lastFailureMs) };
}

describe('waitSeconds', () => {
  it('lets anyone without a counter try', () => {
    expect(waitSeconds(undefined, FREE, DELAY, start)).toBe(0);
  });

  it('does not slow anyone below the free allowance', () => {
    expect(waitSeconds(counter(1), FREE, DELAY, start)).toBe(0);
    expect(waitSeconds(counter(FREE - 1), FREE, DELAY, at(1))).toBe(0);
  });

  it('asks for the full delay right after the allowance is used up', () => {
    expect(waitSeconds(counter(FREE), FREE, DELAY, at(0))).toBe(DELAY);
    expect(waitSeconds(counter(FREE + 10), FREE, DELAY, at(0))).toBe(DELAY);
  });

  it('counts the delay down from the last failure, rounding up', () => {
    expect(waitSeconds(counter(FREE, 1000), FREE, DELAY, at(1000 + 1))).toBe(DELAY);
    expect(waitSeconds(counter(FREE, 1000), FREE, DELAY, at(1000 + 5_000))).toBe(DELAY - 5);
    expect(waitSeconds(counter(FREE, 1000), FREE, DELAY, at(1000 + DELAY * 1000 - 1))).toBe(1);
  });

  it('allows the next attempt once the delay has passed', () => {
    expect(waitSeconds(counter(FREE, 1000), FREE, DELAY, at(1000 + DELAY * 1000))).toBe(0);
    expect(waitSeconds(counter(FREE, 1000), FREE, DELAY, at(1000 + DELAY * 1000 + 60_000))).toBe(0);
  });

  it('forgets the failures once the window has expired', () => {
    // Last failure just before the window ends: still waiting inside the window...
    const late = counter(FREE, WINDOW_MS - 1000);
    expect(waitSeconds(late, FREE, DELAY, at(WINDOW_MS - 1))).toBeGreaterThan(0);
    // ...and free the moment the window ends, though the delay has not run out.
    expect(waitSeconds(late, FREE, DELAY, at(WINDOW_MS))).toBe(0);
  });

  it('uses the limits it is given (the address rules are looser)', () => {
    const { freeFailures, delaySeconds } = THROTTLE_RULES.address;
    expect(freeFailures).toBeGreaterThan(FREE);
    expect(waitSeconds(counter(freeFailures - 1), freeFailures, delaySeconds, start)).toBe(0);
    expect(waitSeconds(counter(freeFailures), freeFailures, delaySeconds, start)).toBe(delaySeconds);
  });
});

describe('throttle keys', () => {
  it('counts an account whatever the case and spacing of its email', () => {
    expect(accountKey(' Pastor@Example.org ', '1.2.3.4')).toBe(accountKey('pastor@example.org', '1.2.3.4'));
    expect(accountKey('pastor@example.org', '1.2.3.4')).not.toBe(accountKey('pastor@example.org', '1.2.3.5'));
  });

  it('keeps account and address counters apart', () => {
    expect(accountKey('1.2.3.4', '1.2.3.4')).not.toBe(addressKey('1.2.3.4'));
  });
});
