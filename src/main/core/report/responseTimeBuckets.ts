// The report's histogram of response times: five buckets on the report's clock (business hours, or
// every hour), each counting the answered items whose first response fell inside it.
export interface DistributionBucket {
  key: string;
  label: string;
  /** Response times t with fromMs ≤ t < toMs (toMs null: no upper edge), on the report's clock. */
  fromMs: number;
  toMs: number | null;
  count: number;
}

const HOUR_MS = 3_600_000;

/** The histogram's edges, in hours on the report's clock. */
const BUCKETS = [
  { key: 'under-1h', label: 'under 1 h', fromHours: 0, toHours: 1 },
  { key: '1h-4h', label: '1–4 h', fromHours: 1, toHours: 4 },
  { key: '4h-24h', label: '4–24 h', fromHours: 4, toHours: 24 },
  { key: '24h-72h', label: '24–72 h', fromHours: 24, toHours: 72 },
  { key: '72h-plus', label: '72 h or more', fromHours: 72, toHours: null },
] as const;

export function distributionOf(times: Iterable<number>): DistributionBucket[] {
  const buckets: DistributionBucket[] = BUCKETS.map(({ key, label, fromHours, toHours }) => ({
    key,
    label,
    fromMs: fromHours * HOUR_MS,
    toMs: toHours === null ? null : toHours * HOUR_MS,
    count: 0,
  }));
  for (const time of times) {
    const bucket = buckets.find(({ toMs }) => toMs === null || time < toMs);
    if (bucket !== undefined) bucket.count++;
  }
  return buckets;
}
