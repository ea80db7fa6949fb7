// How hard the chaos suite pushes: `npm test` runs the short form (a sample of pages, a few rounds),
// `npm run test:chaos` the long one (CHAOS_LONG=1: every page of every table, more rounds).
export const chaosLong = process.env['CHAOS_LONG'] === '1';

/** `short` rounds in `npm test`, `long` rounds under `npm run test:chaos`. */
export function chaosRounds(short: number, long: number): number {
  return chaosLong ? long : short;
}
