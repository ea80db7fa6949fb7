// "Since you last looked" outlives a restart: the store keeps, per post, the look before, with a
// copy of the snapshot seen (thinning may delete the stored one).
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import type { AnalyticsSnapshotInput } from '../../../src/main/core/store/types.ts';
import { post, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

const DAY = 86_400_000;

function snapshot(fetchedAt: number, likes: number): AnalyticsSnapshotInput {
  return {
    profileId: 'p-1',
    platform: 'instagram',
    socialPostId: 'p1',
    fetchedAt,
    lastUpdated: new Date(fetchedAt - 60_000).toISOString(),
    nextUpdate: new Date(fetchedAt + 600_000).toISOString(),
    metrics: { likeCount: likes, commentsCount: 3 },
  };
}

function withPost(): TempStore {
  const t = seeded([profile('p-1')]);
  t.store.upsertPosts([post('p-1', 'instagram', 'p1'), post('p-1', 'instagram', 'p2')]);
  return t;
}

describe('the last look at a post', () => {
  it('is null before the first look, and each look replaces the one before', () => {
    temp = withPost();
    expect(temp.store.lastSeen('instagram:p1')).toBeNull();
    temp.store.recordAnalytics(snapshot(T0, 5));
    const first = temp.store.latestAnalytics('instagram:p1');
    if (first === null) throw new Error('no snapshot');
    temp.store.markSeen('instagram:p1', { at: T0 + 1000, snapshot: first });
    expect(temp.store.lastSeen('instagram:p1')).toEqual({ at: T0 + 1000, snapshot: first });
    expect(temp.store.lastSeen('instagram:p2')).toBeNull();

    temp.store.recordAnalytics(snapshot(T0 + DAY, 9));
    const second = temp.store.latestAnalytics('instagram:p1');
    if (second === null) throw new Error('no snapshot');
    temp.store.markSeen('instagram:p1', { at: T0 + DAY + 1000, snapshot: second });
    expect(temp.store.lastSeen('instagram:p1')?.snapshot.metrics['likeCount']).toBe(9);
    expect(temp.store.lastSeen('instagram:p1')?.at).toBe(T0 + DAY + 1000);
  });

  it('survives reopening the file, and the thinning of the snapshot it copied', () => {
    temp = withPost();
    temp.store.recordAnalytics(snapshot(T0, 5));
    const seen = temp.store.latestAnalytics('instagram:p1');
    if (seen === null) throw new Error('no snapshot');
    temp.store.markSeen('instagram:p1', { at: T0, snapshot: seen });
    // Many snapshots in the same hour, two months later: thinning keeps one an hour, one a day.
    for (let i = 1; i <= 5; i++) temp.store.recordAnalytics(snapshot(T0 + i * 60_000, 5 + i));
    expect(temp.store.thinAnalytics(T0 + 60 * DAY)).toBeGreaterThan(0);
    expect(temp.store.analyticsHistory('instagram:p1').some((s) => s.id === seen.id)).toBe(false);
    temp.reopen();
    expect(temp.store.lastSeen('instagram:p1')).toEqual({ at: T0, snapshot: seen });
  });

  it('refuses a snapshot of another post and a look that is not one', () => {
    temp = withPost();
    temp.store.recordAnalytics(snapshot(T0, 5));
    const seen = temp.store.latestAnalytics('instagram:p1');
    if (seen === null) throw new Error('no snapshot');
    expect(() => temp.store.markSeen('instagram:p2', { at: T0, snapshot: seen })).toThrow(StoreInputError);
    expect(() => temp.store.markSeen('instagram:p1', { at: Number.NaN, snapshot: seen })).toThrow(StoreInputError);
    expect(temp.store.lastSeen('instagram:p2')).toBeNull();
  });

  it('reads a damaged row as "never looked", and is not a sync cursor', () => {
    temp = withPost();
    const db = new DatabaseSync(temp.file);
    db.prepare('INSERT INTO seen_posts (post_key, seen) VALUES (?, ?)').run('instagram:p1', '{"at": "yesterday"');
    db.close();
    expect(temp.store.lastSeen('instagram:p1')).toBeNull();
    temp.store.recordAnalytics(snapshot(T0, 5));
    const seen = temp.store.latestAnalytics('instagram:p1');
    if (seen === null) throw new Error('no snapshot');
    temp.store.markSeen('instagram:p1', { at: T0, snapshot: seen });
    expect(temp.store.lastSeen('instagram:p1')?.snapshot.id).toBe(seen.id);
    const check = new DatabaseSync(temp.file, { readOnly: true });
    expect(check.prepare('SELECT count(*) AS n FROM sync_cursors').get()).toEqual({ n: 0 });
    check.close();
  });
});
