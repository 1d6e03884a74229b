import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { portalAddressEnv } from '#test-support/free-port';
import { startPortal, type PortalProcess } from '#test-support/portal-process';
import { readSse } from '#test-support/sse';

// Spawns whole server processes (node, PGlite): seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 120_000;
const ADMIN = { email: 'pastor@example.org', password: 'pastor-secret' };

/**
 * A real server process on a data directory of its own, removed after the suite; `start`
 * (re)starts it on a free port and resolves with its address once it listens.
 */
function portalOnFreshDataDir(prefix: string) {
  const state: { dataDir: string; portal?: PortalProcess } = { dataDir: '' };
  beforeAll(async () => {
    state.dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  });
  afterAll(async () => {
    state.portal?.kill();
    await state.portal?.exited;
    await rm(state.dataDir, { recursive: true, force: true });
  });
  return {
    get dataDir() {
      return state.dataDir;
    },
    get portal() {
      return state.portal!;
    },
    async start(): Promise<string> {
      state.portal = startPortal({
        DATA_DIR: state.dataDir,
        ...(await portalAddressEnv()),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      });
      return state.portal.listening(60_000);
    },
  };
}

const signIn = (url: string) =>
  fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(ADMIN),
  });

describe('stopping the server', () => {
  const server = portalOnFreshDataDir('portal-stop-');

  it(
    'ends open realtime streams and exits 0 on SIGTERM, instead of waiting for the forced exit',
    async () => {
      const url = await server.start();
      const signedIn = await signIn(url);
      expect(signedIn.status).toBe(200);
      const cookie = signedIn.headers
        .getSetCookie()
        .map((c) => c.split(';')[0])
        .join('; ');

      const streams = await Promise.all([0, 1].map(() => fetch(`${url}/api/realtime`, { headers: { cookie } })));
      const readers = streams.map((response) => readSse(response));
      for (const reader of readers) expect((await reader.next()).event).toBe('ready');

      server.portal.child.kill('SIGTERM');
      // A stop stuck on an open stream would end in the forced exit, with code 1.
      expect(await server.portal.exited).toBe(0);
      for (const reader of readers) expect(await reader.ended()).toBe(true);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('the first start on an empty data directory', () => {
  const server = portalOnFreshDataDir('portal-first-');

  it(
    "copies the prepared database, then makes this installation's admin; a restart copies nothing",
    async () => {
      const url = await server.start();
      expect(server.portal.output()).toContain('new embedded database: copied the prepared template');
      expect(server.portal.output()).toContain('created the first administrator from ADMIN_EMAIL');
      expect((await signIn(url)).status).toBe(200);
      server.portal.child.kill('SIGTERM');
      expect(await server.portal.exited).toBe(0);
      expect((await readdir(server.dataDir)).sort()).toEqual(['db', 'storage']);

      const again = await server.start();
      expect(server.portal.output()).not.toContain('new embedded database');
      expect(server.portal.output()).not.toContain('created the first administrator');
      expect((await signIn(again)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

describe('an embedded database that cannot be opened', () => {
  const server = portalOnFreshDataDir('portal-unopenable-');

  it(
    'says why, exits 1 and leaves the data directory unlocked; once mended, the next start works',
    async () => {
      // A file where the database's directory belongs: opening it fails while the rest of the
      // server is still loading (index.ts starts the database first, decision 0151).
      await writeFile(path.join(server.dataDir, 'db'), 'not a directory');
      await expect(server.start()).rejects.toThrow();
      expect(await server.portal.exited).toBe(1);
      expect(server.portal.output()).toContain('The portal could not start');
      expect(server.portal.output()).toContain('ENOTDIR');
      expect(await readdir(server.dataDir)).toEqual(['db']);

      await rm(path.join(server.dataDir, 'db'));
      const url = await server.start();
      expect((await signIn(url)).status).toBe(200);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
