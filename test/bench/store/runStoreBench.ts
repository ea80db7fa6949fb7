// The store benchmark's steps, shared by `npm run bench:store` (100,000 comments) and the smoke
// test in `npm test` (a few thousand, no speed asserted): ingest into fresh stores, re-ingest the
// same answers, open the existing store, then pages, searches and RSS in a process of their own,
// then the same ingest and page query on conf (electron-store's JSON store). Direct messages go in
// beside the comments (timed on their own), so pages and searches run over both kinds.
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import type { Clock } from '../../../src/main/core/clock.ts';
import { type ConfFigures, runConfComparison } from './confComparison.ts';
import { buildDataset } from './dataset.ts';
import { buildMessages, type MessageDataset } from './messageDataset.ts';

type MessageBatch = MessageDataset['batches'][number];
import { pageFilters, searchFilters } from './queries.ts';
import { summarize, type Summary, timed } from './stats.ts';
import { spreadTriage } from './triageSpread.ts';

export interface StoreBenchOptions {
  comments: number;
  posts: number;
  ingestRuns: number;
  opens: number;
  queryRepeat: number;
  confSeconds: number;
  /** Direct messages beside the comments (0: none). */
  messages?: number;
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
  kindPages: Summary;
  kindCombinations: number;
  averageKindRows: number;
  messageSearches: Summary;
  messageSearchCombinations: number;
  averageMessageSearchRows: number;
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
  /** PRAGMA quick_check of the whole file: what the self-check at every start costs, in its worker. */
  selfCheck: Summary;
  worker: WorkerFigures;
  conf: ConfFigures;
  messages: {
    count: number;
    conversations: number;
    /** Ingest of every message into the store that holds the comments, as the listings answer them (a first sync), close included. */
    ingest: Summary;
    ingestCpuMs: number;
    listingBatches: number;
    /** The same, one batch per conversation (one run). */
    byConversation: { batches: number; ms: number; cpuMs: number } | null;
    reingestMs: number;
    reingestUnchanged: number;
  };
}

/** Opens the store, ingests the batches, closes it (the close's checkpoint is owed by the ingest): wall and CPU ms. */
function ingestMessagesTimed(file: string, batches: MessageBatch[]): { ms: number; cpuMs: number } {
  const { store } = openStore(file);
  const cpu = process.cpuUsage();
  const { ms } = timed(() => {
    for (const batch of batches) store.ingestMessages(batch.profileId, batch.messages);
    store.close();
  });
  const used = process.cpuUsage(cpu);
  return { ms, cpuMs: (used.user + used.system) / 1000 };
}

export function runStoreBench(options: StoreBenchOptions): StoreBenchFigures {
  const dataset = buildDataset({ comments: options.comments, posts: options.posts });
  const messages = buildMessages(dataset, options.messages ?? 0);
  const messageIngestSamples: number[] = [];
  let messageIngestCpuMs = 0;
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
      if (messages.messageCount > 0) {
        // The last run also takes them conversation by conversation, into a copy with the same comments.
        if (run === options.ingestRuns - 1) copyFileSync(file, join(root, 'by-conversation.sqlite'));
        const dms = ingestMessagesTimed(file, messages.listings);
        messageIngestSamples.push(dms.ms);
        messageIngestCpuMs += dms.cpuMs / options.ingestRuns;
      }
      if (run < options.ingestRuns - 1) rmSync(join(root, `run-${run}`), { recursive: true, force: true });
    }

    // The last run's store: the same answers again, then triage spread over it for the views.
    const { store } = openStore(file, { clock });
    let unchanged = 0;
    const reingest = timed(() => {
      for (const batch of dataset.batches) unchanged += store.ingestComments(batch.profileId, batch.comments).unchanged;
    });
    const byConversation = messages.messageCount > 0 ? ingestMessagesTimed(join(root, 'by-conversation.sqlite'), messages.batches) : null;
    rmSync(join(root, 'by-conversation.sqlite'), { force: true });
    let messagesUnchanged = 0;
    const messageReingest = timed(() => {
      for (const batch of messages.batches) messagesUnchanged += store.ingestMessages(batch.profileId, batch.messages).unchanged;
    });
    spreadTriage(store, dataset, messages);
    store.close();

    const openSamples: number[] = [];
    for (let n = 0; n < options.opens; n += 1) {
      const opened = timed(() => openStore(file, { clock }));
      openSamples.push(opened.ms);
      opened.value.store.close();
    }
    // The self-check every start runs beside the app, in a worker (store/backgroundCheck.ts): too
    // slow for the open itself, so its cost is measured on its own.
    const checkSamples: number[] = [];
    for (let n = 0; n < 3; n += 1) {
      const db = new DatabaseSync(file, { readOnly: true });
      checkSamples.push(timed(() => db.prepare('PRAGMA quick_check(5)').all()).ms);
      db.close();
    }
    const fileBytes = statSync(file).size;

    const worker = JSON.parse(
      execFileSync(process.execPath, [join(import.meta.dirname, 'queryWorker.ts'), file, String(dataset.now), String(options.queryRepeat)], {
        maxBuffer: 1 << 20,
      }).toString(),
    ) as WorkerFigures;

    const confFilters = pageFilters(dataset.now).filter((_, index) => index % 9 === 0);
    const confSearches = searchFilters(dataset.now).filter((_, index) => index % 7 === 0);
    const conf = runConfComparison(join(root, 'conf'), dataset, confFilters, confSearches, options.confSeconds * 1000);

    return {
      options,
      comments: dataset.batches.reduce((count, batch) => count + batch.comments.length, 0),
      ingest: summarize(ingestSamples),
      ingestCpuMs,
      reingestMs: reingest.ms,
      reingestUnchanged: unchanged,
      fileBytes,
      open: summarize(openSamples),
      selfCheck: summarize(checkSamples),
      worker,
      conf,
      messages: {
        count: messages.messageCount,
        conversations: messages.conversationCount,
        ingest: summarize(messageIngestSamples),
        ingestCpuMs: messageIngestCpuMs,
        listingBatches: messages.listings.length,
        byConversation: byConversation === null ? null : { batches: messages.batches.length, ...byConversation },
        reingestMs: messageReingest.ms,
        reingestUnchanged: messagesUnchanged,
      },
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
