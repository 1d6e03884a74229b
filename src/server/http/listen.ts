import type { Server } from 'node:http';
import { serve } from '@hono/node-server';

/**
 * How long a client may take (issue 26, item 8: slow bodies were held for minutes):
 * - `headersMs`: to send the request line and headers;
 * - `idleMs`: without sending or receiving a byte, on any socket. An upload on a slow but
 *   steady line keeps going; the realtime stream writes a heartbeat every 25 s, well inside it;
 * - `requestMs`: to send a whole request, however steadily (a 50 MB upload at 1 Mbit/s takes
 *   7 minutes);
 * - `keepAliveMs`: to send the next request on a connection kept open after a response. Node's
 *   default is 5 s, and a client that reuses a connection just as the server closes it gets a
 *   reset. Browsers retry such a request; API clients and scripts do not (a CI run failed on it
 *   after a pause of a few seconds). Longer than common clients keep an idle connection, so they
 *   drop it first; the server says how long in `Keep-Alive: timeout=N` (Node waits a second
 *   longer than it says). Below `idleMs`.
 */
export interface HttpTimeouts {
  headersMs: number;
  idleMs: number;
  requestMs: number;
  keepAliveMs: number;
}

export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersMs: 20_000,
  idleMs: 60_000,
  requestMs: 30 * 60_000,
  keepAliveMs: 55_000,
};

/** Serves `fetch` over HTTP with those timeouts; resolves once listening. */
export async function listen(
  fetch: (request: Request, env: unknown) => Response | Promise<Response>,
  options: { port: number; hostname?: string; timeouts?: HttpTimeouts },
): Promise<Server> {
  const timeouts = options.timeouts ?? HTTP_TIMEOUTS;
  const server = serve({
    fetch,
    port: options.port,
    hostname: options.hostname,
    serverOptions: {
      headersTimeout: timeouts.headersMs,
      requestTimeout: timeouts.requestMs,
      // Node checks the two above this often (30 s by default, longer than headersMs).
      connectionsCheckingInterval: Math.max(50, Math.floor(timeouts.headersMs / 4)),
    },
  }) as Server;
  // A socket silent this long is destroyed (Node's default 'timeout' handling).
  server.timeout = timeouts.idleMs;
  // Node times a kept-alive connection's wait for its next request with this, not the above.
  server.keepAliveTimeout = timeouts.keepAliveMs;
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  return server;
}
