import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { count, countDistinct, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/server/db/client';
import { activity, donations, importBatches } from '../src/server/db/schema';
import { silentLogger } from '#test-support/test-database';
import type { JobView } from '#shared/jobs';
import { expectOk, signIn, type Session } from './support/http';
import { ADMIN, crash, freshPostgres, launch, ORIGIN, stop, tempDir, type Running } from './support/portal';

/**
 * kill -9 while a gift import's commit job writes (issue 18), then an immediate restart: once
 * the dead runner's lease runs out the job runs again and finishes once: every row of the file
 * written exactly once, in one complete batch. (The issue also allows "reported failed with
 * nothing written"; a second attempt is left here, so finishing is what the job must do.) On
 * the embedded database the crash lands after short transactions had committed part of the
 * batch, which the next run takes back first (docs/decisions/0140); on PostgreSQL inside its
 * one transaction. Then the same for the undo of that batch, a job in pieces (decision 0148):
 * killed in its middle, it goes on where it stopped and counts every row once.
 */

const ROWS = 30_000;
const BASE = '/api/giving/imports';
const MAPPING = { date: 'Date', amount: 'Amount', partnerName: 'Name', reference: 'Ref' };

const csv = () =>
  `Date,Amount,Name,Ref\n${Array.from(
    { length: ROWS },
    (_, i) => `2024-05-${String((i % 28) + 1).padStart(2, '0')},${(i % 90) + 10}.50,Crash Giver ${i % 500},C${i}`,
  ).join('\n')}\n`;

async function queueImport(running: Running, session: Session): Promise<string> {
  const form = new FormData();
  form.set('file', new Blob([csv()], { type: 'text/csv' }), 'crash.csv');
  const uploaded = await fetch(`${running.url}${BASE}/uploads`, {
    method: 'POST',
    headers: { cookie: session.cookie, origin: ORIGIN },
    body: form,
  });
  const { upload } = await expectOk<{ upload: { id: string; rows: number } }>(uploaded, 'upload');
  expect(upload.rows).toBe(ROWS);
  const committed = await session.postJson(running.url, `${BASE}/uploads/${upload.id}/commit`, {
    source: 'Crash bank',
    timeZone: 'UTC',
    mapping: MAPPING,
    skipErrorRows: false,
  });
  return (await expectOk<{ job: JobView }>(committed, 'commit')).job.id;
}

const readJob = async (running: Running, session: Session, id: string) =>
  (await expectOk<{ job: JobView }>(await session.get(running.url, `/api/jobs/${id}`), 'job')).job;

describe.each(
  [
    { name: 'PGlite', postgres: false },
    { name: 'PostgreSQL', postgres: true },
  ].filter((t) => !t.postgres || process.env.TEST_DATABASE_URL),
)('kill -9 during an import job on $name', ({ postgres }) => {
  let data: Awaited<ReturnType<typeof tempDir>>;
  let database: Awaited<ReturnType<typeof freshPostgres>> | undefined;
  let env: Record<string, string>;
  let running: Running | undefined;

  beforeAll(async () => {
    data = await tempDir('portal-import-crash-');
    database = postgres ? await freshPostgres(process.env.TEST_DATABASE_URL!) : undefined;
    env = { DATA_DIR: data.dir, ...(database ? { DATABASE_URL: database.url } : {}) };
  });
  afterAll(async () => {
    running?.portal.kill();
    await running?.portal.exited;
    await database?.remove();
    await data?.remove();
  });

  it('finishes the import once after an immediate restart, each row written exactly once', async () => {
    running = await launch(env);
    const session = await signIn(running.url, ADMIN.email, ADMIN.password);
    const jobId = await queueImport(running, session);
    // The job reports the check of the file (up to ROWS), then the writing pass (ROWS to 2 x ROWS).
    let seen: JobView | undefined;
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(10)) {
      seen = await readJob(running, session, jobId);
      if (seen.status !== 'queued' && seen.status !== 'running') break;
      if (seen.progressDone >= ROWS + 5_000) break;
    }
    expect(seen?.status, 'the job was still writing when the server was killed').toBe('running');
    await crash(running);

    const ended = await restartUntilEnded(jobId);
    expect(ended?.status, ended?.error ?? '').toBe('succeeded');
    await stop(running);
    running = undefined;

    const opened = await open();
    try {
      const db = opened.db;
      const [gifts] = await db
        .select({ rows: count(), references: countDistinct(donations.reference) })
        .from(donations);
      expect(gifts).toEqual({ rows: ROWS, references: ROWS });
      const batches = await db.select().from(importBatches);
      expect(batches).toHaveLength(1);
      expect(batches[0]!.completedAt).toBeInstanceOf(Date);
      const [tagged] = await db
        .select({ n: count() })
        .from(donations)
        .where(eq(donations.importBatchId, batches[0]!.id));
      expect(tagged!.n).toBe(ROWS);
      // On the embedded database the crash left committed rows, which the second run took back.
      const takenBack = await db
        .select({ after: activity.after })
        .from(activity)
        .where(eq(activity.action, 'import.taken-back'));
      if (postgres) expect(takenBack).toEqual([]);
      else expect(takenBack).toEqual([{ after: expect.objectContaining({ why: 'restarted' }) }]);
    } finally {
      await opened.close();
    }
  });

  it('finishes the undo of that import once after a kill -9 in its middle, every row counted once', async () => {
    running = await launch(env);
    const session = await signIn(running.url, ADMIN.email, ADMIN.password);
    const listed = await expectOk<{ batches: { id: string }[] }>(
      await session.get(running.url, `${BASE}/batches`),
      'batches',
    );
    const batchId = listed.batches[0]!.id;
    const asked = await session.postJson(running.url, `${BASE}/batches/${batchId}/undo`, {});
    const jobId = (await expectOk<{ job: JobView }>(asked, 'undo')).job.id;
    // The undo reports 0 of ROWS first, then how many rows its pieces took away (decision 0148).
    let seen: JobView | undefined;
    for (const until = Date.now() + 120_000; Date.now() < until; await sleep(10)) {
      seen = await readJob(running, session, jobId);
      if (seen.status !== 'queued' && seen.status !== 'running') break;
      if (seen.progressTotal !== null && (postgres || seen.progressDone > 0)) break;
    }
    expect(seen?.status, 'the undo was still running when the server was killed').toBe('running');
    await crash(running);

    const left = await giftsLeft();
    // On the embedded database the pieces are small: the kill lands between two of them.
    if (!postgres) expect(left).toBeGreaterThan(0);
    if (!postgres) expect(left).toBeLessThan(ROWS);

    const ended = await restartUntilEnded(jobId);
    expect(ended?.status, ended?.error ?? '').toBe('succeeded');
    expect(ended?.result).toEqual({ batchId, removed: ROWS });
    await stop(running);
    running = undefined;

    const opened = await open();
    try {
      expect(await giftsLeft(opened.db)).toBe(0);
      const [batch] = await opened.db.select().from(importBatches).where(eq(importBatches.id, batchId));
      expect(batch!.undoneAt).toBeInstanceOf(Date);
      const undone = await opened.db
        .select({ after: activity.after })
        .from(activity)
        .where(eq(activity.action, 'import.undone'));
      expect(undone).toEqual([{ after: { removed: ROWS, changedSince: 0 } }]);
    } finally {
      await opened.close();
    }
  });

  /**
   * An immediate restart after the crash, then the job read until it ends: the dead runner's
   * lease (60 s) runs out before another runner takes the job over.
   */
  async function restartUntilEnded(jobId: string) {
    running = await launch(env);
    const session = await signIn(running.url, ADMIN.email, ADMIN.password);
    let ended: JobView | undefined;
    for (const until = Date.now() + 180_000; Date.now() < until; await sleep(250)) {
      ended = await readJob(running, session, jobId);
      if (ended.status === 'succeeded' || ended.status === 'failed') break;
    }
    return ended;
  }

  const open = () =>
    openDatabase(
      database ? { kind: 'postgres', url: database.url } : { kind: 'pglite', dataDir: path.join(data.dir, 'db') },
      silentLogger,
    );
  async function giftsLeft(db?: Awaited<ReturnType<typeof open>>['db']) {
    if (db) return (await db.select({ n: count() }).from(donations))[0]!.n;
    const opened = await open();
    try {
      return (await opened.db.select({ n: count() }).from(donations))[0]!.n;
    } finally {
      await opened.close();
    }
  }
});
