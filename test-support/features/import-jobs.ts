import { expect } from 'vitest';
import type { JobView } from '#shared/jobs';
import type { TestApp } from '../test-database';

/**
 * An import's commit or undo as a person starts it (202 with the job), run to its end as the
 * runner would; the job as its owner then reads it.
 */
export async function ranToEnd<Result>(t: TestApp, cookie: string, started: Response) {
  expect(started.status, await started.clone().text()).toBe(202);
  const { job } = (await started.json()) as { job: JobView };
  while ((await t.deps.jobs.runDue()) > 0);
  const read = await t.request(`/api/jobs/${job.id}`, { headers: { cookie } });
  return ((await read.json()) as { job: JobView }).job as JobView & { result: Result | null };
}
