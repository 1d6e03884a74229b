import { z } from 'zod';

export type JobStatus = 'queued' | 'running' | 'succeeded' | 'failed' | 'cancelled';

/** A background job as its owner sees it (issue 18, decision 0107). */
export interface JobView {
  id: string;
  kind: string;
  status: JobStatus;
  progressDone: number;
  /** Null while the job does not know yet how much there is to do. */
  progressTotal: number | null;
  result: unknown;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export const isFinished = (status: JobStatus) =>
  status === 'succeeded' || status === 'failed' || status === 'cancelled';

export const jobParamSchema = z.object({ id: z.uuid({ error: 'Job not found' }) });

export const JOB_REASONS = {
  notFound: 'Job not found',
  finished: 'This job has already finished.',
} as const;
