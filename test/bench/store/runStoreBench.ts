// The store benchmark's steps, shared by `npm run bench:store` (100,000 comments) and the smoke
// test in `npm test` (a few thousand, no speed asserted): ingest into fresh stores, re-ingest the
// same answers, open the existing store, then pages, searches and RSS in a process of their own,
// then the same ingest and page query on conf (electron-store's JSON store).
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import type { Clock } from '../../../src/main/core/clock.ts';
import { type ConfFigures, runConfComparison } from './confComparison.ts';
import { buildDataset } from './dataset.ts';
import { pageFilters, searchFilters } from './queries.ts';
import { summarize, type Summary, timed } from './stats.ts';

export interface StoreBenchOptions {
  comments: number;
  posts: number;
  ingestRuns: number;
  opens: number;
  queryRepeat: number;
  confSeconds: number;
}

export interface WorkerFigures {
  openMs: number;
  pages: Summary;
  secondPages: Summary;
  filterCombinations: number;
  averageRows: number;
  searches: Summary;
  searchCombinations: number;
  averageSearchRows: number;
  counts: Summary;
  rssBytes: number;
  /** One whole-view sweep (Shift+A, done) and its undo, at the store. */
  sweep: { viewCount: number; rows: number; sizeMs: number; rowsMs: number; writeMs: number; undoMs: number };
}

export interface StoreBenchFigures {
  options: StoreBenchOptions;
  comments: number;
  ingest: Summary;
  ingestCpuMs: number;
  reingestMs: number;
  reingestUnchanged: number;
  fileBytes: number;
  open: Summary;
  worker: WorkerFigures;
  conf: ConfFigures;
}

export function runStoreBench(options: StoreBenchOptions): StoreBenchFigures {
  const dataset = buildDataset({ comments: options.comments, posts: options.posts });
  const clock: Clock = { now: () => dataset.now, sleep: async () => {} };
  const root = mkdtempSync(join(tmpdir(), 'store-bench-'));
  try {
    const ingestSamples: number[] = [];
    let ingestCpuMs = 0;
    let file = '';
    for (let run = 0; run < options.ingestRuns; run += 1) {
      mkdirSync(join(root, `run-${run}`));
      file = join(root, `run-${run}`, 'inbox.sqlite');
      const { store } = openStore(file, { clock });
      store.upsertAccount(dataset.account);
      for (const profile of dataset.profiles) store.upsertProfile(profile);
      store.upsertPosts(dataset.posts);
      const cpu = process.cpuUsage();
      // The close is timed too: it runs the last WAL checkpoint, which the ingest's writes owe.
      const { ms } = timed(() => {
        for (const batch of dataset.batches) store.ingestComments(batch.profileId, batch.comments);
        store.close();
      });
      const used = process.cpuUsage(cpu);
      ingestSamples.push(ms);
      ingestCpuMs += (used.user + used.system) / 1000 / options.ingestRuns;
      if (run < options.ingestRuns - 1) rmSync(join(root, `run-${run}`), { recursive: true, force: true });
    }

    // The last run's store: the same answers again, then triage spread over it for the views.
    const { store } = openStore(file, { clock });
    let unchanged = 0;
    const reingest = timed(() => {
      for (const batch of dataset.batches) unchanged += store.ingestComments(batch.profileId, batch.comments).unchanged;
    });
    const keys = dataset.batches.flatMap((batch) => batch.comments.map((c) => `${c.platform}:${c.socialCommentId}`));
    const pick = (test: (index: number) => boolean) => keys.filter((_, index) => test(index));
    store.setTriage(pick((i) => i % 10 < 3), { done: true, unread: false });
    store.setTriage(pick((i) => i % 10 >= 3 && i % 10 < 7), { unread: false });
    store.setTriage(pick((i) => i % 50 === 7), { snoozedUntil: dataset.now + 86_400_000 });
    store.setTriage(pick((i) => i % 97 === 8), { snoozedUntil: dataset.now - 3_600_000 });
    store.close();

    const openSamples: number[] = [];
    for (let n = 0; n < options.opens; n += 1) {
      const opened = timed(() => openStore(file, { clock }));
      openSamples.push(opened.ms);
      opened.value.store.close();
    }
    const fileBytes = statSync(file).size;

    const worker = JSON.parse(
      execFileSync(process.execPath, [join(import.meta.dirname, 'queryWorker.ts'), file, String(dataset.now), String(options.queryRepeat)], { maxBuffer: 1 << 20 }).toString(),
    ) as WorkerFigures;

    const confFilters = pageFilters(dataset.now).filter((_, index) => index % 9 === 0);
    const confSearches = searchFilters(dataset.now).filter((_, index) => index % 7 === 0);
    const conf = runConfComparison(join(root, 'conf'), dataset, confFilters, confSearches, options.confSeconds * 1000);

    return {
      options,
      comments: keys.length,
      ingest: summarize(ingestSamples),
      ingestCpuMs,
      reingestMs: reingest.ms,
      reingestUnchanged: unchanged,
      fileBytes,
      open: summarize(openSamples),
      worker,
      conf,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
