import type { JobHandlers } from '#server/jobs/handlers';
import { AUDIT_PRUNE_PIECE, pruneAudit } from './service';

/** The hourly clean-up of entries past the retention an admin chose (decision 0103). */
export const AUDIT_PRUNE_JOB = 'audit.prune';

export const auditJobs: JobHandlers = {
  [AUDIT_PRUNE_JOB]: async ({ db, progress }) => ({
    removed: await pruneAudit(db, new Date(), AUDIT_PRUNE_PIECE, (removed) => progress(removed, null)),
  }),
};
