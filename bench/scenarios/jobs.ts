/** What the scenarios that start durable jobs (imports, the export) share. */

export async function json<T>(response: Response, what: string): Promise<T> {
  if (!response.ok) throw new Error(`${what}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Reads a job until it succeeds; throws when it fails or is cancelled. */
export async function jobResult<T>(url: string, cookie: string, jobId: string, pollMs = 100): Promise<T> {
  for (;;) {
    // On the embedded database the commit's one transaction holds the only connection: a
    // poll may wait for it past the server's idle timeout. The job goes on; poll again.
    const response = await fetch(`${url}/api/jobs/${jobId}`, { headers: { cookie, origin: url } }).catch(() => null);
    if (response) {
      const { job } = await json<{ job: { status: string; error: string | null; result: T } }>(response, 'job');
      if (job.status === 'succeeded') return job.result;
      if (job.status === 'failed' || job.status === 'cancelled' || job.error)
        throw new Error(`job ${jobId} ended ${job.status}: ${job.error}`);
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}
