import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity, jobs } from '../db/schema';
import type { RealtimeEvent } from '#shared/realtime';
import { createTestApp, silentLogger, testDatabaseTargets, type TestApp } from '#test-support/test-database';
import type { JobHandlers } from './handlers';
import { enqueueJob } from './queue';
import { claimNextJob, jobRetryDelayMs, runDueJobs, runJob, type JobRunnerDeps } from './runner';

describe('job retries', () => {
  it('wait longer after each failed attempt, at most ten minutes', () => {
    expect([1, 2, 3, 4].map(jobRetryDelayMs)).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(jobRetryDelayMs(30)).toBe(600_000);
  });
});

describe.each(testDatabaseTargets())('background jobs on $name', (target) => {
  let t: TestApp;
  let owner: { id: string; cookie: string };
  const announced: { userId: string; event: RealtimeEvent }[] = [];
  const runs: Record<string, number> = {};

  /** Handlers of this test: they count their runs, report progress, fail or wait as asked. */
  const handlers: JobHandlers = {
    'test.count': async ({ input, progress, jobId }) => {
      runs[jobId] = (runs[jobId] ?? 0) + 1;
      const { items } = input as { items: number };
      for (let done = 1; done <= items; done++) await progress(done, items);
      return { counted: items };
    },
    'test.fail': async () => {
      throw new Error('The bank file has no header row.');
    },
    'test.cancel-midway': async ({ db, jobId, progress }) => {
      // The owner cancels while it works; the next progress report ends it.
      await db.update(jobs).set({ cancelRequested: true }).where(eq(jobs.id, jobId));
      await new Promise((resolve) => setTimeout(resolve, 600));
      await progress(1, 2);
      return { unreachable: true };
    },
  };
  const cleanedUp: string[] = [];
  handlers['test.half-done'] = Object.assign(
    async ({ jobId }: { jobId: string }) => {
      runs[jobId] = (runs[jobId] ?? 0) + 1;
    },
    { cleanUp: async ({ jobId }: { jobId: string }) => void cleanedUp.push(jobId) },
  );
  const deps = (): JobRunnerDeps => ({
    db: t.db,
    handlers,
    logger: silentLogger,
    bus: {
      publish: async (audience, event) => {
        if ('userId' in audience) announced.push({ userId: audience.userId, event });
      },
    },
  });
  const jobOf = async (id: string) => (await t.db.select().from(jobs).where(eq(jobs.id, id)))[0]!;

  beforeAll(async () => {
    t = await createTestApp(target);
    const created = await t.createUser({ email: 'treasurer@example.org', password: 'treasurer-1' });
    owner = { id: created.id, cookie: await t.signIn(created.email, created.password) };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs a queued job once, tells its owner of its progress, and keeps its result to read later', async () => {
    const queued = await enqueueJob(t.db, { kind: 'test.count', ownerId: owner.id, input: { items: 3 } });
    expect(await runDueJobs(deps())).toBe(1);
    expect(runs[queued.id]).toBe(1);
    const done = await jobOf(queued.id);
    expect(done).toMatchObject({ status: 'succeeded', progressDone: 3, progressTotal: 3, result: { counted: 3 } });
    const progress = announced.filter((a) => a.event.type === 'jobs.changed' && a.event.job.id === queued.id);
    expect(progress.every((a) => a.userId === owner.id)).toBe(true);
    expect(progress.at(-1)?.event).toMatchObject({ job: { status: 'succeeded' } });

    const read = await t.request(`/api/jobs/${queued.id}`, { headers: { cookie: owner.cookie } });
    expect(read.status).toBe(200);
    expect(await read.json()).toMatchObject({ job: { status: 'succeeded', result: { counted: 3 } } });
    // Nothing more to run: a finished job is never run again.
    expect(await runDueJobs(deps())).toBe(0);
  });

  it('retries a failing job after a back-off, then keeps it failed with its reason', async () => {
    const queued = await enqueueJob(t.db, { kind: 'test.fail', ownerId: owner.id, maxAttempts: 2 });
    await runDueJobs(deps());
    const retrying = await jobOf(queued.id);
    expect(retrying).toMatchObject({ status: 'queued', attempts: 1, error: 'The bank file has no header row.' });
    expect(retrying.runAfter.getTime()).toBeGreaterThan(Date.now() + 5_000);
    await t.db.update(jobs).set({ runAfter: new Date() }).where(eq(jobs.id, queued.id));
    await runDueJobs(deps());
    expect(await jobOf(queued.id)).toMatchObject({ status: 'failed', attempts: 2 });
  });

  it('starts over a job whose runner died (its lease ran out), and fences the dead runner out', async () => {
    const queued = await enqueueJob(t.db, { kind: 'test.count', ownerId: owner.id, input: { items: 2 } });
    // A runner claims it and dies: the job stays running with a lease that runs out.
    const claimed = await claimNextJob(t.db, new Date());
    expect(claimed?.id).toBe(queued.id);
    expect(await claimNextJob(t.db, new Date())).toBeNull();
    await t.db
      .update(jobs)
      .set({ leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, queued.id));
    expect(await runDueJobs(deps())).toBe(1);
    expect(await jobOf(queued.id)).toMatchObject({ status: 'succeeded', attempts: 2 });
    // The first runner, had it only stalled, finishes late (here with a failure): it no longer
    // holds the job, so its answer changes nothing.
    await runJob(deps(), { ...claimed!, kind: 'test.fail' }, () => false);
    expect(await jobOf(queued.id)).toMatchObject({ status: 'succeeded', attempts: 2, error: null });
  });

  it('cancels a queued job at once and a running one at its next progress report; both are logged', async () => {
    const waiting = await enqueueJob(t.db, { kind: 'test.count', ownerId: owner.id, input: { items: 1 } });
    const cancelled = await t.postJson(`/api/jobs/${waiting.id}/cancel`, undefined, { cookie: owner.cookie });
    expect(cancelled.status).toBe(200);
    expect(await jobOf(waiting.id)).toMatchObject({ status: 'cancelled' });
    expect((await t.postJson(`/api/jobs/${waiting.id}/cancel`, undefined, { cookie: owner.cookie })).status).toBe(409);

    const working = await enqueueJob(t.db, { kind: 'test.cancel-midway', ownerId: owner.id });
    await runDueJobs(deps());
    expect(await jobOf(working.id)).toMatchObject({ status: 'cancelled', result: null });
    const logged = await t.db.select().from(activity).where(eq(activity.subjectId, waiting.id));
    expect(logged.map((row) => row.action)).toEqual(['job.cancelled']);
  });

  it('lets a job cancelled after its runner died undo what that runner left half-done, and runs it no more', async () => {
    const crashed = await enqueueJob(t.db, { kind: 'test.half-done', ownerId: owner.id });
    expect((await claimNextJob(t.db, new Date()))?.id).toBe(crashed.id);
    // Its runner dies; the owner cancels the job it still shows as running.
    await t.db
      .update(jobs)
      .set({ cancelRequested: true, leaseUntil: new Date(Date.now() - 1000) })
      .where(eq(jobs.id, crashed.id));
    // Cancelled while it waited, before any attempt: nothing to undo.
    const waiting = await enqueueJob(t.db, { kind: 'test.half-done', ownerId: owner.id });
    await t.db.update(jobs).set({ cancelRequested: true }).where(eq(jobs.id, waiting.id));
    expect(await runDueJobs(deps())).toBe(2);
    expect(await jobOf(crashed.id)).toMatchObject({ status: 'cancelled', attempts: 2 });
    expect(await jobOf(waiting.id)).toMatchObject({ status: 'cancelled', attempts: 1 });
    expect(cleanedUp).toEqual([crashed.id]);
    expect(runs[crashed.id]).toBeUndefined();
    expect(runs[waiting.id]).toBeUndefined();
  });

  it("hides someone else's job, and refuses a malformed id", async () => {
    const other = await t.createUser({ email: 'someone-else@example.org', password: 'someone-else-1' });
    const theirs = await enqueueJob(t.db, { kind: 'test.count', ownerId: other.id, input: { items: 1 } });
    expect((await t.request(`/api/jobs/${theirs.id}`, { headers: { cookie: owner.cookie } })).status).toBe(404);
    expect((await t.postJson(`/api/jobs/${theirs.id}/cancel`, undefined, { cookie: owner.cookie })).status).toBe(404);
    expect((await t.request('/api/jobs/not-a-job', { headers: { cookie: owner.cookie } })).status).toBe(400);
    await t.db.delete(jobs).where(eq(jobs.id, theirs.id));
  });

  if (target.name === 'postgres')
    it('runs each job exactly once with two runners working the queue at the same time', async () => {
      const queued = await Promise.all(
        Array.from({ length: 20 }, () =>
          enqueueJob(t.db, { kind: 'test.count', ownerId: owner.id, input: { items: 2 } }),
        ),
      );
      const second = await import('#test-support/test-database').then((m) => m.openSecondHandle(t.opened));
      try {
        const [a, b] = await Promise.all([runDueJobs(deps()), runDueJobs({ ...deps(), db: second.db })]);
        expect(a + b).toBe(20);
        for (const job of queued) expect(runs[job.id]).toBe(1);
      } finally {
        const { closeSecondHandle } = await import('#test-support/test-database');
        await closeSecondHandle(t.opened, second);
      }
    });
});
