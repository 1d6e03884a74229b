import { BlockList, isIP } from 'node:net';

/** Set by our middleware (never by the client) and the only header better-auth reads for IPs. */
export const CLIENT_IP_HEADER = 'x-portal-client-ip';

/**
 * The address a request really came from: the socket's peer, unless that peer is one of the
 * configured proxies, in which case X-Forwarded-For is walked from the right past every
 * trusted hop. A client can put anything in X-Forwarded-For, so it is believed only from
 * proxies we know.
 */
export function createClientIpResolver(trustedProxies: readonly string[]) {
  const trusted = new BlockList();
  for (const entry of trustedProxies) {
    const [address, prefix, extra] = entry.split('/');
    const family = isIP(address ?? '') === 6 ? 'ipv6' : 'ipv4';
    // A malformed prefix must not slip through: "10.0.0.1/" would read as /0 and trust everyone.
    const prefixOk =
      prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 'ipv6' ? 128 : 32));
    if (!address || !isIP(address) || !prefixOk || extra !== undefined) {
      throw new Error(`TRUSTED_PROXIES: "${entry}" is not an IP address or CIDR range`);
    }
    if (prefix === undefined) trusted.addAddress(address, family);
    else trusted.addSubnet(address, Number(prefix), family);
  }

  const isTrusted = (ip: string) => {
    const clean = normalise(ip);
    const family = isIP(clean) === 6 ? 'ipv6' : 'ipv4';
    return isIP(clean) !== 0 && trusted.check(clean, family);
  };

  return (socketAddress: string | undefined, forwardedFor: string | undefined): string => {
    const peer = normalise(socketAddress ?? 'unknown');
    if (!forwardedFor || !isTrusted(peer)) return peer;
    const hops = forwardedFor
      .split(',')
      .map((h) => normalise(h.trim()))
      .filter(Boolean);
    for (let i = hops.length - 1; i >= 0; i--) {
      const hop = hops[i]!;
      if (!isTrusted(hop)) return hop;
    }
    return hops[0] ?? peer;
  };
}

/** IPv4 addresses arrive from dual-stack sockets as ::ffff:a.b.c.d. */
function normalise(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}
