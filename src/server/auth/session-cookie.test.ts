import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signedSessionToken } from './session-cookie';

const SECRET = 'a-test-secret-of-at-least-thirty-two-characters';
const NAME = 'better-auth.session_token';
const TOKEN = 'Zk3cQm1dWv8yN2pR5tH7jL0aXe4bS6uG';

/** The cookie value the way better-call writes it: URI-encoded `token.base64(hmac)`. */
const signed = (token: string, secret = SECRET) =>
  encodeURIComponent(`${token}.${createHmac('sha256', secret).update(token).digest('base64')}`);

describe('signedSessionToken', () => {
  it('returns the token of a correctly signed cookie, among other cookies', () => {
    expect(signedSessionToken(`${NAME}=${signed(TOKEN)}`, NAME, SECRET)).toBe(TOKEN);
    expect(signedSessionToken(`theme=dark; ${NAME}=${signed(TOKEN)}; sidebar=open`, NAME, SECRET)).toBe(TOKEN);
  });

  it('accepts the value unencoded or quoted, as the browser may send it', () => {
    const plain = decodeURIComponent(signed(TOKEN));
    expect(signedSessionToken(`${NAME}=${plain}`, NAME, SECRET)).toBe(TOKEN);
    expect(signedSessionToken(`${NAME}="${signed(TOKEN)}"`, NAME, SECRET)).toBe(TOKEN);
  });

  it('refuses a token signed with another secret, an unsigned token and a forged token', () => {
    expect(
      signedSessionToken(`${NAME}=${signed(TOKEN, 'another-secret-of-thirty-two-characters!!')}`, NAME, SECRET),
    ).toBeNull();
    expect(signedSessionToken(`${NAME}=${TOKEN}`, NAME, SECRET)).toBeNull();
    const forged = signed(TOKEN).replace(TOKEN, 'A'.repeat(TOKEN.length));
    expect(signedSessionToken(`${NAME}=${forged}`, NAME, SECRET)).toBeNull();
  });

  it('refuses signatures of the wrong shape before computing anything', () => {
    const signature = decodeURIComponent(signed(TOKEN)).split('.')[1]!;
    expect(signedSessionToken(`${NAME}=${TOKEN}.${signature.slice(0, -1)}`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`${NAME}=${TOKEN}.${signature.slice(0, -1)}A`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`${NAME}=.${signature}`, NAME, SECRET)).toBeNull();
  });

  it('reads the first cookie of the name, as better-auth does', () => {
    const other = 'Qq9cQm1dWv8yN2pR5tH7jL0aXe4bS6uZ';
    expect(signedSessionToken(`${NAME}=${signed(TOKEN)}; ${NAME}=${signed(other)}`, NAME, SECRET)).toBe(TOKEN);
    expect(signedSessionToken(`${NAME}=garbage; ${NAME}=${signed(other)}`, NAME, SECRET)).toBeNull();
  });

  it('matches the whole name only, and skips pairs without a value', () => {
    expect(signedSessionToken(`x${NAME}=${signed(TOKEN)}`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`__Host-${NAME}=${signed(TOKEN)}`, NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`__Host-${NAME}=${signed(TOKEN)}`, `__Host-${NAME}`, SECRET)).toBe(TOKEN);
    expect(signedSessionToken(`flag; ${NAME}=${signed(TOKEN)}`, NAME, SECRET)).toBe(TOKEN);
  });

  it('answers null without a cookie header or without the cookie', () => {
    expect(signedSessionToken(undefined, NAME, SECRET)).toBeNull();
    expect(signedSessionToken('', NAME, SECRET)).toBeNull();
    expect(signedSessionToken('theme=dark', NAME, SECRET)).toBeNull();
    expect(signedSessionToken(`${NAME}=%E0%A4%A`, NAME, SECRET)).toBeNull();
  });
});
