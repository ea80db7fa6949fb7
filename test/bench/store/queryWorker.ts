// Runs in its own process so its RSS is that of a process holding the store and nothing else:
// opens the store (timed), runs the page and search spread, prints one JSON line.
import { performance } from 'node:perf_hooks';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { VIEW_SWEEP_MAX } from '../../../src/shared/domain/inbox.ts';
import { kindFilters, messageSearchFilters, pageFilters, searchFilters } from './queries.ts';
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

// The kind switch (comments alone, messages alone) and searches in direct messages alone.
const kindPageSamples: number[] = [];
let kindRows = 0;
for (let round = 0; round <= repeat; round += 1) {
  for (const filter of kindFilters(now)) {
    const result = timed(() => store.inboxPage(filter, null, 50));
    if (round === 0) continue;
    kindPageSamples.push(result.ms);
    kindRows += result.value.rows.length;
  }
}
const messageSearchSamples: number[] = [];
let messageSearchRows = 0;
for (let round = 0; round <= repeat; round += 1) {
  for (const filter of messageSearchFilters(now)) {
    const result = timed(() => store.inboxPage(filter, null, 50));
    if (round === 0) continue;
    messageSearchSamples.push(result.ms);
    messageSearchRows += result.value.rows.length;
  }
}

const countSamples: number[] = [];
for (let round = 0; round < 20; round += 1) countSamples.push(timed(() => store.counts({ now })).ms);

const rss = process.memoryUsage().rss;

// "Select all in this view" (Shift+A) then done, and its undo, at the store: the view's size, its
// rows up to the selection's bound (at most VIEW_SWEEP_MAX), one triage write, and the write back.
// After the RSS reading, since it writes; the last figures of the run.
const sweepFilter = { view: 'needsReply' as const };
const size = timed(() => store.inboxViewSize(sweepFilter));
const rows = timed(() => store.inboxRowsFrom(sweepFilter, size.value.newest, Math.min(size.value.count, VIEW_SWEEP_MAX)));
const keys = rows.value.map((row) => row.key);
const sweep = timed(() => store.setTriage(keys, { done: true }));
// The app's undo (triageUndo.ts): the inverse of each change the sweep logged.
const undo = timed(() => store.undoItemChanges(sweep.value.map((change) => change.id)));
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
    kindPages: summarize(kindPageSamples),
    kindCombinations: kindFilters(now).length,
    averageKindRows: kindPageSamples.length === 0 ? 0 : kindRows / kindPageSamples.length,
    messageSearches: summarize(messageSearchSamples),
    messageSearchCombinations: messageSearchFilters(now).length,
    averageMessageSearchRows: messageSearchSamples.length === 0 ? 0 : messageSearchRows / messageSearchSamples.length,
    counts: summarize(countSamples),
    rssBytes: rss,
    sweep: { viewCount: size.value.count, rows: keys.length, sizeMs: size.ms, rowsMs: rows.ms, writeMs: sweep.ms, undoMs: undo.ms },
    workerMs: performance.now() - startedAt,
  })}\n`,
);
