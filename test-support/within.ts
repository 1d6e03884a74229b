/**
 * `work`, or a failure naming `what` once `ms` have passed: for a test whose old failure mode
 * was waiting forever (a lock never released), so it fails with a reason instead of at the
 * test's time limit. The timer is cleared either way.
 */
export async function within<T>(ms: number, what: string, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
  }
}
