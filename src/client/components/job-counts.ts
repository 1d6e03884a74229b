/**
 * A job's progress as JobProgress writes it: "2,750 of 10,000", with the same digit grouping
 * as the import wizard's counts; empty while the job has not said how much there is to do.
 */
export function jobCountText(done: number, total: number | null): string {
  if (total === null) return '';
  return `${done.toLocaleString('en-US')} of ${total.toLocaleString('en-US')}`;
}
