// The read figures of `npm run bench:store` (first pages, second pages, searches) by CPU time, filter by
// filter, on a store built once by buildBenchStore.ts: which filters make the p95, and old code against
// new, alternated, on a shared machine (issue 30's fifth round). Opens a copy, so the file stays as built.
//   node test/bench/store/readFilters.ts <file> <now> [repeat] [top]
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import type { InboxFilter } from '../../../src/main/core/store/types.ts';
import { pageFilters, searchFilters } from './queries.ts';
import { summarize } from './stats.ts';

const [source, nowText, repeatText, topText] = process.argv.slice(2);
const now = Number(nowText);
const repeat = Number(repeatText ?? 10);
const top = Number(topText ?? 8);
const root = mkdtempSync(join(tmpdir(), 'read-filters-'));
const file = join(root, 'inbox.sqlite');
copyFileSync(source!, file);
const { store } = openStore(file, { clock: { now: () => now, sleep: async () => {} } });

function cpuMs<T>(work: () => T): { ms: number; value: T } {
  const start = process.cpuUsage();
  const value = work();
  const used = process.cpuUsage(start);
  return { ms: (used.user + used.system) / 1000, value };
}

interface Sample {
  name: string;
  ms: number;
}
const samples: Record<'pages' | 'secondPages' | 'searches', Sample[]> = { pages: [], secondPages: [], searches: [] };
const label = (filter: InboxFilter) => JSON.stringify({ ...filter, now: undefined });
for (let round = 0; round <= repeat; round += 1) {
  for (const filter of pageFilters(now)) {
    const first = cpuMs(() => store.inboxPage(filter, null, 50));
    const next = first.value.next;
    const second = next ? cpuMs(() => store.inboxPage(filter, next, 50)) : null;
    if (round === 0) continue;
    samples.pages.push({ name: label(filter), ms: first.ms });
    if (second) samples.secondPages.push({ name: label(filter), ms: second.ms });
  }
  for (const filter of searchFilters(now)) {
    const result = cpuMs(() => store.inboxPage(filter, null, 50));
    if (round > 0) samples.searches.push({ name: label(filter), ms: result.ms });
  }
}
store.close();
rmSync(root, { recursive: true, force: true });

for (const [figure, list] of Object.entries(samples)) {
  const all = summarize(list.map((s) => s.ms));
  console.log(`${figure}: CPU median ${all.median.toFixed(2)} ms, p95 ${all.p95.toFixed(2)} ms (${all.runs} calls)`);
  const byName = new Map<string, number[]>();
  for (const s of list) byName.set(s.name, [...(byName.get(s.name) ?? []), s.ms]);
  const medians = [...byName].map(([name, ms]) => ({ name, median: summarize(ms).median })).sort((a, b) => b.median - a.median);
  for (const { name, median } of medians.slice(0, top)) console.log(`  ${median.toFixed(2).padStart(6)} ms  ${name}`);
}
