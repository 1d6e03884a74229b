import { createServer, type AddressInfo } from 'node:net';

/** A port that is free right now, so PORT and BASE_URL can agree as they do in real use. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

/** PORT and BASE_URL for a portal process on a free port. */
export async function portalAddressEnv(): Promise<{ PORT: string; BASE_URL: string }> {
  const port = await freePort();
  return { PORT: String(port), BASE_URL: `http://localhost:${port}` };
}
