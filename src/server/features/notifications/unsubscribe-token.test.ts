import { describe, expect, it } from 'vitest';
import { unsubscribeToken, verifyUnsubscribeToken } from './unsubscribe-token';
import { digestTimeBefore } from './digest';

describe('unsubscribe tokens', () => {
  const token = unsubscribeToken('key-one', 'user-123');

  it('name the person they were made for', () => {
    expect(verifyUnsubscribeToken('key-one', token)).toBe('user-123');
  });

  it.each([
    ['another key', 'key-two', token],
    [
      'another person with the same signature',
      'key-one',
      `${Buffer.from('user-456').toString('base64url')}.${token.split('.')[1]}`,
    ],
    ['a cut signature', 'key-one', token.slice(0, -2)],
    ['an extra part', 'key-one', `${token}.x`],
    ['no signature', 'key-one', token.split('.')[0]!],
    ['nothing', 'key-one', ''],
  ])('refuse %s', (_case, key, given) => {
    expect(verifyUnsubscribeToken(key, given)).toBeNull();
  });
});

describe('digestTimeBefore', () => {
  it('is today at the hour once it has passed, else yesterday at the hour', () => {
    const at = (d: number, h: number, m = 0) => new Date(2026, 10, d, h, m);
    expect(digestTimeBefore(at(25, 7, 0), 7)).toEqual(at(25, 7));
    expect(digestTimeBefore(at(25, 9, 30), 7)).toEqual(at(25, 7));
    expect(digestTimeBefore(at(25, 6, 59), 7)).toEqual(at(24, 7));
    expect(digestTimeBefore(at(1, 0, 0), 23)).toEqual(new Date(2026, 9, 31, 23));
  });
});
