// The report's own path (the store's columns, reportCommentRows.ts; first responses by row numbers,
// commentResponses.ts; comments per post counted by SQLite) against the per-item computation it
// replaced (reportItems.ts, firstResponses.ts, a count per post of the items): the same figures, on
// generated stores of both benchmark shapes and on hand-made threads, including the outbox's odd
// cases (replies the sync has not read, duplicates, no social id, answers from further down).
import { afterEach, describe, expect, it } from 'vitest';
import { addCommentItems } from '../../../src/main/core/report/commentResponses.ts';
import { type ConfirmedReply, receivedItems } from '../../../src/main/core/report/firstResponses.ts';
import { ReceivedColumns } from '../../../src/main/core/report/receivedColumns.ts';
import { reportPeriods } from '../../../src/main/core/report/reportPeriod.ts';
import { computeResponsiveness, type Period } from '../../../src/main/core/report/responsiveness.ts';
import type { SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import { isNetwork } from '../../../src/shared/networks.ts';
import { buildReportDataset, type ReportShape } from '../../bench/report/reportDataset.ts';
import { comment, openTempStore, ownId, seeded, T0, type TempStore } from '../../unit/store/storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const settings = defaultClientSettings('Europe/Berlin');

/** The previous computation, as reportService made it before the columns. */
function perItem(store: SqliteStore, profileId: string, current: Period, previous: Period, confirmed: ConfirmedReply[], asOf: number) {
  const both = store.reportItems(profileId, { start: previous.start, end: current.end });
  const now = both.filter((item) => item.createdAt >= current.start);
  const before = both.filter((item) => item.createdAt < current.start);
  const perPost = new Map<string, number>();
  for (const item of now) perPost.set(`${item.platform}:${item.socialPostId}`, (perPost.get(`${item.platform}:${item.socialPostId}`) ?? 0) + 1);
  return {
    current: computeResponsiveness({ items: receivedItems(now, confirmed), period: current, asOf, settings, slowestCount: 25 }),
    previous: computeResponsiveness({ items: receivedItems(before, confirmed), period: previous, asOf, settings, slowestCount: 25 }),
    perPost,
  };
}

/** The report's path. */
function byColumns(store: SqliteStore, profileId: string, current: Period, previous: Period, confirmed: ConfirmedReply[], asOf: number, postKeys: string[]) {
  const columns = new ReceivedColumns((rowIds) => store.reportCommentKeys(rowIds));
  const rows = store.reportCommentRows(profileId, { start: previous.start, end: current.end });
  if (rows !== null) addCommentItems(columns, rows, confirmed, (keys) => store.reportCommentRowIds(keys));
  return {
    current: computeResponsiveness({ items: columns, period: current, asOf, settings, slowestCount: 25 }),
    previous: computeResponsiveness({ items: columns, period: previous, asOf, settings, slowestCount: 25 }),
    perPost: store.reportCommentsPerPost(profileId, current, postKeys),
  };
}

function expectSame(store: SqliteStore, profileId: string, current: Period, previous: Period, confirmed: ConfirmedReply[], asOf: number) {
  const old = perItem(store, profileId, current, previous, confirmed, asOf);
  const postKeys = [...old.perPost.keys(), 'instagram:no-such-post', 'not a key'];
  const now = byColumns(store, profileId, current, previous, confirmed, asOf, postKeys);
  // byKind is new: the old path had comments only, so its one kind is the totals.
  expect(now.current.byKind.map((kind) => kind.kind)).toEqual(now.current.totals.received === 0 ? [] : ['comment']);
  expect({ ...now.current, byKind: [] }).toEqual({ ...old.current, byKind: [] });
  expect({ ...now.previous, byKind: [] }).toEqual({ ...old.previous, byKind: [] });
  expect(now.perPost).toEqual(old.perPost);
  return now;
}

function confirmedOf(outbox: ReturnType<typeof buildReportDataset>['outbox']): ConfirmedReply[] {
  return outbox.flatMap((item) =>
    Object.entries(item.results).flatMap(([platform, result]) =>
      result?.state === 'sent' && isNetwork(platform) ? [{ answers: item.answers, platform, socialCommentId: result.socialCommentId, at: result.at }] : [],
    ),
  );
}

describe("the report's read by columns", () => {
  it.each<ReportShape>(['store', 'one-month'])('gives the per-item figures on a generated store (%s shape)', (shape) => {
    const dataset = buildReportDataset({ comments: 4000, shape });
    temp = openTempStore();
    const { store } = temp;
    store.upsertAccount(dataset.account);
    for (const profile of dataset.profiles) store.upsertProfile(profile);
    store.upsertPosts(dataset.posts);
    for (const batch of dataset.batches) store.ingestComments(batch.profileId, batch.comments);

    const confirmed = confirmedOf(dataset.outbox);
    // The outbox's odd cases, on comments of the dataset.
    const received = dataset.batches.flatMap((batch) => batch.comments.filter((c) => c.parentSocialCommentId === null));
    const [a, b, c] = [received[10]!, received[20]!, received[30]!];
    const sameSocial = confirmed.find((reply) => reply.socialCommentId !== null)!;
    confirmed.push(
      // The same reply listed again, confirmed later: the last listed is its time, the earliest its key's.
      { ...sameSocial, at: sameSocial.at + 3_600_000 },
      { answers: `${a.platform}:${a.socialCommentId}`, platform: a.platform, socialCommentId: null, at: Date.parse(a.created) + 60_000 },
      { answers: `${b.platform}:${b.socialCommentId}`, platform: b.platform, socialCommentId: 'no-such-reply', at: Date.parse(b.created) - 60_000 },
      { answers: `${c.platform}:no-such-comment`, platform: c.platform, socialCommentId: 'another', at: Date.parse(c.created) },
      { answers: `${c.platform}:${c.socialCommentId}`, platform: c.platform, socialCommentId: 'broken', at: Number.NaN },
    );

    const { profileId, from, to } = dataset.request;
    const periods = reportPeriods(from, to, dataset.timeZone);
    const checked = expectSame(store, profileId, periods.current, periods.previous, confirmed, dataset.now);
    expect(checked.current.totals.received).toBeGreaterThan(500);
    expect(checked.current.answeredBySource['outbox-confirmed']).toBeGreaterThan(50);
    expect(checked.current.answeredBySource['seen-by-sync']).toBeGreaterThan(50);
    expect(checked.current.slowestUnanswered).toHaveLength(25);

    // Bounds inside a second (the created milliseconds decide there), and a report made earlier.
    const times = received.map((comment) => Date.parse(comment.created)).sort((x, y) => x - y);
    const start = times[Math.floor(times.length / 3)]! + 1;
    const end = times[Math.floor((2 * times.length) / 3)]! + 1;
    const middle = Math.floor((start + end) / 2);
    expectSame(store, profileId, { start: middle, end }, { start, end: middle }, confirmed, end + 86_400_000);
  });

  it('gives the per-item figures on hand-made threads: deep answers, a cycle, a parent of another client', () => {
    temp = seeded();
    const { store } = temp;
    const me = ownId('p-1', 'instagram');
    const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
    store.ingestComments('p-1', [
      comment({ socialCommentId: 'top', created: at(1) }),
      comment({ socialCommentId: 'follow', parentSocialCommentId: 'top', created: at(2) }),
      comment({ socialCommentId: 'deep', parentSocialCommentId: 'follow', authorId: me, created: at(30) }),
      comment({ socialCommentId: 'x', parentSocialCommentId: 'y', created: at(3) }),
      comment({ socialCommentId: 'y', parentSocialCommentId: 'x', created: at(4) }),
      comment({ socialCommentId: 'rx', parentSocialCommentId: 'x', authorId: me, created: at(40) }),
      comment({ socialCommentId: 'hidden', created: at(5), hidden: true }),
      comment({ socialCommentId: 'late', created: at(6) }),
      comment({ socialCommentId: 'r-late', parentSocialCommentId: 'late', authorId: me, created: at(600) }),
      // Answered from the phone at the very instant the outbox confirmed the app's reply: the outbox's counts.
      comment({ socialCommentId: 'tie', created: at(7) }),
      comment({ socialCommentId: 'r-tie', parentSocialCommentId: 'tie', authorId: me, created: at(10) }),
    ]);
    const confirmed: ConfirmedReply[] = [
      // Sent by the app from further down: answers the top, sits under the follow-up.
      { answers: 'instagram:top', platform: 'instagram', socialCommentId: 'deep', at: T0 + 31 * 60_000 },
      { answers: 'instagram:late', platform: 'instagram', socialCommentId: 'r-late', at: T0 + 20 * 60_000 },
      { answers: 'instagram:hidden', platform: 'instagram', socialCommentId: null, at: T0 + 9 * 60_000 },
      { answers: 'instagram:tie', platform: 'instagram', socialCommentId: null, at: T0 + 10 * 60_000 },
    ];
    const checked = expectSame(
      store,
      'p-1',
      { start: T0 + 60 * 60_000, end: T0 + 120 * 60_000 },
      { start: T0, end: T0 + 60 * 60_000 },
      confirmed,
      T0 + 86_400_000,
    );
    expect(checked.previous.totals).toEqual({ received: 7, answered: 6, unanswered: 0, hidden: 1, deleted: 0 });
    expect(checked.previous.answeredBySource).toEqual({ 'outbox-confirmed': 4, 'seen-by-sync': 2 });
  });
});
