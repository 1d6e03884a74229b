import { and, eq, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { asBackgroundWork } from '../db/background-work';
import { jobs } from '../db/schema';
import type { Logger } from '../logger';
import type { EventBus } from '../realtime/event-bus';
import { JobStopped, type JobContext, type JobHandlers } from './handlers';
import { presentJob } from './queue';
import { startPoller, type Poller } from '../service/poller';

type JobRow = typeof jobs.$inferSelect;

/** How long a claimed job is its runner's; renewed while it works, taken over once it runs out. */
export const JOB_LEASE_MS = 60_000;
/** Progress is written (and announced) at most this often, and always at the end. */
const PROGRESS_EVERY_MS = 500;

/** The wait after the nth failed attempt: 10 s, 20 s, 40 s, … at most 10 minutes. */
export function jobRetryDelayMs(attempts: number): number {
  return Math.min(10_000 * 2 ** Math.max(0, attempts - 1), 10 * 60_000);
}

export interface JobRunnerDeps {
  db: Db;
  bus: Pick<EventBus, 'publish'>;
  handlers: JobHandlers;
  logger: Logger;
}

/**
 * Claims the next due job: queued and due, or still running after its lease ran out (its
 * runner died). One statement with FOR UPDATE SKIP LOCKED: several instances on one
 * PostgreSQL never claim the same job (decision 0107).
 */
export async function claimNextJob(db: Db, now: Date): Promise<JobRow | null> {
  // The database keeps microseconds, a Date milliseconds: the bound is the end of `now`'s millisecond.
  const due = new Date(now.getTime() + 1);
  const next = db
    .select({ id: jobs.id })
    .from(jobs)
    .where(
      or(
        and(eq(jobs.status, 'queued'), lt(jobs.runAfter, due)),
        and(eq(jobs.status, 'running'), lt(jobs.leaseUntil, due)),
      ),
    )
    .orderBy(jobs.runAfter, jobs.id)
    .limit(1)
    .for('update', { skipLocked: true });
  const [claimed] = await db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      leaseUntil: new Date(now.getTime() + JOB_LEASE_MS),
      startedAt: sql`coalesce(${jobs.startedAt}, ${now})`,
      progressDone: 0,
      progressTotal: null,
    })
    .where(inArray(jobs.id, next))
    .returning();
  return claimed ?? null;
}

async function announce(deps: JobRunnerDeps, row: JobRow) {
  if (!row.ownerId) return;
  await deps.bus.publish({ userId: row.ownerId }, { type: 'jobs.changed', job: presentJob(row) });
}

/** Writes the job's end (only while this runner still holds it) and tells its owner. */
async function finish(deps: JobRunnerDeps, job: JobRow, values: Partial<typeof jobs.$inferInsert>) {
  const [row] = await deps.db
    .update(jobs)
    .set({ leaseUntil: null, ...values })
    .where(and(eq(jobs.id, job.id), eq(jobs.status, 'running'), eq(jobs.attempts, job.attempts)))
    .returning();
  if (row) await announce(deps, row);
}

/**
 * Runs one claimed job to its end: succeeded with its result; cancelled when its owner asked;
 * given back to the queue, not counted, when the server stops; or failed, retried after a
 * back-off until its attempts are spent. A handler that throws never takes the runner down.
 */
export async function runJob(deps: JobRunnerDeps, job: JobRow, stopping: () => boolean): Promise<void> {
  const handler = deps.handlers[job.kind];
  if (!handler) {
    await finish(deps, job, {
      status: 'failed',
      error: `No handler for jobs of kind ${job.kind}.`,
      finishedAt: new Date(),
    });
    return;
  }
  let lastWrite = 0;
  const renew = async (progress?: { done: number; total: number | null | undefined }) => {
    const [row] = await deps.db
      .update(jobs)
      .set({
        leaseUntil: new Date(Date.now() + JOB_LEASE_MS),
        ...(progress ? { progressDone: progress.done, progressTotal: progress.total ?? null } : {}),
      })
      .where(and(eq(jobs.id, job.id), eq(jobs.attempts, job.attempts)))
      .returning();
    return row;
  };
  // The lease is renewed even by a handler that reports no progress for a while.
  const keepAlive = setInterval(() => void renew().catch(() => {}), JOB_LEASE_MS / 3);
  keepAlive.unref();
  const context: JobContext<never> = {
    jobId: job.id,
    ownerId: job.ownerId,
    input: job.input as never,
    db: deps.db,
    attempt: job.attempts,
    async progress(done, total) {
      const now = Date.now();
      if (now - lastWrite >= PROGRESS_EVERY_MS || (total != null && done >= total)) {
        lastWrite = now;
        const row = await renew({ done, total });
        if (row) await announce(deps, row);
        if (row?.cancelRequested) throw new JobStopped('cancelled');
      }
      if (stopping()) throw new JobStopped('shutdown');
    },
  };
  try {
    if (job.cancelRequested) {
      // Cancelled while an earlier attempt's crash left it half-done: that is undone first.
      if (job.attempts > 1) await asBackgroundWork(async () => handler.cleanUp?.(context));
      throw new JobStopped('cancelled');
    }
    // On the embedded database its statements give way to people's (docs/decisions/0141).
    const result = await asBackgroundWork(() => handler(context));
    await finish(deps, job, {
      status: 'succeeded',
      result: (result ?? null) as never,
      error: null,
      finishedAt: new Date(),
    });
  } catch (err) {
    if (err instanceof JobStopped && err.reason === 'cancelled') {
      await finish(deps, job, { status: 'cancelled', error: err.message, finishedAt: new Date() });
    } else if (err instanceof JobStopped) {
      // Stopping is not the job's fault: it starts over, from the queue, at the next start.
      await finish(deps, job, { status: 'queued', attempts: job.attempts - 1, runAfter: new Date() });
    } else {
      const reason = err instanceof Error ? err.message : String(err);
      const spent = job.attempts >= job.maxAttempts;
      deps.logger.warn(
        { jobId: job.id, kind: job.kind, attempts: job.attempts, spent, err },
        'a background job failed',
      );
      await finish(
        deps,
        job,
        spent
          ? { status: 'failed', error: reason, finishedAt: new Date() }
          : { status: 'queued', error: reason, runAfter: new Date(Date.now() + jobRetryDelayMs(job.attempts)) },
      );
    }
  } finally {
    clearInterval(keepAlive);
  }
}

/** Runs every job that is due now, one after another; returns how many ran. */
export async function runDueJobs(deps: JobRunnerDeps, stopping: () => boolean = () => false): Promise<number> {
  let ran = 0;
  while (!stopping()) {
    const job = await claimNextJob(deps.db, new Date());
    if (!job) break;
    await runJob(deps, job, stopping);
    ran++;
  }
  return ran;
}

export type JobRunner = Poller;

/** Polls for due jobs every `pollMs` (and on `wake`); stopping asks the job in hand to stop. */
export function startJobRunner(deps: JobRunnerDeps, pollMs: number): JobRunner {
  return startPoller((stopping) => runDueJobs(deps, stopping), {
    pollMs,
    logger: deps.logger,
    failure: 'the job runner could not read the queue',
  });
}
