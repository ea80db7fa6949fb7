// Medians and 95th percentiles of timing samples (milliseconds).
export interface Summary {
  runs: number;
  median: number;
  p95: number;
  max: number;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
  return { runs: sorted.length, median: at(0.5), p95: at(0.95), max: sorted[sorted.length - 1] ?? Number.NaN };
}

export function timed<T>(work: () => T): { ms: number; value: T } {
  const start = performance.now();
  const value = work();
  return { ms: performance.now() - start, value };
}
