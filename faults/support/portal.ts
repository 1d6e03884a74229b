import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPortal, type PortalProcess } from '#test-support/portal-process';
import { createEmptyPostgresDatabase } from '#test-support/test-database';

/**
 * Every portal in the fault suite believes it lives at this address (BASE_URL) and every
 * request carries it as Origin, so the servers can listen on port 0 and still accept the
 * test's state-changing requests and sign-ins.
 */
export const ORIGIN = 'http://portal.fault-test';
export const ADMIN = { email: 'admin@fault.test', password: 'fault-admin-secret' };

/** A server process and the URL it listens on. */
export interface Running {
  portal: PortalProcess;
  url: string;
}

/** Starts the real server (a child process) and waits until it listens. */
export async function launch(env: Record<string, string>): Promise<Running> {
  const portal = startPortal({
    BASE_URL: ORIGIN,
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    LOG_LEVEL: 'info',
    ...env,
  });
  try {
    return { portal, url: await portal.listening(90_000) };
  } catch (err) {
    portal.kill();
    throw err;
  }
}

/**
 * kill -9 (no clean-up of any kind runs in the server), and no waiting for the dead process
 * to be reaped: the next start follows at once, as after a crash an operator (or systemd)
 * restarts straight away. The data directory's lock
 * must let it in even while the old process is a zombie (docs/decisions/0095).
 */
export async function crash(running: Running): Promise<void> {
  running.portal.child.kill('SIGKILL');
}

export async function stop(running: Running): Promise<void> {
  running.portal.child.kill('SIGTERM');
  await running.portal.exited;
}

export async function tempDir(prefix: string): Promise<{ dir: string; remove(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  return { dir, remove: () => rm(dir, { recursive: true, force: true }) };
}

/** A fresh, empty PostgreSQL database on the TEST_DATABASE_URL server, dropped by remove(). */
export const freshPostgres = (adminUrl: string) => createEmptyPostgresDatabase(adminUrl, 'portal_fault');
