// Latencies pooled from several measurements of one target, read as the bench reports them.

/** The nearest-rank percentile `p` (0 to 100) of `values`: a latency that was measured, never interpolated. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(rank, sorted.length) - 1] ?? Number.NaN;
}
