import net, { type AddressInfo } from 'node:net';

/**
 * A TCP forwarder in front of a server (PostgreSQL in the readiness tests), on 127.0.0.1 and a
 * free port, that a test can cut: `goAway()` drops every connection and leaves new ones
 * hanging unanswered (a database host that vanished), `comeBack()` forwards again.
 */
export async function startTcpProxy(targetHost: string, targetPort: number) {
  const sockets = new Set<net.Socket>();
  let away = false;
  const server = net.createServer((client) => {
    sockets.add(client);
    client.once('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (away) return; // accepted and never answered: the client waits until it gives up
    const upstream = net.connect(targetPort, targetHost);
    sockets.add(upstream);
    upstream.once('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
    client.pipe(upstream).pipe(client);
    client.once('close', () => upstream.destroy());
    upstream.once('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };
  return {
    port,
    goAway() {
      away = true;
      dropAll();
    },
    comeBack() {
      away = false;
      dropAll();
    },
    close() {
      dropAll();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
