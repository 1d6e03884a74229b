import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL. stop() drops every connection and refuses new ones,
 * start() accepts again on the same port: to the server behind DATABASE_URL this is exactly
 * a database restart, without restarting the PostgreSQL that others share
 * (docs/decisions/0072-postgres-restart-by-proxy.md).
 */
export async function startTcpProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  let port = 0;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };

  async function start() {
    const next = net.createServer((client) => {
      const upstream = net.connect(target.port, target.host);
      track(client);
      track(upstream);
      client.pipe(upstream);
      upstream.pipe(client);
      client.once('close', () => upstream.destroy());
      upstream.once('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as net.AddressInfo).port;
    server = next;
  }

  async function stop() {
    const current = server;
    server = undefined;
    const closed = current ? new Promise<void>((resolve) => current.close(() => resolve())) : Promise.resolve();
    for (const socket of sockets) socket.destroy();
    await closed;
  }

  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop,
    /** Connections open through the proxy right now. */
    get connections() {
      return sockets.size / 2;
    },
  };
}
