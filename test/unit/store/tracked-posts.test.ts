// Posts tracked by hand (migration 4): kept with `trackedAt`, never un-marked by the sync's lists,
// removable with everything only they had; and a version 3 file migrates with its data.
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, userVersion } from '../../../src/main/core/store/migrate.ts';
import { MIGRATIONS, SCHEMA_VERSION } from '../../../src/main/core/store/migrations.ts';
import { openStore } from '../../../src/main/core/store/sqliteStore.ts';
import { comment, FakeClock, post, profile, seeded, T0, tempDir, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
let dir: string | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

const TRACKED_AT = '2026-11-20T11:00:00.000Z';
const guest = () =>
  post('p-1', 'youtube', 'Oxzc9eRHtgz', {
    servicePostId: null,
    text: '',
    url: 'https://www.youtube.com/watch?v=Oxzc9eRHtgz',
    created: TRACKED_AT,
    trackedAt: TRACKED_AT,
  });

describe('posts tracked by hand', () => {
  it('keeps the mark through a read, and a sync list that names the post does not clear it', () => {
    temp = seeded([profile('p-1', ['youtube', 'instagram'])]);
    const { store } = temp;
    expect(store.upsertPosts([guest()]).rejected).toEqual([]);
    expect(store.post('youtube:Oxzc9eRHtgz')).toMatchObject({ trackedAt: TRACKED_AT, text: '' });
    expect(store.postsForSync('p-1').map((s) => s.post.trackedAt)).toEqual([TRACKED_AT]);

    // The network's list names it later, with its text: the text comes, the mark stays.
    store.upsertPosts([{ ...guest(), trackedAt: undefined, text: 'Guest class', created: '2026-11-01T08:00:00.000Z' }]);
    expect(store.post('youtube:Oxzc9eRHtgz')).toMatchObject({ trackedAt: TRACKED_AT, text: 'Guest class' });

    // A discovered post has no mark at all.
    store.upsertPosts([post('p-1', 'instagram', 'ig1')]);
    expect(store.post('instagram:ig1')).not.toHaveProperty('trackedAt');
  });

  it('removes a tracked post with its numbers, poll state and comments (inbox and counts follow); refuses a discovered one', () => {
    temp = seeded([profile('p-1', ['youtube', 'instagram'])]);
    const { store } = temp;
    store.upsertPosts([guest(), post('p-1', 'instagram', 'ig1')]);
    store.recordAnalytics({
      profileId: 'p-1',
      platform: 'youtube',
      socialPostId: 'Oxzc9eRHtgz',
      fetchedAt: T0,
      lastUpdated: TRACKED_AT,
      nextUpdate: '2026-11-20T11:10:00.000Z',
      metrics: { views: 0 },
    });
    store.ingestComments('p-1', [
      comment({ platform: 'youtube', socialPostId: 'Oxzc9eRHtgz', socialCommentId: 'yc1', text: 'Loved this class' }),
      comment({ platform: 'instagram', socialPostId: 'ig1', socialCommentId: 'ic1' }),
    ]);
    store.markPolled('youtube:Oxzc9eRHtgz', T0);
    const seen = store.latestAnalytics('youtube:Oxzc9eRHtgz')!;
    store.markSeen('youtube:Oxzc9eRHtgz', { at: T0, snapshot: seen });
    expect(store.lastSeen('youtube:Oxzc9eRHtgz')).not.toBeNull();
    expect(store.counts()['p-1']?.all).toBe(2);

    expect(store.removeTrackedPost('instagram:ig1')).toBe(false);
    expect(store.removeTrackedPost('youtube:nope')).toBe(false);
    expect(store.removeTrackedPost('youtube:Oxzc9eRHtgz')).toBe(true);
    expect(store.removeTrackedPost('youtube:Oxzc9eRHtgz')).toBe(false);

    expect(store.post('youtube:Oxzc9eRHtgz')).toBeNull();
    expect(store.latestAnalytics('youtube:Oxzc9eRHtgz')).toBeNull();
    // Its last look too: tracked again later, it starts afresh.
    expect(store.lastSeen('youtube:Oxzc9eRHtgz')).toBeNull();
    expect(store.inboxPage({ text: 'Loved' }).rows).toEqual([]);
    expect(store.inboxPage({}).rows.map((r) => r.key)).toEqual(['instagram:ic1']);
    expect(store.counts()['p-1']?.all).toBe(1);
    expect(store.postsForSync('p-1').map((s) => s.post.socialPostId)).toEqual(['ig1']);
    // Tracked again later, it starts afresh (no old poll state).
    store.upsertPosts([guest()]);
    expect(store.postsForSync('p-1').find((s) => s.post.platform === 'youtube')).toMatchObject({ lastPolledAt: null, analyticsDueAt: null, commentCount: 0 });
  });
});

describe('migration 4 (posts tracked by hand)', () => {
  it('migrates a version 3 file with its posts, snapshots and comments: none of them is marked as tracked', () => {
    dir = tempDir();
    const file = join(dir, 'inbox.sqlite');
    const db = new DatabaseSync(file);
    migrate(db, MIGRATIONS.slice(0, 3));
    db.exec(`
      INSERT INTO accounts VALUES ('acc', 'Studio', 'http://127.0.0.1:4010/api', 'sandbox');
      INSERT INTO profiles (id, profile_id, account_id, title, is_primary, networks, color)
        VALUES (1, 'p-1', 'acc', 'Client', 0, '{"twitter":{"id":"me","username":"me"}}', NULL);
      INSERT INTO posts (profile_id, platform, social_post_id, service_post_id, text, url, created, disable_comments, raw)
        VALUES (1, 'twitter', 't1', NULL, 'A short thread 🧵 1/3', NULL, '2026-11-18T08:00:00.000Z', 0, '{}');
      INSERT INTO analytics_snapshots (post_key, profile_id, platform, social_post_id, fetched_at, last_updated, next_update, metrics)
        VALUES ('twitter:t1', 1, 'twitter', 't1', ${T0}, '2026-11-20T11:00:00.000Z', '2026-11-20T11:10:00.000Z', '{"publicMetrics":{"likeCount":4}}');
      INSERT INTO poll_state (post_key, comment_count, analytics_due_at) VALUES ('twitter:t1', 0, ${T0 + 600_000});
    `);
    expect(userVersion(db)).toBe(3);
    db.close();

    const { store, migrated, recovered } = openStore(file, { clock: new FakeClock() });
    expect(recovered).toBeNull();
    expect(migrated).toEqual({ from: 3, to: SCHEMA_VERSION });
    const [state] = store.postsForSync('p-1');
    expect(state?.post).toMatchObject({ socialPostId: 't1', text: 'A short thread 🧵 1/3' });
    expect(state?.post).not.toHaveProperty('trackedAt');
    expect(state?.analyticsDueAt).toBe(T0 + 600_000);
    expect(store.latestAnalytics('twitter:t1')?.metrics).toEqual({ publicMetrics: { likeCount: 4 } });
    // A discovered post of the old file cannot be removed as if tracked.
    expect(store.removeTrackedPost('twitter:t1')).toBe(false);
    store.close();
  });
});
