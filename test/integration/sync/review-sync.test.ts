// Reviews stored and synced (issue 31, item 4): the review job (src/main/core/sync/reviewSync.ts)
// reads every client's Google and Facebook reviews from a started sandbox through the real client,
// stores them as inbox items of kind 'review' in a real store file (store/reviewTable.ts,
// migration 14), and tells what is new as one `new-items` event. Checked: the rows as the inbox
// reads them (stars, words or none, reviewer, network, the business's reply), the kind filter,
// search offline, triage through the one item state, a new one-star review as news after the
// backlog, a second read writing nothing, and a restart not bringing the backlog again.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviewKind } from '../../../src/main/core/kinds/reviewKind.ts';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { openStore, type SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import type { SyncEvent } from '../../../src/main/core/sync/events.ts';
import { ReviewSync } from '../../../src/main/core/sync/reviewSync.ts';
import { ACCOUNT, openFixture, type SandboxFixture } from '../service/harness.ts';

const START_MS = Date.parse('2026-05-20T12:00:00.000Z');
let nowMs = START_MS;
const clock = { now: () => nowMs, sleep: () => new Promise<void>(() => {}) };
let fixture: SandboxFixture;
let client: ServiceClient;
let dir: string;
let store: SqliteStore;
const events: SyncEvent[] = [];

function newSync(): ReviewSync {
  const sync = new ReviewSync({ accountId: ACCOUNT, client, store, clock, listener: (event) => events.push(event), paused: () => false });
  for (const profile of fixture.world.profiles) sync.addProfile({ profileId: profile.refId, isPrimary: profile.profileKey === null });
  return sync;
}

function profile(title: string) {
  const found = fixture.world.profiles.find((p) => p.title === title);
  if (!found) throw new Error(`no profile ${title}`);
  return found;
}

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 1_000_000, now: () => new Date(nowMs) });
  client = fixture.client({ clock });
  dir = mkdtempSync(join(tmpdir(), 'reviews-'));
  store = openStore(join(dir, 'inbox.sqlite'), { clock }).store;
  store.upsertAccount({ accountId: ACCOUNT, title: 'Sandbox', baseUrl: fixture.sandbox.url, kind: 'sandbox' });
  for (const p of fixture.world.profiles) {
    store.upsertProfile({ accountId: ACCOUNT, profileId: p.refId, title: p.title, isPrimary: p.profileKey === null, networks: {}, color: null });
  }
});
afterAll(async () => {
  store.close();
  await client.close();
  await fixture.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('reviews in the store', () => {
  it('the first read stores every client’s reviews as inbox items of kind review, with stars, words, reviewer, network and reply; the backlog is no news', async () => {
    await newSync().readDue();
    const listed = (await fixture.control('GET', '/reviews')) as {
      profileRefId: string;
      platform: string;
      id: string;
      stars: number | null;
      hasText: boolean;
      answered: boolean;
    }[];
    const page = store.inboxPage({ kind: 'review' }, null, 500);
    expect(page.rows).toHaveLength(listed.length);
    expect(new Set(page.rows.map((row) => row.kind))).toEqual(new Set(['review']));
    for (const sandboxReview of listed) {
      const row = page.rows.find((r) => r.key === `review:${sandboxReview.platform}:${sandboxReview.id}`);
      expect(row, sandboxReview.id).toBeDefined();
      expect(row!.profileId).toBe(sandboxReview.profileRefId);
      expect(row!.platform).toBe(sandboxReview.platform);
      expect(row!.review?.stars).toBe(sandboxReview.stars);
      expect(row!.review?.reply !== null).toBe(sandboxReview.answered);
      expect(row!.replied).toBe(sandboxReview.answered);
      expect(row!.text !== '').toBe(sandboxReview.hasText);
    }
    // Facebook's are recommendations, without stars; some reviews are ratings without words.
    expect(page.rows.some((row) => row.platform === 'facebook' && row.review?.stars === null && row.review.recommends !== null)).toBe(true);
    expect(page.rows.some((row) => row.text === '')).toBe(true);
    // Needs reply: the unanswered ones only.
    expect(store.inboxPage({ kind: 'review', view: 'needsReply' }, null, 500).rows.length).toBe(listed.filter((r) => !r.answered).length);
    // Comments are not among them, and they are not among comments.
    expect(store.inboxPage({ kind: 'comment' }, null, 500).rows.some((row) => row.kind === 'review')).toBe(false);
    const news = events.filter((event) => event.type === 'new-items');
    expect(news.length).toBeGreaterThan(0);
    expect(news.every((event) => event.type === 'new-items' && event.kind === 'review' && event.firstFetch)).toBe(true);
  });

  it('a review is found offline by its words and its reviewer’s name, and triaged through the one item state', () => {
    const any = store.inboxPage({ kind: 'review' }, null, 500).rows.find((row) => row.text.split(' ').length > 3)!;
    const word = any.text.split(/\s+/).find((w) => /^[A-Za-z]{5,}$/.test(w))!;
    const found = store.inboxPage({ text: word }, null, 500).rows;
    expect(found.map((row) => row.key)).toContain(any.key);
    const byName = store.inboxPage({ text: any.authorName.split(' ')[0]!, kind: 'review' }, null, 500).rows;
    expect(byName.map((row) => row.key)).toContain(any.key);
    const before = store.counts({ kind: 'review' })[any.profileId]!;
    store.setTriage([any.key], { done: true });
    expect(store.inboxPage({ kind: 'review', view: 'done' }, null, 500).rows.map((row) => row.key)).toContain(any.key);
    expect(store.counts({ kind: 'review' })[any.profileId]!.done).toBe(before.done + 1);
    const snoozed = store.setTriage([any.key], { done: false, snoozedUntil: nowMs + 3_600_000 });
    expect(snoozed.length).toBeGreaterThan(0);
    expect(store.inboxPage({ kind: 'review', view: 'snoozed' }, null, 500).rows.map((row) => row.key)).toContain(any.key);
  });

  it('a new one-star review is news, a notification’s news by the kind; a second read writes nothing; a restart does not bring the backlog again', async () => {
    const bakery = profile('Bloom Bakery');
    const sync = newSync();
    // The service's cache: the next read is due after nextUpdate (10 minutes).
    nowMs += 11 * 60_000;
    await fixture.control('POST', '/reviews', { profileRefId: bakery.refId, platform: 'gmb', rating: 1, review: 'Stale bread and a long queue.' });
    await fixture.control('POST', '/reviews', { profileRefId: bakery.refId, platform: 'gmb', rating: 5, review: 'Lovely sourdough.' });
    events.length = 0;
    await sync.readDue();
    const news = events.filter((event) => event.type === 'new-items');
    expect(news).toHaveLength(1);
    const [event] = news;
    if (event?.type !== 'new-items') throw new Error('no news');
    expect(event).toMatchObject({ kind: 'review', profileId: bakery.refId, platform: 'gmb', firstFetch: false });
    expect(event.keys).toHaveLength(2);
    const rows = event.keys.map((key) => store.review(key)!.row);
    expect(rows.map((row) => [row.review?.stars, row.text, row.unread])).toEqual(
      expect.arrayContaining([
        [1, 'Stale bread and a long queue.', true],
        [5, 'Lovely sourdough.', true],
      ]),
    );
    // Only the low one is news to a notification.
    expect(event.keys.filter((key) => reviewKind.news.isNews(store, key)).map((key) => store.review(key)!.row.review?.stars)).toEqual([1]);

    nowMs += 11 * 60_000;
    events.length = 0;
    const before = store.inboxPage({ kind: 'review' }, null, 500).rows.length;
    await sync.readDue();
    expect(events.filter((e) => e.type === 'new-items')).toEqual([]);
    expect(store.inboxPage({ kind: 'review' }, null, 500).rows.length).toBe(before);

    // A new job (the app started again) knows the store's reviews: nothing of them is news.
    nowMs += 11 * 60_000;
    await newSync().readDue();
    expect(events.filter((e) => e.type === 'new-items')).toEqual([]);
  });

  it('an answer given elsewhere reaches the row at the next read: replied, out of Needs reply', async () => {
    const bakery = profile('Bloom Bakery');
    const open = store
      .inboxPage({ kind: 'review', view: 'needsReply', profileIds: [bakery.refId], platforms: undefined }, null, 500)
      .rows.find((row) => row.platform === 'gmb')!;
    await client.replyToReview(fixture.target(bakery.refId), { platform: 'gmb', reviewId: open.review!.reviewId, reply: 'Thank you for telling us.' });
    nowMs += 11 * 60_000;
    await newSync().readDue();
    const after = store.review(open.key)!;
    expect(after.row.replied).toBe(true);
    expect(after.row.review?.reply?.text).toBe('Thank you for telling us.');
    expect(store.inboxPage({ kind: 'review', view: 'needsReply' }, null, 500).rows.map((row) => row.key)).not.toContain(open.key);
  });
});
