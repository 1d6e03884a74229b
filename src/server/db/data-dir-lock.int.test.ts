import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startPortal, type PortalProcess } from '../testing/portal-process';
import { testDatabaseTargets, type OpenedTestDatabase } from '../testing/test-database';
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
    expect(fs.readFileSync(lockFile, 'utf8')).toBe(String(process.pid));

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

  it('takes over a stale lock whose process has exited', async () => {
    const deadPid = await pidOfExitedProcess();
    fs.writeFileSync(path.join(tempDir, 'portal.lock'), String(deadPid));
    const release = lockDataDir(tempDir);
    expect(fs.readFileSync(path.join(tempDir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    release();
  });

  it('takes over a lock file with garbage in it', () => {
    fs.writeFileSync(path.join(tempDir, 'portal.lock'), 'not a pid');
    const release = lockDataDir(tempDir);
    expect(fs.readFileSync(path.join(tempDir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
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
    it('refuses the second process with a clear message; the first stops cleanly on SIGTERM', async () => {
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
    }, PROCESS_TEST_TIMEOUT_MS);
  } else {
    it('lets both processes run, since PostgreSQL is shared on purpose', async () => {
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
    }, PROCESS_TEST_TIMEOUT_MS);
  }
});
