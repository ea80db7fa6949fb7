// The store fed with real answers of the sandbox over HTTP, through the service client: the same
// answer twice changes nothing, triage survives a re-sync, an outside comment arrives once and is
// searchable, and the account's own replies (by its identity from GET /user) clear "needs reply".
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../src/main/core/service/serviceClient.ts';
import { openStore, type SqliteStore } from '../../../src/main/core/store/sqliteStore.ts';
import type { CommentInput } from '../../../src/main/core/store/types.ts';
import { ACCOUNT, openFixture, type SandboxFixture, type WorldPost } from '../service/harness.ts';
import { tempDir } from '../../unit/store/storeFixtures.ts';
import { commentRows, profileFromUser } from './sandboxRecords.ts';

let fixture: SandboxFixture;
let client: ServiceClient;
let store: SqliteStore;
let dir: string;
let profileId: string;
let posts: WorldPost[];

async function fetchRows(post: WorldPost): Promise<CommentInput[]> {
  const answer = await client.getComments(fixture.target(post.profileRefId), { by: 'socialPost', id: post.socialId, platform: post.platform });
  return commentRows(answer, post.platform, post.socialId);
}

beforeAll(async () => {
  fixture = await openFixture({ rateLimit: 100_000 });
  client = fixture.client();
  const clientProfile = fixture.world.profiles.find((p) => p.profileKey !== null)!;
  profileId = clientProfile.refId;
  posts = fixture.world.posts
    .filter((p) => p.profileRefId === profileId && p.owned && p.commentCount >= 3 && !p.flags.includes('commentsDisabled'))
    .sort((a, b) => b.commentCount - a.commentCount)
    .slice(0, 4);
  dir = tempDir();
  store = openStore(join(dir, 'inbox.sqlite')).store;
  store.upsertAccount({ accountId: ACCOUNT, title: 'Sandbox', baseUrl: fixture.sandbox.url, kind: 'sandbox' });
  store.upsertProfile(profileFromUser(ACCOUNT, await client.user(fixture.target(profileId))));
});

afterAll(async () => {
  store?.close();
  await client?.close();
  await fixture?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('the store fed by the sandbox', () => {
  it('stores every comment of real answers once, and the same answers again change nothing', async () => {
    expect(posts.length).toBeGreaterThanOrEqual(2);
    let total = 0;
    for (const post of posts) {
      const rows = await fetchRows(post);
      total += rows.length;
      expect(store.ingestComments(profileId, rows)).toMatchObject({ inserted: expect.any(Array), updated: 0, rejected: [] });
    }
    expect(store.counts()[profileId]!.all).toBe(total);
    for (const post of posts) {
      const rows = await fetchRows(post);
      expect(store.ingestComments(profileId, rows)).toEqual({ inserted: [], updated: 0, unchanged: rows.length, rejected: [] });
    }
    expect(store.counts()[profileId]!.all).toBe(total);
  });

  it("knows the account's own replies by its identity, and their parents need no reply", () => {
    const rows: { byAccount: boolean; parentSocialCommentId: string | null; platform: string; key: string }[] = [];
    for (let page = store.inboxPage({ profileIds: [profileId] }, null, 500); ; page = store.inboxPage({ profileIds: [profileId] }, page.next, 500)) {
      rows.push(...page.rows);
      if (!page.next) break;
    }
    const mine = rows.filter((r) => r.byAccount);
    expect(mine.length).toBeGreaterThan(0);
    const answered = new Set(mine.map((r) => `${r.platform}:${r.parentSocialCommentId}`));
    const needsReply = new Set(store.inboxPage({ profileIds: [profileId], view: 'needsReply' }, null, 500).rows.map((r) => r.key));
    const answeredHere = [...answered].filter((key) => rows.some((r) => r.key === key));
    expect(answeredHere.length).toBeGreaterThan(0);
    for (const key of answeredHere) {
      expect(needsReply.has(key)).toBe(false);
      expect(store.thread(key)!.comment.replied).toBe(true);
    }
  });

  it('keeps triage through a re-sync, and an outside comment arrives once, unread and searchable', async () => {
    const post = posts[0]!;
    const first = store
      .inboxPage({ profileIds: [profileId], platforms: [post.platform] })
      .rows.slice(0, 3)
      .map((r) => r.key);
    store.setTriage(first, { done: true, unread: false, labels: ['handled'] });

    await fixture.control('POST', '/comments', {
      platform: post.platform,
      socialPostId: post.socialId,
      comment: 'Is this available in emerald green?',
      profileRefId: profileId,
    });
    const rows = await fetchRows(post);
    const result = store.ingestComments(profileId, rows);
    expect(result.inserted).toHaveLength(1);
    expect(result.updated).toBe(0);

    const found = store.inboxPage({ text: 'emerald', profileIds: [profileId] }).rows;
    expect(found.map((r) => r.key)).toEqual(result.inserted);
    expect(found[0]).toMatchObject({ unread: true, done: false, byAccount: false });
    expect(store.inboxPage({ view: 'needsReply', text: 'emerald green' }).rows).toHaveLength(1);
    for (const key of first) expect(store.thread(key)!.comment).toMatchObject({ done: true, unread: false, labels: ['handled'] });
  });
});
