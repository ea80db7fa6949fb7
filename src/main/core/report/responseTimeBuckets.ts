// The report's histogram of response times: five buckets on the report's clock (business hours, or
// every hour), each counting the answered items whose first response fell inside it. On business
// hours the answers given before opening come first, as a bar of their own ("before opening"): they
// took 0 business minutes, and counting them "under 1 h" made the chart disagree with the typical
// time beside it, which leaves them out.
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

/** The bar of the answers before opening (fromMs = toMs = 0: no time on the business clock). */
export const BEFORE_OPENING_BUCKET = { key: 'before-opening', label: 'before opening' } as const;

/** `beforeOpening`: the count of answers before opening, a bar ahead of the others (absent on the wall clock). */
export function distributionOf(times: Iterable<number>, beforeOpening?: number): DistributionBucket[] {
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
  return beforeOpening === undefined ? buckets : [{ ...BEFORE_OPENING_BUCKET, fromMs: 0, toMs: 0, count: beforeOpening }, ...buckets];
}
