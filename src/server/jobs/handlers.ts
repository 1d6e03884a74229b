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
   * anything half-done (most handlers write in one transaction, so there is nothing).
   */
  progress(done: number, total?: number | null): Promise<void>;
}

export type JobHandler<Input = unknown, Result = unknown> = ((ctx: JobContext<Input>) => Promise<Result>) & {
  /**
   * For handlers that commit as they go (an import on the embedded database, decision 0140):
   * undoes what an earlier attempt, cut short by a crash, left half-done, when the job is
   * cancelled before it runs again. A run after a crash does this itself.
   */
  cleanUp?: (ctx: JobContext<Input>) => Promise<void>;
};

/** The handlers by job kind, collected from the features (feature-wiring.ts). */
export type JobHandlers = Record<string, JobHandler<never>>;

/** Thrown by `progress` to end a job early: cancelled by its owner, or the server stopping. */
export class JobStopped extends Error {
  constructor(readonly reason: 'cancelled' | 'shutdown') {
    super(reason === 'cancelled' ? 'The job was cancelled.' : 'The server is stopping.');
  }
}
