// Tests that measure over a span of time (real seconds, or many requests on a simulated clock) have
// two forms: `npm test` runs the short one, which still fails on the fault it guards against, and
// `npm run test:long` sets TEST_LONG=1 for the long one, with the figures the test was written with
// (decision 0080). The chaos suite has its own switch (CHAOS_LONG, test/chaos/support/chaosLevel.ts).
export const testLong = process.env['TEST_LONG'] === '1';

/** `short` inside `npm test`, `long` under `npm run test:long`. */
export function shortOrLong<T>(short: T, long: T): T {
  return testLong ? long : short;
}
