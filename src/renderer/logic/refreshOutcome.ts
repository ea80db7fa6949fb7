// What came of "Refresh now" on a metric panel, in words. The service refreshes a post's numbers on
// its own schedule (`nextUpdate`); asking before then brings the same numbers back, so "nothing
// changed" is an answer worth saying, with the time the service will have newer ones. Pure.
import { fmt } from './format.ts';

/** What the panel shows of its numbers' freshness: epoch ms. */
export interface Freshness {
  fetchedAt: number;
  lastUpdated: number;
  nextUpdate: number;
}

/** When the service will have newer numbers: its clock time today, the date and time on another day. */
function nextTime(ms: number, now: number): string {
  return fmt.dayKey(ms) === fmt.dayKey(now) ? fmt.time(ms) : fmt.dateTime(ms);
}

/**
 * The outcome in words, from the numbers' freshness before and after the refresh. Before the
 * service's `nextUpdate` the app does not even ask for numbers (the answer would be the same ones),
 * so that is said with the time newer ones come.
 */
export function refreshOutcome(before: Freshness | null, after: Freshness | null, failed: string | null, now: number): string {
  if (failed !== null) return `Could not ask the service: ${failed}`;
  if (after === null) return 'No figures yet: the service has not answered for this post.';
  if (before === null || after.lastUpdated > before.lastUpdated) return 'Updated just now.';
  if (after.nextUpdate > now) return `No newer figures yet; the service updates them at ${nextTime(after.nextUpdate, now)}.`;
  if (after.fetchedAt > before.fetchedAt) return 'No newer figures yet; the service is due to update them any minute.';
  return 'The service has not answered yet; the numbers below are the stored ones.';
}
