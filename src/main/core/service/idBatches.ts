// Analytics by social post id take at most 100 ids per request: any number of ids becomes the
// fewest requests that hold each distinct id once, in the order the caller gave them.
import { MAX_ANALYTICS_IDS } from '../../../shared/networks.ts';

export function idBatches(ids: readonly string[], size: number = MAX_ANALYTICS_IDS): string[][] {
  if (!Number.isInteger(size) || size < 1) throw new RangeError('batch size must be a positive whole number');
  const unique = [...new Set(ids)];
  const batches: string[][] = [];
  for (let start = 0; start < unique.length; start += size) batches.push(unique.slice(start, start + size));
  return batches;
}
