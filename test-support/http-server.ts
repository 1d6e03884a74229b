import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * Serves an app over real HTTP on 127.0.0.1 and a free port. Unlike app.request(), requests
 * then have a socket, so the client-address logic (TRUSTED_PROXIES, X-Forwarded-For) runs.
 */
export async function listenOnLoopback(app: { fetch: (request: Request) => Response | Promise<Response> }) {
  const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
