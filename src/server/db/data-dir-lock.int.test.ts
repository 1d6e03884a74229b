import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPortal, type PortalProcess } from '#test-support/portal-process';
import { testDatabaseTargets, type OpenedTestDatabase } from '#test-support/test-database';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';

// Spawns whole server processes (node, PGlite): seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

let tempDir: string;
beforeEach(() => {
  tempDir = fs.mkdtempSync(path.join(tmpdir(), 'portal-lock-'));
});
afterEach(() => {
  fs.rmSync(tempDir, { recursive: true, force: true });
});

/** A process that stays alive (and is not us): the owner of a lock held elsewhere. */
function startIdleProcess(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('spawn', () => resolve(child));
    child.once('error', reject);
  });
}

/** The lock file's owner pid, whatever else the file says of it. */
const lockOwnerPid = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'portal.lock'), 'utf8')).pid as number;

/** Linux's start time of a process (field 22 of /proc/<pid>/stat). */
const startTimeOf = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]!;
};
const bootId = () => fs.readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();

/**
 * A zombie: killed or exited, but not yet reaped by its parent, as a portal killed with -9 is
 * for a moment (and for good when its parent never waits). `sleep 0` exits at once; its parent
 * becomes `sleep 30` (exec), which never waits for it.
 */
async function startZombie(): Promise<{ pid: number; parent: ChildProcess }> {
  const parent = spawn('sh', ['-c', 'sleep 0 & echo $!; exec sleep 30'], { stdio: ['ignore', 'pipe', 'ignore'] });
  const pid = await new Promise<number>((resolve) =>
    parent.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))),
  );
  for (let i = 0; i < 100; i++) {
    const state = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]![0];
    if (state === 'Z') return { pid, parent };
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`process ${pid} did not become a zombie`);
}

async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ['-e', ''], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid!;
}

describe('lockDataDir', () => {
  it('creates the directory with its parents, writes our pid, and releases', () => {
    const dataDir = path.join(tempDir, 'not', 'there', 'yet');
    const release = lockDataDir(dataDir);
    const lockFile = path.join(dataDir, 'portal.lock');
    expect(JSON.parse(fs.readFileSync(lockFile, 'utf8'))).toEqual({
      pid: process.pid,
      startTime: startTimeOf(process.pid),
      bootId: bootId(),
    });

    release();
    expect(fs.existsSync(lockFile)).toBe(false);
    expect(() => release()).not.toThrow();
    // Free again: it can be taken once more.
    lockDataDir(dataDir)();
  });

  it('refuses a directory held by another live process, and leaves its lock alone', async () => {
    const owner = await startIdleProcess();
    try {
      fs.writeFileSync(path.join(tempDir, 'portal.lock'), String(owner.pid));
      expect(() => lockDataDir(tempDir)).toThrow(DataDirLockedError);
      expect(() => lockDataDir(tempDir)).toThrow(
        new RegExp(`Another portal process \\(pid ${owner.pid}\\) is already using the data directory`),
      );
      expect(fs.readFileSync(path.join(tempDir, 'portal.lock'), 'utf8')).toBe(String(owner.pid));
    } finally {
      owner.kill();
    }
  });

  it('refuses when the owner named with its start time and boot is still that process', async () => {
    const owner = await startIdleProcess();
    try {
      const pid = owner.pid!;
      fs.writeFileSync(
        path.join(tempDir, 'portal.lock'),
        JSON.stringify({ pid, startTime: startTimeOf(pid), bootId: bootId() }),
      );
      expect(() => lockDataDir(tempDir)).toThrow(`Another portal process (pid ${pid})`);
    } finally {
      owner.kill();
    }
  });

  it('takes over a stale lock whose process has exited', async () => {
    const deadPid = await pidOfExitedProcess();
    fs.writeFileSync(path.join(tempDir, 'portal.lock'), String(deadPid));
    const release = lockDataDir(tempDir);
    expect(lockOwnerPid(tempDir)).toBe(process.pid);
    release();
  });

  it('takes over at once from a killed owner its parent has not reaped yet (a zombie)', async () => {
    const zombie = await startZombie();
    try {
      fs.writeFileSync(
        path.join(tempDir, 'portal.lock'),
        JSON.stringify({ pid: zombie.pid, startTime: startTimeOf(zombie.pid), bootId: bootId() }),
      );
      const release = lockDataDir(tempDir);
      expect(lockOwnerPid(tempDir)).toBe(process.pid);
      release();
    } finally {
      zombie.parent.kill();
    }
  });

  it('takes over when the pid now belongs to another process (reused after a crash or a reboot)', async () => {
    const stranger = await startIdleProcess();
    try {
      const pid = stranger.pid!;
      // The same pid, but the owner started at another moment: the pid was reused.
      const earlier = String(Number(startTimeOf(pid)) - 1000);
      fs.writeFileSync(
        path.join(tempDir, 'portal.lock'),
        JSON.stringify({ pid, startTime: earlier, bootId: bootId() }),
      );
      lockDataDir(tempDir)();
      // Or it was written before the last reboot.
      fs.writeFileSync(
        path.join(tempDir, 'portal.lock'),
        JSON.stringify({ pid, startTime: startTimeOf(pid), bootId: 'a-boot-long-ago' }),
      );
      const release = lockDataDir(tempDir);
      expect(lockOwnerPid(tempDir)).toBe(process.pid);
      release();
    } finally {
      stranger.kill();
    }
  });

  it('takes over a lock file with garbage in it', () => {
    fs.writeFileSync(path.join(tempDir, 'portal.lock'), 'not a pid');
    const release = lockDataDir(tempDir);
    expect(lockOwnerPid(tempDir)).toBe(process.pid);
    release();
  });

  it('does not release a lock that another process has taken since', async () => {
    const release = lockDataDir(tempDir);
    const other = await startIdleProcess();
    try {
      fs.writeFileSync(path.join(tempDir, 'portal.lock'), String(other.pid));
      release();
      expect(fs.readFileSync(path.join(tempDir, 'portal.lock'), 'utf8')).toBe(String(other.pid));
    } finally {
      other.kill();
    }
  });
});

describe.each(testDatabaseTargets())('two server processes on one DATA_DIR, database $name', (target) => {
  const started: PortalProcess[] = [];
  let opened: OpenedTestDatabase | undefined;
  afterEach(async () => {
    for (const p of started.splice(0)) {
      p.kill();
      await p.exited;
    }
    await opened?.dispose();
    opened = undefined;
  });

  const admin = { ADMIN_EMAIL: 'pastor@example.org', ADMIN_PASSWORD: 'first-secret' };
  const start = (env: Record<string, string>) => {
    const portal = startPortal(env);
    started.push(portal);
    return portal;
  };

  if (target.name === 'pglite') {
    it(
      'refuses the second process with a clear message; the first stops cleanly on SIGTERM',
      async () => {
        const env = { ...admin, DATA_DIR: tempDir };
        const first = start(env);
        const url = await first.listening();
        expect((await fetch(`${url}/api/health`)).status).toBe(200);

        const second = start(env);
        expect(await second.exited).toBe(1);
        expect(second.output()).toContain('already using the data directory');
        expect(second.output()).toContain(`pid ${first.child.pid}`);
        // The first one is unharmed.
        expect((await fetch(`${url}/api/health`)).status).toBe(200);

        first.child.kill('SIGTERM');
        expect(await first.exited).toBe(0);
        expect(fs.existsSync(path.join(tempDir, 'portal.lock'))).toBe(false);
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  } else {
    it(
      'lets both processes run, since PostgreSQL is shared on purpose',
      async () => {
        opened = await target.open();
        await opened.database.close(); // the processes open their own connections
        const env = { ...admin, DATA_DIR: tempDir, DATABASE_URL: opened.url! };
        // Started together on an empty database: both migrate and bootstrap without tripping
        // over each other, and exactly one creates the first admin.
        const first = start(env);
        const second = start(env);
        const [firstUrl, secondUrl] = await Promise.all([first.listening(), second.listening()]);
        const created = [first, second].filter((p) => p.output().includes('created the first administrator'));
        expect(created).toHaveLength(1);

        for (const url of [firstUrl, secondUrl]) {
          const health = await fetch(`${url}/api/health`);
          expect(health.status).toBe(200);
          expect(await health.json()).toEqual({ status: 'ok', database: 'postgres' });
        }
        for (const p of [first, second]) {
          p.child.kill('SIGTERM');
          expect(await p.exited).toBe(0);
        }
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  }
});
