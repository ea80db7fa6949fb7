// How hard the chaos suite pushes: `npm test` runs the short form (a sample of pages, a few rounds),
// `npm run test:chaos` the long one (CHAOS_LONG=1: a page of every table and index of the store, every page of the
// outbox files, larger bombs, more rounds).
export const chaosLong = process.env['CHAOS_LONG'] === '1';

/** `short` rounds in `npm test`, `long` rounds under `npm run test:chaos`. */
export function chaosRounds(short: number, long: number): number {
  return chaosLong ? long : short;
}
