// A smaller profiling entry for the store (issue 30): one process runs each figure of
// `npm run bench:store` once at a chosen size (comment ingest, message ingest, pages, searches, the
// whole-view sweep and its undo), times each and, with PROFILE_DIR set, writes one CPU profile per
// figure (<figure>.cpuprofile) through the inspector, so a profile holds that figure's work alone.
//   node test/bench/store/profileStore.ts [comments] [messages]
// Read the profiles with test/bench/store/profileSummary.ts.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openStore, type SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import { VIEW_SWEEP_MAX } from '../../../src/shared/domain/inbox.ts';
import { buildDataset } from './dataset.ts';
import { buildMessages } from './messageDataset.ts';
import { pageFilters, searchFilters } from './queries.ts';
import { summarize } from './stats.ts';

const comments = Number(process.argv[2] ?? 30_000);
const messageCount = Number(process.argv[3] ?? 15_000);
const profileDir = process.env.PROFILE_DIR;

const session = new Session();
session.connect();
const post = (method: string, params: object = {}): Promise<unknown> =>
  new Promise((resolve, reject) => session.post(method, params, (error, result) => (error ? reject(error) : resolve(result))));
if (profileDir) {
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 200 });
}

const figures: Record<string, string> = {};
async function figure<T>(name: string, work: () => T): Promise<T> {
  if (profileDir) await post('Profiler.start');
  const cpu = process.cpuUsage();
  const start = performance.now();
  const value = work();
  const ms = performance.now() - start;
  const used = process.cpuUsage(cpu);
  if (profileDir) {
    const { profile } = (await post('Profiler.stop')) as { profile: unknown };
    writeFileSync(join(profileDir, `${name}.cpuprofile`), JSON.stringify(profile));
  }
  figures[name] = `${ms.toFixed(1)} ms (CPU ${((used.user + used.system) / 1000).toFixed(0)} ms)`;
  return value;
}

const dataset = buildDataset({ comments, posts: 600 });
const messages = buildMessages(dataset, messageCount);
const root = mkdtempSync(join(tmpdir(), 'store-profile-'));
const clock = { now: () => dataset.now, sleep: async () => {} };
try {
  const file = join(root, 'inbox.sqlite');
  let store: SqliteStore = openStore(file, { clock }).store;
  store.upsertAccount(dataset.account);
  for (const profile of dataset.profiles) store.upsertProfile(profile);
  store.upsertPosts(dataset.posts);
  await figure('ingest', () => {
    for (const batch of dataset.batches) store.ingestComments(batch.profileId, batch.comments);
    store.close();
  });
  store = openStore(file, { clock }).store;
  await figure('dm-ingest', () => {
    for (const batch of messages.listings) store.ingestMessages(batch.profileId, batch.messages);
    store.close();
  });
  store = openStore(file, { clock }).store;
  const keys = dataset.batches.flatMap((batch) => batch.comments.map((c) => `${c.platform}:${c.socialCommentId}`));
  store.setTriage(
    keys.filter((_, i) => i % 10 < 3),
    { done: true, unread: false },
  );
  store.setTriage(
    keys.filter((_, i) => i % 50 === 7),
    { snoozedUntil: dataset.now + 86_400_000 },
  );
  const pages: number[] = [];
  const filters = pageFilters(dataset.now);
  for (const filter of filters) store.inboxPage(filter, null, 50); // warm-up
  await figure('pages', () => {
    for (let round = 0; round < 3; round += 1)
      for (const filter of filters) {
        const start = performance.now();
        store.inboxPage(filter, null, 50);
        pages.push(performance.now() - start);
      }
  });
  const searches: number[] = [];
  for (const filter of searchFilters(dataset.now)) store.inboxPage(filter, null, 50);
  await figure('searches', () => {
    for (let round = 0; round < 3; round += 1)
      for (const filter of searchFilters(dataset.now)) {
        const start = performance.now();
        store.inboxPage(filter, null, 50);
        searches.push(performance.now() - start);
      }
  });
  const sweepFilter = { view: 'needsReply' as const };
  const size = store.inboxViewSize(sweepFilter);
  const rows = store.inboxRowsFrom(sweepFilter, size.newest, Math.min(size.count, VIEW_SWEEP_MAX));
  const sweepKeys = rows.map((row) => row.key);
  const changes = await figure('sweep', () => store.setTriage(sweepKeys, { done: true }));
  await figure('undo', () => store.undoItemChanges(changes.map((change) => change.id)));
  store.close();
  const page = summarize(pages);
  const search = summarize(searches);
  console.log(
    JSON.stringify(
      {
        comments,
        messages: messageCount,
        sweepRows: sweepKeys.length,
        ...figures,
        pageP50: page.median.toFixed(2),
        pageP95: page.p95.toFixed(2),
        searchP50: search.median.toFixed(2),
        searchP95: search.p95.toFixed(2),
      },
      null,
      1,
    ),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
