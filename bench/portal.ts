/**
 * The portal under measurement: the real server as a child process (`node dist/server/index.js`,
 * as `npm start` runs it once built), on the bench's DATA_DIR or database, plus a signed-in
 * admin session for the authenticated scenarios.
 */
import { readFile } from 'node:fs/promises';
import { freePort } from '#test-support/free-port';
import { ensureServerBuilt, startPortal, type PortalProcess } from '#test-support/portal-process';

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
  /** From spawning the process to the first 200 from /api/health. */
  startupMs: number;
  process: PortalProcess;
  stop(): Promise<void>;
}

export async function startBenchPortal(
  target: DatabaseUnderTest,
  extraEnv: Record<string, string> = {},
): Promise<RunningPortal> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // `npm start` builds before it starts the server; the start-up figure is the start alone.
  ensureServerBuilt();
  const started = performance.now();
  const portal = startPortal({
    ...target.env,
    PORT: String(port),
    BASE_URL: url,
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
    ...extraEnv,
  });
  let startupMs: number;
  try {
    startupMs = await untilHealthy(portal, url, started);
  } catch (err) {
    portal.kill();
    throw err;
  }
  return {
    url,
    pid: portal.child.pid!,
    startupMs,
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

const POLL_MS = 10;
const GIVE_UP_MS = 180_000;

/** Polls /api/health until it answers 200; resolves with the milliseconds since `started`. */
export async function untilHealthy(portal: PortalProcess, url: string, started: number): Promise<number> {
  for (;;) {
    if (portal.child.exitCode !== null || portal.child.signalCode !== null) {
      throw new Error(`the portal exited during start-up:\n${portal.output()}`);
    }
    if (performance.now() - started > GIVE_UP_MS)
      throw new Error(`no healthy portal after ${GIVE_UP_MS} ms:\n${portal.output()}`);
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - started;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
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

/** CPU time a process has used so far, in clock ticks (Linux /proc: user + system). */
async function cpuTicks(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name, which is in parentheses and may itself hold spaces.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]);
}

/** A line of the bench's progress, timed. */
export const log = (message: string) =>
  process.stdout.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);

/** CPU time the whole machine has spent busy so far, in clock ticks over all cores (Linux /proc/stat). */
async function machineBusyTicks(): Promise<number> {
  const stat = await readFile('/proc/stat', 'utf8');
  // The first line sums every core: user nice system idle iowait irq softirq steal ...
  const ticks = stat.slice(0, stat.indexOf('\n')).split(/\s+/).slice(1).map(Number);
  return ticks.reduce((sum, n) => sum + n, 0) - ticks[3]! - ticks[4]!;
}

const SETTLE_INTERVAL_MS = 250;
const SETTLE_QUIET_TICKS = 2; // at most 20 ms of CPU in 250 ms (USER_HZ is 100): under 10% of a core
// The machine as a whole: an idle one here spends 0 to 2 ticks in 250 ms on everything else.
const SETTLE_QUIET_MACHINE_TICKS = 5;
const SETTLE_GIVE_UP_MS = 30_000;
const SETTLE_REPORT_S = 3;

/**
 * Waits until the portal process, and the machine as a whole, have been nearly idle for two
 * intervals in a row, so a latency scenario does not time the tail of the work the previous
 * one queued: requests still draining, garbage collection, and on PostgreSQL the server's own
 * work after a large import (autovacuum, analyze, a checkpoint), which runs in other processes
 * on the same two cores. Gives up after 30 s and says so: the figures then carry that load.
 */
export async function settle(pid: number): Promise<void> {
  const started = performance.now();
  let quiet = 0;
  let before = [await cpuTicks(pid), await machineBusyTicks()] as const;
  while (quiet < 2 && performance.now() - started < SETTLE_GIVE_UP_MS) {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_INTERVAL_MS));
    const now = [await cpuTicks(pid), await machineBusyTicks()] as const;
    const calm = now[0] - before[0] <= SETTLE_QUIET_TICKS && now[1] - before[1] <= SETTLE_QUIET_MACHINE_TICKS;
    quiet = calm ? quiet + 1 : 0;
    before = now;
  }
  const waited = (performance.now() - started) / 1000;
  if (quiet < 2) log(`the machine did not settle in ${SETTLE_GIVE_UP_MS / 1000} s: the next figures carry that load`);
  // A long wait is worth knowing when a figure moves between runs.
  else if (waited > SETTLE_REPORT_S) log(`waited ${waited.toFixed(1)} s for the server and the machine to settle`);
}

/**
 * The server's resident memory before a scenario and its peak while it runs, sampled every
 * 50 ms (scenarios 11, 15 and 16: imports, video, export). `stop` ends the sampling.
 */
export async function watchResidentPeak(pid: number) {
  const beforeBytes = await residentBytes(pid);
  let peakBytes = beforeBytes;
  const timer = setInterval(() => {
    residentBytes(pid).then(
      (bytes) => (peakBytes = Math.max(peakBytes, bytes)),
      () => {},
    );
  }, 50);
  return {
    beforeBytes,
    get peakBytes() {
      return peakBytes;
    },
    stop: () => clearInterval(timer),
  };
}
