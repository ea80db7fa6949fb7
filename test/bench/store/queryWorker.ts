// Runs in its own process so its RSS is that of a process holding the store and nothing else:
// opens the store (timed), runs the page and search spread, prints one JSON line.
import { performance } from 'node:perf_hooks';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { pageFilters, searchFilters } from './queries.ts';
import { summarize, timed } from './stats.ts';

const [file, nowText, repeatText] = process.argv.slice(2);
const now = Number(nowText);
const repeat = Number(repeatText ?? 5);

const startedAt = performance.now();
const opened = timed(() => openStore(file!, { clock: { now: () => now, sleep: async () => {} } }));
const { store, recovered } = opened.value;
if (recovered) throw new Error(`the benchmark store was not usable: ${recovered.reason}`);

const pageSamples: number[] = [];
const secondPageSamples: number[] = [];
let rowsSeen = 0;
const filters = pageFilters(now);
for (let round = 0; round <= repeat; round += 1) {
  for (const filter of filters) {
    const first = timed(() => store.inboxPage(filter, null, 50));
    const second = first.value.next ? timed(() => store.inboxPage(filter, first.value.next, 50)) : null;
    if (round === 0) continue; // warm-up
    pageSamples.push(first.ms);
    if (second) secondPageSamples.push(second.ms);
    rowsSeen += first.value.rows.length;
  }
}

const searchSamples: number[] = [];
let searchRows = 0;
for (let round = 0; round <= repeat; round += 1) {
  for (const filter of searchFilters(now)) {
    const result = timed(() => store.inboxPage(filter, null, 50));
    if (round === 0) continue;
    searchSamples.push(result.ms);
    searchRows += result.value.rows.length;
  }
}

const countSamples: number[] = [];
for (let round = 0; round < 20; round += 1) countSamples.push(timed(() => store.counts({ now })).ms);

const rss = process.memoryUsage().rss;
store.close();
process.stdout.write(
  `${JSON.stringify({
    openMs: opened.ms,
    pages: summarize(pageSamples),
    secondPages: summarize(secondPageSamples),
    filterCombinations: filters.length,
    averageRows: rowsSeen / pageSamples.length,
    searches: summarize(searchSamples),
    searchCombinations: searchFilters(now).length,
    averageSearchRows: searchRows / searchSamples.length,
    counts: summarize(countSamples),
    rssBytes: rss,
    workerMs: performance.now() - startedAt,
  })}\n`,
);
