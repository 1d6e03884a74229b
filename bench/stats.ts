/** Summary statistics for benchmark samples (milliseconds, bytes, or any unit). */

/**
 * The p-th percentile (0-100) by the nearest-rank method: the smallest sample with at least p%
 * of the samples at or below it. Nearest-rank never invents a value between two samples, so a
 * p99 over 100 samples is the worst but one.
 */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) throw new Error('percentile of no samples');
  if (!(p >= 0 && p <= 100)) throw new Error(`percentile out of range: ${p}`);
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[rank - 1]!;
}

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  min: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  return {
    n: samples.length,
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    min: Math.min(...samples),
    max: Math.max(...samples),
  };
}

/** Rounds to `digits` decimals for the report (figures, not arithmetic). */
export function round(value: number, digits = 1): number {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
}

/** a / b, or null when b is zero or either is missing (a ratio that cannot be formed). */
export function ratio(a: number | null | undefined, b: number | null | undefined): number | null {
  if (a == null || b == null || b === 0) return null;
  return a / b;
}

/** Times one async call in milliseconds with the monotonic clock. */
export async function timeMs(run: () => Promise<unknown>): Promise<number> {
  const start = process.hrtime.bigint();
  await run();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/**
 * Runs `run` `warmup` times unmeasured (the code optimised by the JIT, plans cached, pages in
 * memory, connections open), then `samples` times measured, one after another, and returns the
 * durations. Three warm-ups left the first measured calls of the server's code unoptimised.
 */
export async function sampleMs(run: () => Promise<unknown>, samples: number, warmup = 20): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const out: number[] = [];
  for (let i = 0; i < samples; i++) out.push(await timeMs(run));
  return out;
}
