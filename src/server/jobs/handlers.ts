import type { Db } from '../db/client';

/** What a job's handler is given: its input, the database, and a way to report progress. */
export interface JobContext<Input = unknown> {
  jobId: string;
  ownerId: string | null;
  input: Input;
  db: Db;
  /** Which attempt this is (1 for the first): an attempt after a crash starts over. */
  attempt: number;
  /**
   * Reports progress (shown live to the owner) and renews the job's lease. Throws JobStopped
   * when the owner cancelled the job or the server is stopping: let it propagate, after undoing
   * anything half-done (a handler that writes does so in one transaction, so there is nothing).
   */
  progress(done: number, total?: number | null): Promise<void>;
}

export type JobHandler<Input = unknown, Result = unknown> = (ctx: JobContext<Input>) => Promise<Result>;

/** The handlers by job kind, collected from the features (feature-wiring.ts). */
export type JobHandlers = Record<string, JobHandler<never>>;

/** Thrown by `progress` to end a job early: cancelled by its owner, or the server stopping. */
export class JobStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'shutdown') {
    super(reason === 'cancelled' ? 'The job was cancelled.' : 'The server is stopping.');
  }
}
