/**
 * The portal under measurement: the real server as a child process (`node --import tsx
 * src/server/index.ts`, as `npm start` runs it), on the bench's DATA_DIR or database, plus a
 * signed-in admin session for the authenticated scenarios.
 */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { startPortal, type PortalProcess } from '../src/server/testing/portal-process';

export const ADMIN_EMAIL = 'bench-admin@example.org';
export const ADMIN_PASSWORD = 'bench-admin-password-1';

export interface DatabaseUnderTest {
  name: 'pglite' | 'postgres';
  /** Environment that points the portal at this database (DATA_DIR, DATABASE_URL). */
  env: Record<string, string>;
}

export interface RunningPortal {
  url: string;
  pid: number;
  process: PortalProcess;
  stop(): Promise<void>;
}

/** A port free right now: the portal must know its own address up front (BASE_URL, origin check). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export async function startBenchPortal(target: DatabaseUnderTest, extraEnv: Record<string, string> = {}): Promise<RunningPortal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const portal = startPortal({
    ...target.env,
    PORT: String(port),
    BASE_URL: url,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    // Request-level logging is not the server's habit, but keep warnings out of the figures too.
    LOG_LEVEL: 'info',
    ...extraEnv,
  });
  try {
    await portal.listening(120_000);
  } catch (err) {
    portal.kill();
    throw err;
  }
  return {
    url,
    pid: portal.child.pid!,
    process: portal,
    async stop() {
      if (portal.child.exitCode === null && portal.child.signalCode === null) {
        portal.child.kill('SIGTERM');
        const timer = setTimeout(() => portal.kill(), 15_000);
        await portal.exited;
        clearTimeout(timer);
      }
    },
  };
}

/** Signs the bench admin in once through the real endpoint; the cookie is reused by every scenario. */
export async function signIn(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`bench sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .join('; ');
}

/** Resident memory of a process in bytes (Linux /proc), the figure the kernel charges it. */
export async function residentBytes(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB/m.exec(status);
  if (!match) throw new Error(`no VmRSS for process ${pid}`);
  return Number(match[1]) * 1024;
}
