import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPortal, type PortalProcess } from './testing/portal-process';
import { readSse } from './testing/sse';

// Spawns whole server processes (node, PGlite): seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

/** A port that is free right now, so PORT and BASE_URL can agree as they do in real use. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('stopping the server', () => {
  let dataDir: string;
  let portal: PortalProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-stop-'));
  });
  afterAll(async () => {
    portal?.kill();
    await portal?.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'ends open realtime streams and exits 0 on SIGTERM, instead of waiting for the forced exit',
    async () => {
      const port = await freePort();
      portal = startPortal({
        DATA_DIR: dataDir,
        PORT: String(port),
        BASE_URL: `http://localhost:${port}`,
        ADMIN_EMAIL: 'pastor@example.org',
        ADMIN_PASSWORD: 'pastor-secret',
      });
      const url = await portal.listening(60_000);
      const signIn = await fetch(`${url}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url },
        body: JSON.stringify({ email: 'pastor@example.org', password: 'pastor-secret' }),
      });
      expect(signIn.status).toBe(200);
      const cookie = signIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');

      const streams = await Promise.all([0, 1].map(() => fetch(`${url}/api/realtime`, { headers: { cookie } })));
      const readers = streams.map((response) => readSse(response));
      for (const reader of readers) expect((await reader.next()).event).toBe('ready');

      portal.child.kill('SIGTERM');
      // A stop stuck on an open stream would end in the forced exit, with code 1.
      expect(await portal.exited).toBe(0);
      for (const reader of readers) expect(await reader.ended()).toBe(true);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('the first start on an empty data directory', () => {
  let dataDir: string;
  let portal: PortalProcess | undefined;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-first-'));
  });
  afterAll(async () => {
    portal?.kill();
    await portal?.exited;
    await rm(dataDir, { recursive: true, force: true });
  });

  const start = async () => {
    const port = await freePort();
    portal = startPortal({
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      ADMIN_EMAIL: 'pastor@example.org',
      ADMIN_PASSWORD: 'pastor-secret',
    });
    return portal.listening(60_000);
  };
  const signIn = (url: string) =>
    fetch(`${url}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: url },
      body: JSON.stringify({ email: 'pastor@example.org', password: 'pastor-secret' }),
    });

  it(
    "copies the prepared database, then makes this installation's admin; a restart copies nothing",
    async () => {
      const url = await start();
      expect(portal!.output()).toContain('new embedded database: copied the prepared template');
      expect(portal!.output()).toContain('created the first administrator from ADMIN_EMAIL');
      expect((await signIn(url)).status).toBe(200);
      portal!.child.kill('SIGTERM');
      expect(await portal!.exited).toBe(0);
      expect((await readdir(dataDir)).sort()).toEqual(['db', 'storage']);

      const again = await start();
      expect(portal!.output()).not.toContain('new embedded database');
      expect(portal!.output()).not.toContain('created the first administrator');
      expect((await signIn(again)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
