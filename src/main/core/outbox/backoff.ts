// How long a reply waits after a failure that can pass: exponential, capped, with jitter so that
// many replies (or many app instances) coming back online do not all knock at the same moment.
// "Equal jitter": half the step is fixed, half random, so a wait is never shorter than half its step.
import type { BackoffSettings } from './types.ts';

export const DEFAULT_BACKOFF: BackoffSettings = { baseMs: 2_000, maxMs: 5 * 60_000 };

/** The wait after the `failures`-th consecutive failure (1 for the first). */
export function backoffDelay(failures: number, settings: BackoffSettings, random: () => number): number {
  const exponent = Math.max(0, Math.min(failures - 1, 30));
  const step = Math.min(settings.maxMs, settings.baseMs * 2 ** exponent);
  const jitter = Math.min(Math.max(random(), 0), 1);
  return Math.round(step / 2 + (step / 2) * jitter);
}
