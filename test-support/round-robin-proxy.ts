import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Set by a test to choose the instance for one request (e.g. to hold a stream on one of them). */
export const PIN_HEADER = 'x-test-instance';
/** Set by a test to play a client at this address; the proxy names it in X-Forwarded-For. */
export const CLIENT_ADDRESS_HEADER = 'x-test-client-address';
/** Added to every response: the index of the instance that answered. */
export const SERVED_BY_HEADER = 'x-served-by';

export interface ProxiedRequest {
  method: string;
  path: string;
  instance: number;
  status: number;
}

/**
 * A load balancer for tests: sends each request to the next instance in turn, streaming
 * bodies both ways (server-sent events pass through as they are written), appending the
 * client's address to X-Forwarded-For as a reverse proxy does, and recording which instance
 * answered what.
 */
export async function startRoundRobinProxy() {
  let targets: URL[] = [];
  let next = 0;
  const served: ProxiedRequest[] = [];

  const server = http.createServer((req, res) => {
    if (targets.length === 0) {
      res.writeHead(503).end('no instances yet');
      return;
    }
    const pinned = req.headers[PIN_HEADER];
    const instance = pinned !== undefined ? Number(pinned) : next++ % targets.length;
    const target = targets[instance]!;
    const headers = { ...req.headers };
    delete headers[PIN_HEADER];
    const clientAddress = String(req.headers[CLIENT_ADDRESS_HEADER] ?? req.socket.remoteAddress ?? '');
    delete headers[CLIENT_ADDRESS_HEADER];
    const forwarded = req.headers['x-forwarded-for'];
    headers['x-forwarded-for'] = forwarded ? `${String(forwarded)}, ${clientAddress}` : clientAddress;
    headers.host = target.host;

    const upstream = http.request(
      { hostname: target.hostname, port: target.port, method: req.method, path: req.url, headers },
      (upstreamRes) => {
        served.push({
          method: req.method ?? 'GET',
          path: req.url ?? '/',
          instance,
          status: upstreamRes.statusCode ?? 0,
        });
        res.writeHead(upstreamRes.statusCode ?? 502, { ...upstreamRes.headers, [SERVED_BY_HEADER]: String(instance) });
        res.flushHeaders();
        upstreamRes.on('error', () => res.destroy());
        upstreamRes.pipe(res);
      },
    );
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502).end('upstream failed');
      else res.destroy();
    });
    // A client that goes away (a closed tab) ends the upstream request too; a reset socket is
    // an ordinary event here, not a reason to bring the test process down.
    res.on('close', () => upstream.destroy());
    res.on('error', () => upstream.destroy());
    req.on('error', () => upstream.destroy());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    served,
    setTargets(urls: string[]) {
      targets = urls.map((u) => new URL(u));
    },
    close() {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
