import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/server/app';
import { openDatabase } from '../src/server/db/client';
import { createDeps, disposeDeps } from '../src/server/deps';
import { loadConfig } from '../src/server/env';
import { REPO_ROOT } from '#test-support/portal-process';
import {
  createTestApp,
  silentLogger,
  TEST_BASE_URL,
  testDatabaseTargets,
  type TestApp,
} from '#test-support/test-database';

// Spawns whole server processes (node, tsx, PGlite): seconds when idle, far more on a busy machine.
const PROCESS_TEST_TIMEOUT_MS = 120_000;

const run = promisify(execFile);

/** Runs `npm run create-admin -- …` the way a person would, against the given database. */
function createAdmin(args: string[], env: Record<string, string>) {
  return run(process.execPath, ['--import', 'tsx', 'scripts/create-admin.ts', ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'silent', ...env },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (err: { code: number; stdout: string; stderr: string }) => ({
      code: err.code,
      stdout: err.stdout,
      stderr: err.stderr,
    }),
  );
}

describe('npm run create-admin on the embedded database', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'portal-create-admin-'));
  });
  afterAll(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it(
    'refuses bad arguments with the usage and exit code 2',
    async () => {
      const result = await createAdmin(['--email', 'not-an-email', '--password', '123'], { DATA_DIR: dataDir });
      expect(result.code).toBe(2);
      expect(result.stderr).toContain('--email must be an email address');
      expect(result.stderr).toContain('--password must be at least 6 characters');
      expect(result.stderr).toContain('Usage: npm run create-admin');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'creates an administrator, then resets its password',
    async () => {
      const created = await createAdmin(
        ['--email', 'pastor@example.org', '--password', 'first-password', '--name', 'Pastor Paul'],
        {
          DATA_DIR: dataDir,
        },
      );
      expect(created).toMatchObject({ code: 0, stdout: 'Created administrator pastor@example.org.\n' });
      const reset = await createAdmin(['--email', 'PASTOR@example.org', '--password', 'second-password'], {
        DATA_DIR: dataDir,
      });
      expect(reset.code).toBe(0);
      expect(reset.stdout).toContain('Reset the password of pastor@example.org');

      // What the server would find in that data directory: an admin with the new password.
      const config = loadConfig({ DATA_DIR: dataDir, BASE_URL: TEST_BASE_URL, LOG_LEVEL: 'silent' });
      const database = await openDatabase({ kind: 'pglite', dataDir: path.join(dataDir, 'db') }, silentLogger);
      const deps = await createDeps(config, database, silentLogger);
      try {
        const app = createApp(deps);
        const signIn = (password: string) =>
          app.request('/api/auth/sign-in/email', {
            method: 'POST',
            headers: { 'content-type': 'application/json', origin: TEST_BASE_URL },
            body: JSON.stringify({ email: 'pastor@example.org', password }),
          });
        expect((await signIn('first-password')).status).toBe(401);
        const ok = await signIn('second-password');
        expect(ok.status).toBe(200);
        const cookie = ok.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ');
        const me = (await (await app.request('/api/me', { headers: { cookie } })).json()) as {
          role: string;
          user: { name: string };
        };
        expect(me).toMatchObject({ role: 'admin', user: { name: 'Pastor Paul' } });
      } finally {
        await disposeDeps(deps);
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});

// With DATABASE_URL (when the PostgreSQL tier runs): same script, and a reset signs the
// account out everywhere.
describe.each(testDatabaseTargets().filter((target) => target.name === 'postgres'))(
  'npm run create-admin on $name',
  (target) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(target);
    });
    afterAll(async () => {
      await t?.close();
    });

    it(
      'creates an admin who can sign in, and a reset revokes the old password and sessions',
      async () => {
        const env = { DATABASE_URL: t.opened.url!, DATA_DIR: t.deps.config.DATA_DIR };
        expect((await createAdmin(['--email', 'grace@example.org', '--password', 'grace-password-1'], env)).code).toBe(
          0,
        );
        const cookie = await t.signIn('grace@example.org', 'grace-password-1');
        const me = (await (await t.request('/api/me', { headers: { cookie } })).json()) as { role: string };
        expect(me.role).toBe('admin');

        expect((await createAdmin(['--email', 'grace@example.org', '--password', 'grace-password-2'], env)).code).toBe(
          0,
        );
        expect((await t.request('/api/me', { headers: { cookie } })).status).toBe(401);
        expect((await t.signInResponse('grace@example.org', 'grace-password-1')).status).toBe(401);
        expect((await t.signInResponse('grace@example.org', 'grace-password-2')).status).toBe(200);
      },
      PROCESS_TEST_TIMEOUT_MS,
    );
  },
);
