import type { Db } from '../db/client';
import type { Logger } from '../logger';
import type { EventBus } from '../realtime/event-bus';
import type { JobHandlers } from './handlers';
import { enqueueJob, enqueueOnce } from './queue';
import { runDueJobs, startJobRunner, type JobRunner } from './runner';

/** How often the runner looks for due jobs when nothing woke it. */
const JOB_POLL_MS = 5_000;

/** Background jobs as the rest of the server sees them (decision 0107). */
export interface Jobs {
  /** Queues a job (in a change's transaction, it exists only if the change commits). */
  enqueue: (db: Db, job: Parameters<typeof enqueueJob>[1]) => ReturnType<typeof enqueueJob>;
  /** Queues a job of the portal's own unless one of its kind is waiting or running. */
  enqueueOnce: (kind: string, input?: unknown) => Promise<boolean>;
  /** Runs what is due now and returns how many ran (tests; the runner does this by itself). */
  runDue(): Promise<number>;
  start(): void;
  stop(): Promise<void>;
}

export function createJobs(db: Db, bus: EventBus, handlers: JobHandlers, logger: Logger): Jobs {
  const deps = { db, bus, handlers, logger };
  let runner: JobRunner | undefined;
  // After the queuing change has (most likely) committed; the poll catches it otherwise.
  const wakeSoon = () => setTimeout(() => runner?.wake(), 100).unref();
  return {
    async enqueue(tx, job) {
      const queued = await enqueueJob(tx, job);
      wakeSoon();
      return queued;
    },
    async enqueueOnce(kind, input) {
      const queued = await enqueueOnce(db, kind, input);
      if (queued) wakeSoon();
      return queued;
    },
    runDue: () => runDueJobs(deps),
    start() {
      runner ??= startJobRunner(deps, JOB_POLL_MS);
    },
    async stop() {
      await runner?.stop();
      runner = undefined;
    },
  };
}
