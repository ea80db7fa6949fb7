// The scheduler of one profile against an in-memory service and store on a stepping clock: what it
// asks for, in which order, how often, within which share of the rate budget, and how it behaves
// when paused, offline, after the machine slept, and when something fails.
import { afterEach, describe, expect, it } from 'vitest';
import { NetworkError } from '../../../src/main/core/service/errors.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import { ProfileSync, type ProfileSyncOptions } from '../../../src/main/core/sync/profileSync.ts';
import type { Network } from '../../../src/shared/networks.ts';
import { commentRecord, FakeServiceClient, type FakePost } from './fakeServiceClient.ts';
import { MemoryStore } from './memoryStore.ts';
import { FakeConnectivity } from './fakeConnectivity.ts';
import { settle, SteppingClock } from '../../support/steppingClock.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const running: ProfileSync[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((s) => s.stop()));
});

function setup(options: { linked?: Network[]; sync?: ProfileSyncOptions; store?: MemoryStore; clock?: SteppingClock; client?: FakeServiceClient } = {}) {
  const clock = options.clock ?? new SteppingClock();
  const client = options.client ?? new FakeServiceClient(clock, { linked: options.linked ?? ['facebook', 'instagram'] });
  const store = options.store ?? new MemoryStore();
  const connectivity = new FakeConnectivity();
  const events: SyncEvent[] = [];
  const sync = new ProfileSync(
    { accountId: 'acc', profileId: 'profile-1', isPrimary: false },
    { client, store, clock, connectivity, listener: (e) => events.push(e) },
    options.sync,
  );
  running.push(sync);
  return { clock, client, store, connectivity, events, sync };
}

/** A service post on every given network, made `ageMs` ago, with `comments` comments on each. */
function servicePost(clock: SteppingClock, id: string, ageMs: number, networks: Network[], comments = 1): FakePost[] {
  const created = clock.now() - ageMs;
  return networks.map((platform) => ({
    servicePostId: id,
    platform,
    socialPostId: `${id}-${platform}`,
    created: new Date(created).toISOString(),
    comments: Array.from({ length: comments }, (_, i) => commentRecord(platform, created + (i + 1) * 1000)),
  }));
}

function outsidePost(clock: SteppingClock, id: string, ageMs: number, platform: Network, comments = 1): FakePost {
  const created = clock.now() - ageMs;
  return {
    servicePostId: null,
    platform,
    socialPostId: id,
    created: new Date(created).toISOString(),
    comments: Array.from({ length: comments }, (_, i) => commentRecord(platform, created + (i + 1) * 1000)),
  };
}

const commentPolls = (client: FakeServiceClient, from = 0) =>
  client
    .callsOf('getComments')
    .slice(from)
    .map((c) => c.detail);
const newComments = (events: SyncEvent[]) => events.filter((e) => e.type === 'new-comments');

describe('first sync', () => {
  it('reads the profile and its post lists, then every post once, newest first, into the store', async () => {
    const { clock, client, store, sync, events } = setup();
    client.posts = [
      ...servicePost(clock, 'S-old', 20 * DAY, ['facebook', 'instagram'], 3),
      ...servicePost(clock, 'S-new', 2 * HOUR, ['facebook', 'instagram'], 2),
      outsidePost(clock, 'ig-outside', 3 * DAY, 'instagram', 4),
    ];
    sync.start();
    await clock.runFor(10_000);
    expect(client.calls.slice(0, 4).map((c) => c.operation)).toEqual(['user', 'history', 'networkHistory', 'networkHistory']);
    // One request per service post (all its networks), one per outside post; newest first.
    expect(commentPolls(client)).toEqual(['S-new', 'ig-outside', 'S-old']);
    expect(store.comments.size).toBe(3 * 2 + 2 * 2 + 4);
    expect(store.posts.size).toBe(5);
    expect(store.post('facebook:S-old-facebook')?.servicePostId).toBe('S-old');
    expect(events.filter((e) => e.type === 'sync-progress').at(-1)).toMatchObject({ postsDone: 5, postsTotal: 5 });
    expect(newComments(events).every((e) => e.type === 'new-comments' && e.firstFetch)).toBe(true);
    // The profile's own identities, so the store can tell the account's comments from others'.
    expect(store.profileRecords.get('profile-1')?.networks.facebook).toEqual({ id: 'me-facebook', username: 'me_facebook' });
  });

  it('polling again with no news inserts nothing and raises no new-comments event', async () => {
    const { clock, client, store, sync, events } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook', 'instagram'], 5);
    sync.start();
    await clock.runFor(10_000);
    const stored = store.comments.size;
    const raised = newComments(events).length;
    await clock.runFor(5 * MINUTE);
    expect(commentPolls(client).length).toBeGreaterThan(5);
    expect(store.comments.size).toBe(stored);
    expect(newComments(events)).toHaveLength(raised);
  });

  it('a new comment raises one event for its post with its key, not marked as a first fetch', async () => {
    const { clock, client, sync, events } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook', 'instagram'], 1);
    sync.start();
    await clock.runFor(10_000);
    const fresh = commentRecord('instagram', clock.now());
    client.posts[1]!.comments.push({ ...fresh, replies: [commentRecord('instagram', clock.now() + 1)] });
    await clock.runFor(MINUTE);
    const event = newComments(events).at(-1);
    expect(event).toMatchObject({ type: 'new-comments', profileId: 'profile-1', postKey: 'instagram:S1-instagram', firstFetch: false });
    expect(event?.type === 'new-comments' && event.keys).toHaveLength(2);
    expect(event?.type === 'new-comments' && event.keys).toContain(`instagram:${fresh.commentId}`);
  });
});

describe('where the budget goes', () => {
  it('recent and busy posts are polled often, old quiet posts rarely', async () => {
    const { clock, client, sync } = setup();
    client.posts = [
      ...servicePost(clock, 'today', 3 * HOUR, ['facebook']),
      ...servicePost(clock, 'this-week', 4 * DAY, ['facebook']),
      ...servicePost(clock, 'old-quiet', 40 * DAY, ['facebook']),
      // Old, but someone commented a minute ago.
      { ...outsidePost(clock, 'old-busy', 40 * DAY, 'instagram', 0), comments: [commentRecord('instagram', clock.now() - MINUTE)] },
    ];
    sync.start();
    await clock.runFor(HOUR);
    const count = (id: string) => commentPolls(client).filter((d) => d === id).length;
    expect(count('today')).toBeGreaterThanOrEqual(100);
    expect(count('this-week')).toBeGreaterThanOrEqual(50);
    expect(count('old-busy')).toBeGreaterThan(count('old-quiet'));
    expect(count('old-quiet')).toBeLessThanOrEqual(2);
  });

  it('with far more work than budget: never over 90% of a window, never refused, and the budget used', async () => {
    const { clock, client, sync } = setup();
    // 400 posts of the last week: each wants a poll a minute, ten times what the budget allows.
    client.posts = Array.from({ length: 400 }, (_, i) => servicePost(clock, `S${i}`, (i + 1) * 20 * MINUTE, ['facebook'])).flat();
    sync.start();
    await clock.runFor(30 * MINUTE);
    expect(client.refusedByBudget).toBe(0);
    expect(client.maxWindowCount).toBeLessThanOrEqual(270);
    expect(client.calls.length).toBeGreaterThan(0.9 * 270 * 6);
    // Overloaded, every post still gets its turn: the newest no less often than the oldest.
    const count = (id: string) => commentPolls(client).filter((d) => d === id).length;
    expect(count('S0')).toBeGreaterThanOrEqual(count('S399'));
    expect(count('S399')).toBeGreaterThanOrEqual(2);
  });

  it('analytics: never before nextUpdate, at most 100 ids a request, newest posts first', async () => {
    const { clock, client, sync, store } = setup({ linked: ['facebook'] });
    client.posts = Array.from({ length: 250 }, (_, i) => servicePost(clock, `S${i}`, (i + 1) * 10 * MINUTE, ['facebook'])).flat();
    sync.start();
    await clock.runFor(2 * HOUR);
    const analytics = client.callsOf('analyticsBySocialIds');
    expect(client.earlyAnalytics).toBe(0);
    expect(analytics.every((c) => Number(c.detail.split(':')[1]) <= 100)).toBe(true);
    // The first round: 250 posts in 3 requests.
    expect(analytics.slice(0, 3).map((c) => c.detail)).toEqual(['facebook:100', 'facebook:100', 'facebook:50']);
    expect(store.latestAnalytics('facebook:S0-facebook')).not.toBeNull();
    // Old posts are asked at most hourly: far fewer ids over two hours than 250 × 12 refreshes.
    const ids = analytics.reduce((sum, c) => sum + Number(c.detail.split(':')[1]), 0);
    expect(ids).toBeLessThan(250 * 6);
  });

  it('"refresh now" of one post jumps the queue', async () => {
    const { clock, client, sync } = setup();
    client.posts = [
      ...servicePost(clock, 'old', 40 * DAY, ['facebook']),
      ...Array.from({ length: 30 }, (_, i) => servicePost(clock, `new${i}`, HOUR, ['facebook'])).flat(),
    ];
    sync.start();
    await clock.runFor(2 * MINUTE);
    const from = client.callsOf('getComments').length;
    const asked = clock.now();
    sync.refreshNow('facebook:old-facebook');
    await clock.runFor(2000);
    const next = client.callsOf('getComments')[from];
    expect(next?.detail).toBe('old');
    expect(next!.at - asked).toBeLessThanOrEqual(2000);
  });

  it('"refresh now" of the profile reads the lists again and polls every post', async () => {
    const { clock, client, sync } = setup();
    client.posts = [...servicePost(clock, 'old', 40 * DAY, ['facebook']), ...servicePost(clock, 'older', 60 * DAY, ['facebook'])];
    sync.start();
    await clock.runFor(MINUTE);
    const lists = client.callsOf('history').length;
    const from = client.callsOf('getComments').length;
    sync.refreshNow();
    await clock.runFor(5000);
    expect(client.callsOf('history').length).toBe(lists + 1);
    expect(commentPolls(client, from).sort()).toEqual(['old', 'older']);
  });
});

describe('paused, offline, asleep', () => {
  it('a paused profile sends nothing and holds no timer; resumed, it goes on', async () => {
    const { clock, client, sync } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook']);
    sync.start();
    await clock.runFor(MINUTE);
    sync.pause();
    await settle();
    const sent = client.calls.length;
    await clock.runFor(3 * HOUR);
    expect(client.calls.length).toBe(sent);
    expect(clock.sleeping).toBe(0);
    expect(sync.status().state).toBe('paused');
    sync.resume();
    await clock.runFor(MINUTE);
    expect(client.calls.length).toBeGreaterThan(sent);
  });

  it('offline: a request without an answer stops the sync, with no timer and no retries, until online again', async () => {
    const { clock, client, sync, connectivity, store } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook']);
    sync.start();
    await clock.runFor(MINUTE);
    client.failure = (call) => new NetworkError(call.operation, 'the service cannot be reached (ECONNREFUSED)', 'ECONNREFUSED');
    await clock.runFor(MINUTE);
    expect(connectivity.online).toBe(false);
    const sent = client.calls.length;
    await clock.runFor(2 * HOUR);
    expect(client.calls.length).toBe(sent);
    expect(clock.sleeping).toBe(0);
    expect(sync.status().state).toBe('offline');
    // Back: the comment made meanwhile arrives at the next poll.
    client.failure = undefined;
    client.posts[0]!.comments.push(commentRecord('facebook', clock.now()));
    connectivity.online = true;
    sync.nudge();
    await clock.runFor(5000);
    expect(store.comments.size).toBe(2);
  });

  it('after the machine slept for hours, it resumes at the steady pace instead of a catch-up burst', async () => {
    const { clock, client, sync } = setup();
    client.posts = Array.from({ length: 60 }, (_, i) => servicePost(clock, `S${i}`, (i + 1) * HOUR, ['facebook'])).flat();
    sync.start();
    await clock.runFor(10 * MINUTE);
    await clock.jump(8 * HOUR);
    const woke = clock.now();
    await clock.runFor(10_000);
    const burst = client.calls.filter((c) => c.at >= woke && c.at < woke + 10_000);
    expect(burst.length).toBeGreaterThan(0);
    expect(burst.length).toBeLessThanOrEqual(10);
  });

  it('after a restart, posts polled a moment ago are not polled again at once', async () => {
    const clock = new SteppingClock();
    const store = new MemoryStore();
    const first = setup({ clock, store });
    first.client.posts = Array.from({ length: 20 }, (_, i) => servicePost(clock, `S${i}`, (10 + i) * DAY, ['facebook'])).flat();
    first.sync.start();
    await clock.runFor(MINUTE);
    await first.sync.stop();
    const second = setup({ clock, store, client: first.client });
    const from = first.client.calls.length;
    second.sync.start();
    await clock.runFor(MINUTE);
    expect(first.client.calls.slice(from).filter((c) => c.operation === 'getComments')).toHaveLength(0);
    // Nor were the post lists read again: they were read a minute before the restart.
    expect(first.client.calls.slice(from).filter((c) => c.operation === 'history')).toHaveLength(0);
  });
});

describe('failures', () => {
  it('without the X key pair, twitter is left out and the post’s other networks are read by their social ids', async () => {
    const { clock, client, sync, store, events } = setup({ linked: ['facebook', 'twitter'] });
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook', 'twitter'], 2);
    const { MissingCredentialsError } = await import('../../../src/main/core/service/errors.ts');
    client.failure = (call) =>
      call.operation === 'networkHistory' && call.detail === 'twitter'
        ? new MissingCredentialsError('networkHistory', 'This request goes to X (Twitter), which needs the X key pair')
        : undefined;
    sync.start();
    await clock.runFor(10_000);
    expect(events.some((e) => e.type === 'sync-error' && e.error.kind === 'missing-credentials')).toBe(true);
    expect(store.comments.size).toBe(2);
    expect(client.callsOf('getComments').map((c) => c.detail)).toContain('S1-facebook');
    expect(client.callsOf('getComments').map((c) => c.detail)).not.toContain('S1');
  });

  it('a store that refuses a write is reported as a typed error; the sync goes on', async () => {
    const { clock, client, sync, store, events } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook']);
    store.failing.ingestComments = new Error('disk I/O error');
    sync.start();
    await clock.runFor(10_000);
    const error = events.find((e) => e.type === 'sync-error');
    expect(error).toMatchObject({ type: 'sync-error', error: { kind: 'store', operation: 'save comments' } });
    store.failing = {};
    await clock.runFor(2 * MINUTE);
    expect(store.comments.size).toBe(1);
  });

  it('a poll time the store refuses costs no comment: the comments of every network are kept and announced', async () => {
    const { clock, client, sync, store, events } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook', 'instagram'], 2);
    store.failing.markPolled = new Error('cannot store REAL value in INTEGER column');
    sync.start();
    await clock.runFor(10_000);
    expect(store.comments.size).toBe(4);
    expect(newComments(events).map((e) => e.type === 'new-comments' && e.postKey)).toEqual(['facebook:S1-facebook', 'instagram:S1-instagram']);
    expect(events.some((e) => e.type === 'sync-error' && e.error.kind === 'store' && e.error.operation === 'record the poll')).toBe(true);
  });

  it('hands the store whole milliseconds even when the clock has fractions', async () => {
    const clock = new SteppingClock(Date.UTC(2026, 4, 1, 12) + 0.25);
    const { client, sync, store } = setup({ clock });
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook']);
    sync.start();
    await clock.runFor(3 * MINUTE);
    expect([...store.polled.values()].every(Number.isInteger)).toBe(true);
    expect(store.snapshots.every((s) => Number.isInteger(s.fetchedAt))).toBe(true);
  });

  it('a post whose comments the service no longer finds has its numbers asked at once, and the 186 is kept', async () => {
    const { clock, client, sync, store } = setup({ linked: ['facebook'] });
    // Old: after its first figures, its numbers are asked again only hours later.
    client.posts = servicePost(clock, 'S1', 40 * DAY, ['facebook']);
    sync.start();
    await clock.runFor(2 * MINUTE);
    const key = 'facebook:S1-facebook';
    expect(store.latestAnalytics(key)).not.toBeNull();
    const asked = client.callsOf('analyticsBySocialIds').length;
    // Deleted on the network: its comments are 404, its numbers 186.
    const { HttpError } = await import('../../../src/main/core/service/errors.ts');
    client.missing.add('S1-facebook');
    client.failure = (call) =>
      call.operation === 'getComments'
        ? new HttpError({
            operation: 'getComments',
            status: 404,
            code: 114,
            serviceMessage: 'No post with this id',
            errors: [],
            hint: undefined,
            body: {},
            retryable: false,
            writeOutcome: 'not-applied',
          })
        : undefined;
    sync.refreshNow(key);
    await clock.runFor(10_000);
    expect(client.callsOf('analyticsBySocialIds').length).toBe(asked + 1);
    expect(store.analyticsNotFound(key)).not.toBeNull();
    // Once: the answer plans the next ask a day later.
    await clock.runFor(HOUR);
    expect(client.callsOf('analyticsBySocialIds').length).toBe(asked + 1);
  });

  it('a service error (5xx) retries the post later with backoff, not in a loop', async () => {
    const { clock, client, sync, events } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook']);
    const { HttpError } = await import('../../../src/main/core/service/errors.ts');
    client.failure = (call) =>
      call.operation === 'getComments'
        ? new HttpError({
            operation: 'getComments',
            status: 503,
            code: 150,
            serviceMessage: 'unavailable',
            errors: [],
            hint: undefined,
            body: {},
            retryable: true,
            writeOutcome: 'not-applied',
          })
        : undefined;
    sync.start();
    await clock.runFor(10 * MINUTE);
    const polls = client.callsOf('getComments').map((c) => c.at - clock.now() + 10 * MINUTE);
    // 30 s, 60 s, 120 s, 240 s apart: a handful of tries in ten minutes.
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(polls.length).toBeLessThanOrEqual(6);
    expect(events.filter((e) => e.type === 'sync-error').every((e) => e.type === 'sync-error' && e.error.kind === 'service' && e.error.status === 503)).toBe(
      true,
    );
  });
});

describe('posts changed outside the sync', () => {
  it('a post removed from the store (no longer tracked by hand) is never asked for again once the sync is told', async () => {
    const { clock, client, store, sync } = setup();
    client.posts = servicePost(clock, 'S1', HOUR, ['facebook', 'instagram'], 1);
    // In the store only, as "Track a post" keeps it: the service's lists do not name it.
    const created = new Date(clock.now() - 2 * HOUR).toISOString();
    store.upsertPosts([
      {
        profileId: 'profile-1',
        platform: 'instagram',
        socialPostId: 'guest-video',
        servicePostId: null,
        text: '',
        url: null,
        created,
        disableComments: false,
        trackedAt: created,
        raw: {},
      },
    ]);
    sync.start();
    await clock.runFor(2 * MINUTE);
    expect(commentPolls(client)).toContain('guest-video');

    expect(store.removeTrackedPost('instagram:guest-video')).toBe(true);
    sync.postsChanged();
    const from = client.calls.length;
    await clock.runFor(30 * MINUTE);
    const later = client.calls.slice(from);
    expect(later.filter((c) => c.operation === 'getComments').length).toBeGreaterThan(0);
    expect(later.filter((c) => c.detail === 'guest-video' || c.detail.includes('guest-video'))).toEqual([]);
  });
});
