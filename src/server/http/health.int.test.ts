import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase } from '../db/client';
import { createDeps, disposeDeps } from '../deps';
import { loadConfig } from '../env';
import { startTcpProxy } from '#test-support/tcp-proxy';
import {
  createTestApp,
  silentLogger,
  testDatabaseTargets,
  TEST_BASE_URL,
  type TestApp,
} from '#test-support/test-database';
import { READY_TIMEOUT_MS } from './health';

describe.each(testDatabaseTargets())('health and readiness on $name', (target) => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('answers both without a session while the database is up', async () => {
    t = await createTestApp(target);
    const health = await t.request('/api/health');
    expect(health.status).toBe(200);
    expect(await health.json()).toEqual({ status: 'ok', database: target.name });
    const ready = await t.request('/api/ready');
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: 'ready', database: target.name });
  });

  it('stays live but is not ready once the database is gone', async () => {
    t = await createTestApp(target);
    await t.deps.database.close();
    const ready = await t.request('/api/ready');
    expect(ready.status).toBe(503);
    const body = (await ready.json()) as { status: string; error: string };
    expect(body.status).toBe('unavailable');
    expect(body.error).toMatch(/^The database does not answer \(.+\)\.$/);
    expect((await t.request('/api/health')).status).toBe(200);
  });
});

const postgres = testDatabaseTargets().find((t) => t.name === 'postgres');

describe.runIf(postgres)(
  'readiness while the PostgreSQL server goes away and comes back (needs TEST_DATABASE_URL)',
  () => {
    it('answers 503 within its timeout while the server does not answer, and 200 again after', async () => {
      const opened = await postgres!.open();
      const url = new URL(opened.url!);
      const proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
      url.host = `127.0.0.1:${proxy.port}`;
      const database = await openDatabase({ kind: 'postgres', url: url.toString() }, silentLogger);
      const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-ready-'));
      const config = loadConfig({ DATA_DIR: dataDir, BASE_URL: TEST_BASE_URL, LOG_LEVEL: 'silent', NODE_ENV: 'test' });
      let deps;
      try {
        deps = await createDeps(config, database, silentLogger);
        const app = createApp(deps);
        expect((await app.request('/api/ready')).status).toBe(200);

        proxy.goAway();
        const ready = await app.request('/api/ready');
        expect(ready.status).toBe(503);
        // Either the dropped connection fails at once or a new one hangs until the timeout.
        expect(((await ready.json()) as { error: string }).error).toMatch(
          new RegExp(
            `^The database does not answer \\((Connection terminated.*|no answer within ${READY_TIMEOUT_MS} ms)\\)\\.$`,
          ),
        );
        // Asked again, the pool has to open a new connection, which now hangs: the timeout answers.
        const again = await app.request('/api/ready');
        expect(again.status).toBe(503);
        expect(((await again.json()) as { error: string }).error).toContain(`no answer within ${READY_TIMEOUT_MS} ms`);
        expect((await app.request('/api/health')).status).toBe(200);

        proxy.comeBack();
        let status = 0;
        for (let attempt = 0; attempt < 20 && status !== 200; attempt++) {
          status = (await app.request('/api/ready')).status;
          if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 500));
        }
        expect(status).toBe(200);
      } finally {
        proxy.comeBack();
        if (deps) await disposeDeps(deps);
        else await database.close();
        await proxy.close();
        await opened.dispose();
        await rm(dataDir, { recursive: true, force: true });
      }
    }, 120_000);
  },
);
