import net, { type AddressInfo } from 'node:net';

/**
 * A TCP forwarder in front of a server (PostgreSQL in the readiness and fault tests), on
 * 127.0.0.1, that a test can cut in the two ways a database goes away:
 * - `stop()` drops every connection and refuses new ones, `start()` listens again on the same
 *   port: to the server behind it, a database restart (docs/decisions/0072);
 * - `goAway()` drops every connection and leaves new ones hanging unanswered (a host that
 *   vanished), `comeBack()` forwards again.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let away = false;
  let port = 0;
  let server: net.Server | undefined;

  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const forward = (client: net.Socket) => {
    track(client);
    if (away) return; // accepted and never answered: the client waits until it gives up
    const upstream = net.connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  async function start() {
    const next = net.createServer(forward);
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '127.0.0.1', () => resolve());
    });
    port = (next.address() as AddressInfo).port;
    server = next;
  }

  async function stop() {
    const current = server;
    server = undefined;
    const closed = current ? new Promise<void>((resolve) => current.close(() => resolve())) : Promise.resolve();
    dropAll();
    await closed;
  }

  await start();
  return {
    get port() {
      return port;
    },
    start,
    stop,
    goAway() {
      away = true;
      dropAll();
    },
    comeBack() {
      away = false;
      dropAll();
    },
    close: stop,
  };
}
