import { describe, expect, it } from 'vitest';
import { createClientIpResolver } from './client-ip';

describe('createClientIpResolver', () => {
  it('uses the socket address when no proxy is trusted', () => {
    const resolve = createClientIpResolver([]);
    expect(resolve('203.0.113.7', undefined)).toBe('203.0.113.7');
    expect(resolve('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('answers "unknown" when there is no socket', () => {
    expect(createClientIpResolver([])(undefined, '198.51.100.1')).toBe('unknown');
    expect(createClientIpResolver(['127.0.0.1'])(undefined, '198.51.100.1')).toBe('unknown');
  });

  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    const resolve = createClientIpResolver(['10.0.0.1']);
    expect(resolve('203.0.113.7', '198.51.100.1')).toBe('203.0.113.7');
  });

  it('takes the forwarded address from a trusted proxy', () => {
    const resolve = createClientIpResolver(['10.0.0.1']);
    expect(resolve('10.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(resolve('10.0.0.1', undefined)).toBe('10.0.0.1');
  });

  it('walks X-Forwarded-For from the right past every trusted hop', () => {
    const resolve = createClientIpResolver(['10.0.0.1', '10.0.0.2']);
    // The client made up the left-most entry; the first untrusted hop from the right is real.
    expect(resolve('10.0.0.1', '1.2.3.4, 198.51.100.1, 10.0.0.2')).toBe('198.51.100.1');
    expect(resolve('10.0.0.1', '1.2.3.4,198.51.100.1,10.0.0.2')).toBe('198.51.100.1');
  });

  it('trusts whole CIDR ranges, IPv4 and IPv6', () => {
    const resolve = createClientIpResolver(['10.0.0.0/8', 'fd00::/8']);
    expect(resolve('10.20.30.40', '198.51.100.1, 10.9.9.9')).toBe('198.51.100.1');
    expect(resolve('fd00::5', '2001:db8::1, fd12::1')).toBe('2001:db8::1');
    expect(resolve('11.0.0.1', '198.51.100.1')).toBe('11.0.0.1');
  });

  it('returns the left-most hop when every hop is trusted', () => {
    const resolve = createClientIpResolver(['10.0.0.0/8']);
    expect(resolve('10.0.0.1', '10.0.0.3, 10.0.0.2')).toBe('10.0.0.3');
  });

  it('normalises IPv4-mapped IPv6 addresses (::ffff:a.b.c.d)', () => {
    const resolve = createClientIpResolver(['127.0.0.1']);
    expect(resolve('::ffff:203.0.113.7', undefined)).toBe('203.0.113.7');
    expect(resolve('::ffff:127.0.0.1', '198.51.100.1')).toBe('198.51.100.1');
    expect(resolve('::ffff:127.0.0.1', '::ffff:198.51.100.1')).toBe('198.51.100.1');
  });

  it('does not confuse ::1 with 127.0.0.1', () => {
    expect(createClientIpResolver(['127.0.0.1'])('::1', '198.51.100.1')).toBe('::1');
    expect(createClientIpResolver(['::1'])('::1', '198.51.100.1')).toBe('198.51.100.1');
  });

  it.each(['proxy.internal', '', '10.0.0.1/', '10.0.0.0/abc', '10.0.0.0/33', '::1/129', '10.0.0.0/8/8', '300.0.0.1'])(
    'refuses the TRUSTED_PROXIES entry %j',
    (entry) => {
      expect(() => createClientIpResolver([entry])).toThrow(
        `TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`,
      );
    },
  );
});
