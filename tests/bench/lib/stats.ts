/** Small statistics for the benchmark cases: percentiles, medians, timing. */

/** The q-th percentile (0..100) of the samples, nearest-rank on a sorted copy. */
export function percentile(samples: readonly number[], q: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = samples.toSorted((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((q / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

/** p50, p95 and p99 of a set of samples (milliseconds). */
export function summary(samples: readonly number[]): { p50: number; p95: number; p99: number; n: number } {
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    p99: percentile(samples, 99),
    n: samples.length,
  };
}

/** Milliseconds spent in `fn` (high-resolution clock). */
export async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** Rounds to a few significant digits for the report (keeps 0.0123 and 12 345 readable). */
export function round(x: number, digits = 3): number {
  if (!Number.isFinite(x) || x === 0) return x;
  const scale = 10 ** Math.max(0, digits - 1 - Math.floor(Math.log10(Math.abs(x))));
  return Math.round(x * scale) / scale;
}
