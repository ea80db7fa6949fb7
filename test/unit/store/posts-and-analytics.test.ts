import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import type { AnalyticsSnapshotInput } from '../../../src/main/core/store/types.ts';
import { ACCOUNT, post, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function snapshot(fetchedAt: number, likes: number, overrides: Partial<AnalyticsSnapshotInput> = {}): AnalyticsSnapshotInput {
  return {
    profileId: 'p-1',
    platform: 'instagram',
    socialPostId: 'p1',
    fetchedAt,
    lastUpdated: new Date(fetchedAt - 60_000).toISOString(),
    nextUpdate: new Date(fetchedAt + 600_000).toISOString(),
    metrics: { likes, comments: 3, views: { total: likes * 10 } },
    ...overrides,
  };
}

describe('accounts, profiles, posts', () => {
  it('stores profiles without secrets and lists them per account', () => {
    temp = seeded([profile('p-1'), profile('p-2', ['tiktok'], { isPrimary: true, color: '#ff8800' })]);
    temp.store.upsertAccount({ ...ACCOUNT, accountId: 'acc-2' });
    temp.store.upsertProfile(profile('p-3', ['twitter'], { accountId: 'acc-2' }));
    expect(temp.store.profiles(ACCOUNT.accountId).map((p) => p.profileId)).toEqual(['p-1', 'p-2']);
    expect(temp.store.profiles().map((p) => p.profileId)).toEqual(['p-1', 'p-2', 'p-3']);
    expect(temp.store.profiles()[1]).toEqual(profile('p-2', ['tiktok'], { isPrimary: true, color: '#ff8800' }));
    expect(() => temp.store.upsertProfile(profile('p-4', [], { accountId: 'nobody' }))).toThrow(StoreInputError);
  });

  it('upserts posts idempotently, keeps a service id once known, and refuses bad ones alone', () => {
    temp = seeded();
    const result = temp.store.upsertPosts([
      post('p-1', 'instagram', 'p1'),
      post('nobody', 'instagram', 'p2'),
      post('p-1', 'instagram', 'p3', { created: 'never' }),
    ]);
    expect(result.rejected.map((r) => r.key)).toEqual(['instagram:p2', 'instagram:p3']);
    const watcher = new DatabaseSync(temp.file);
    const version = () => watcher.prepare('PRAGMA data_version').get();
    const before = version();
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    expect(version()).toEqual(before);
    watcher.close();
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1', { servicePostId: null, text: 'edited', disableComments: true })]);
    expect(temp.store.post('instagram:p1')).toMatchObject({ servicePostId: 'svc-p1', text: 'edited', disableComments: true, raw: { id: 'svc-p1' } });
    expect(temp.store.post('instagram:none')).toBeNull();
  });

  it('tells the scheduler each post with its poll time, comment count and when analytics are due', () => {
    temp = seeded();
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1'), post('p-1', 'facebook', 'f1')]);
    temp.store.markPolled('instagram:p1', T0);
    temp.store.recordAnalytics(snapshot(T0, 5));
    const states = temp.store.postsForSync('p-1');
    const p1 = states.find((s) => s.post.socialPostId === 'p1')!;
    expect(p1).toMatchObject({ lastPolledAt: T0, commentCount: 0, lastCommentAt: null, analyticsDueAt: T0 + 600_000 });
    expect(states.find((s) => s.post.socialPostId === 'f1')).toMatchObject({ lastPolledAt: null, analyticsDueAt: null });
    expect(temp.store.postsForSync('nobody')).toEqual([]);
  });

  it('keeps the sync’s bookkeeping per profile (typed, issue 21: no cursor by name)', () => {
    temp = seeded();
    expect(temp.store.accountAnalyticsDay('p-1')).toBeNull();
    temp.store.setAccountAnalyticsDay('p-1', '2026-11-20');
    temp.store.setAccountAnalyticsDay('p-1', '2026-11-21');
    expect(temp.store.accountAnalyticsDay('p-1')).toBe('2026-11-21');
  });
});

describe('analytics history', () => {
  it('stores a snapshot only when its numbers changed, whatever the key order', () => {
    temp = seeded();
    expect(temp.store.recordAnalytics(snapshot(T0, 5))).toBe('stored');
    expect(temp.store.recordAnalytics(snapshot(T0 + 600_000, 5, { metrics: { views: { total: 50 }, comments: 3, likes: 5 } }))).toBe('unchanged');
    expect(temp.store.recordAnalytics(snapshot(T0 + 1_200_000, 6, { backfilledFrom: '2026-11-01' }))).toBe('stored');
    const history = temp.store.analyticsHistory('instagram:p1');
    expect(history.map((s) => s.metrics.likes)).toEqual([5, 6]);
    expect(history[1]).toMatchObject({ backfilledFrom: '2026-11-01', profileId: 'p-1' });
    expect(temp.store.latestAnalytics('instagram:p1')!.metrics).toEqual({ likes: 6, comments: 3, views: { total: 60 } });
    // The unchanged answer still moved the due time on.
    expect(temp.store.postsForSync('p-1')).toEqual([]);
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    expect(temp.store.postsForSync('p-1')[0]!.analyticsDueAt).toBe(T0 + 1_200_000 + 600_000);
  });

  it('refuses snapshots it cannot keep, with a typed error', () => {
    temp = seeded();
    expect(() => temp.store.recordAnalytics(snapshot(T0, 1, { profileId: 'nobody' }))).toThrow(StoreInputError);
    expect(() => temp.store.recordAnalytics({ ...snapshot(T0, 1), fetchedAt: Number.NaN })).toThrow(StoreInputError);
    expect(() => temp.store.recordAnalytics(snapshot(T0, 1, { metrics: [] as never }))).toThrow(StoreInputError);
    expect(temp.store.latestAnalytics('instagram:p1')).toBeNull();
  });

  it('thins to every snapshot of the last week, one per hour to a month, one per day before', () => {
    temp = seeded();
    const now = T0;
    let likes = 0;
    const times: number[] = [];
    // Every 20 minutes for 40 days back: three per hour.
    for (let at = now - 40 * DAY; at <= now; at += 20 * 60_000) times.push(at);
    for (const at of times) temp.store.recordAnalytics(snapshot(at, (likes += 1)));
    const removed = temp.store.thinAnalytics(now);
    const kept = temp.store.analyticsHistory('instagram:p1').map((s) => s.fetchedAt);
    expect(removed + kept.length).toBe(times.length);
    const lastWeek = kept.filter((at) => at >= now - 7 * DAY);
    const month = kept.filter((at) => at < now - 7 * DAY && at >= now - 30 * DAY);
    const older = kept.filter((at) => at < now - 30 * DAY);
    expect(lastWeek).toEqual(times.filter((at) => at >= now - 7 * DAY));
    const hours = month.map((at) => Math.floor(at / HOUR));
    expect(new Set(hours).size).toBe(hours.length);
    expect(month.length).toBeGreaterThanOrEqual(23 * 24 - 1);
    const days = older.map((at) => Math.floor(at / DAY));
    expect(new Set(days).size).toBe(days.length);
    expect(older.length).toBeLessThanOrEqual(11);
    // The newest snapshot of each hour is the one kept.
    for (const at of month) {
      expect(times.some((t) => t > at && t < now - 7 * DAY && Math.floor(t / HOUR) === Math.floor(at / HOUR))).toBe(false);
    }
    expect(kept.every((at, i) => i === 0 || at > kept[i - 1]!)).toBe(true);
    expect(temp.store.thinAnalytics(now)).toBe(0);
    expect(temp.store.latestAnalytics('instagram:p1')!.fetchedAt).toBe(times.at(-1));
  });
});
