// Where a count's chart puts its value ticks: on whole numbers only, in steps of 1, 2 or 5 times a
// power of ten, at most `maxTicks` of them. uPlot's own steps are decimal (a tick at 537.5 likes);
// a count has no halves. Pure.

/** The whole steps, smallest first: 1, 2, 5, 10, 20, 50 … 5 × 10^15. */
const WHOLE_STEPS = Array.from({ length: 16 }, (_, power) => [1, 2, 5].map((m) => m * 10 ** power)).flat();

export function countTicks(min: number, max: number, maxTicks: number): number[] {
  if (!Number.isFinite(min) || !Number.isFinite(max) || max < min) return [];
  const room = Math.max(1, maxTicks - 1);
  const step = WHOLE_STEPS.find((s) => (max - min) / s <= room) ?? 10 ** Math.ceil(Math.log10(max - min));
  const ticks: number[] = [];
  for (let tick = Math.ceil(min / step) * step; tick <= max && ticks.length <= room; tick += step) ticks.push(tick);
  return ticks;
}
