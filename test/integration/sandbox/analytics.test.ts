// POST /analytics/post: by social post id (service-api.md, "analytics by Social Post ID") and by
// service post id (public-facts.md), the per-network analytics fields, the refresh schedule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileOf, type SandboxClient, type World } from './harness.ts';

type Post = World['posts'][number];

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const SOCIAL_ID_NETWORKS = ['facebook', 'instagram', 'linkedin', 'threads', 'tiktok', 'twitter', 'youtube'] as const;

const clockMs = Date.now();
const now = () => new Date(clockMs);
let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ now, rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

/** The Profile-Key to send for a post's profile (none for the primary profile). */
function keyOf(w: World, post: Post): string | undefined {
  return profileOf(w, post.profileRefId).profileKey ?? undefined;
}

function plainPost(w: World, platform: string, extra: (p: Post) => boolean = () => true): Post {
  const post = w.posts.find((p) => p.platform === platform && p.owned && p.flags.length === 0 && !p.threadOf && extra(p));
  if (!post) throw new Error(`the seeded world has no plain ${platform} post`);
  return post;
}

function bySocial(post: Post, body: Record<string, unknown> = {}) {
  return client.api('POST', '/analytics/post', {
    body: { id: post.socialId, platforms: [post.platform], searchPlatformId: true, ...body },
    profileKey: keyOf(world, post),
    x: post.platform === 'twitter',
  });
}

function keys(value: unknown): string[] {
  return Object.keys(value as object).sort();
}

function sorted(list: readonly string[]): string[] {
  return [...list].sort();
}

/** Every number in an object tree, by dotted path. */
function numbers(value: unknown, prefix = ''): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof value === 'number') out.set(prefix, value);
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const [p, n] of numbers(v, prefix ? `${prefix}.${k}` : k)) out.set(p, n);
  }
  return out;
}

describe('POST /analytics/post by social post id: exactly one of `id` and `postIds`', () => {
  it('a single `id` is accepted: 200, one entry for it under the platform', async () => {
    const post = plainPost(world, 'instagram');
    const reply = await bySocial(post);
    expect(reply.status).toBe(200);
    expect(reply.json.instagram).toHaveLength(1);
    expect(reply.json.instagram[0].id).toBe(post.socialId);
  });

  it('`postIds` with several ids is accepted: one entry per id, in the order asked', async () => {
    const posts = world.posts
      .filter((p) => p.platform === 'instagram' && p.profileRefId === world.posts.find((q) => q.platform === 'instagram')!.profileRefId)
      .slice(0, 3);
    expect(posts.length).toBe(3);
    const reply = await client.api('POST', '/analytics/post', {
      body: { postIds: posts.map((p) => p.socialId), platforms: ['instagram'], searchPlatformId: true },
      profileKey: keyOf(world, posts[0]!),
    });
    expect(reply.status).toBe(200);
    expect(reply.json.instagram.map((e: { id: string }) => e.id)).toEqual(posts.map((p) => p.socialId));
  });

  it('both `id` and `postIds` is 400', async () => {
    const post = plainPost(world, 'instagram');
    const reply = await bySocial(post, { postIds: [post.socialId] });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 105 });
  });

  it('neither `id` nor `postIds` is 400', async () => {
    const reply = await client.api('POST', '/analytics/post', { body: { platforms: ['instagram'], searchPlatformId: true } });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 104 });
  });

  it('"postIds: at most 100": 101 ids is 400 with code 107', async () => {
    const ids = Array.from({ length: 101 }, (_, i) => String(90_000_000_000_000_000n + BigInt(i)));
    const reply = await client.api('POST', '/analytics/post', { body: { postIds: ids, platforms: ['instagram'], searchPlatformId: true } });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 107 });
  });

  it('exactly 100 postIds are accepted (known ones answered, the unknown rest as 186 errors)', async () => {
    const profile = world.profiles[0]!;
    const known = world.posts.filter((p) => p.profileRefId === profile.refId && p.platform === 'instagram').map((p) => p.socialId);
    expect(known.length).toBeGreaterThan(0);
    const unknown = Array.from({ length: 100 - known.length }, (_, i) => String(90_000_000_000_000_000n + BigInt(i)));
    const ids = [...known, ...unknown];
    expect(new Set(ids).size).toBe(100);
    const reply = await client.api('POST', '/analytics/post', { body: { postIds: ids, platforms: ['instagram'], searchPlatformId: true } });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('partial');
    expect(reply.json.instagram.map((e: { id: string }) => e.id).sort()).toEqual([...known].sort());
    expect(reply.json.errors).toHaveLength(unknown.length);
    expect(reply.json.errors.every((e: { code: number }) => e.code === 186)).toBe(true);
  });
});

describe('`platforms`: exactly one value from facebook, instagram, linkedin, threads, tiktok, twitter, youtube', () => {
  for (const platform of SOCIAL_ID_NETWORKS) {
    it(`${platform} is accepted`, async () => {
      const post = plainPost(world, platform);
      const reply = await bySocial(post);
      expect(reply.status).toBe(200);
      expect(reply.json[platform][0].id).toBe(post.socialId);
    });
  }

  it('bluesky is 400 (analytics by social post id does not take it), even for a real bluesky post', async () => {
    const post = plainPost(world, 'bluesky');
    const reply = await bySocial(post);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 106 });
  });

  it('two networks is 400', async () => {
    const post = plainPost(world, 'instagram');
    const reply = await bySocial(post, { platforms: ['instagram', 'facebook'] });
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 105 });
  });

  it('no `platforms` is 400, and an unknown network is 400', async () => {
    const post = plainPost(world, 'instagram');
    const missing = await client.api('POST', '/analytics/post', {
      body: { id: post.socialId, searchPlatformId: true },
      profileKey: keyOf(world, post),
    });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ status: 'error', code: 104 });
    const unknown = await bySocial(post, { platforms: ['myspace'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ status: 'error', code: 106 });
  });
});

describe('`searchPlatformId` must be true for social post ids', () => {
  it('`postIds` without searchPlatformId is 400, and with searchPlatformId false too', async () => {
    const post = plainPost(world, 'instagram');
    for (const flag of [undefined, false]) {
      const reply = await client.api('POST', '/analytics/post', {
        body: { postIds: [post.socialId], platforms: ['instagram'], ...(flag === undefined ? {} : { searchPlatformId: flag }) },
        profileKey: keyOf(world, post),
      });
      expect(reply.status).toBe(400);
      expect(reply.json.status).toBe('error');
    }
  });

  it('a social post `id` without searchPlatformId is read as a service post id: unknown, 404 code 114', async () => {
    const post = plainPost(world, 'instagram');
    const reply = await client.api('POST', '/analytics/post', {
      body: { id: post.socialId, platforms: ['instagram'] },
      profileKey: keyOf(world, post),
    });
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ status: 'error', code: 114 });
  });
});

describe('analytics result: {status: success, code: 200, <platform>: [{id, postUrl, analytics, lastUpdated, nextUpdate}]}', () => {
  it('top level has exactly status, code and the one platform; each entry exactly the five fields', async () => {
    const post = plainPost(world, 'linkedin');
    const reply = await bySocial(post);
    expect(reply.status).toBe(200);
    expect(keys(reply.json)).toEqual(['code', 'linkedin', 'status']);
    expect(reply.json.status).toBe('success');
    expect(reply.json.code).toBe(200);
    expect(Array.isArray(reply.json.linkedin)).toBe(true);
    const [entry] = reply.json.linkedin;
    expect(keys(entry)).toEqual(['analytics', 'id', 'lastUpdated', 'nextUpdate', 'postUrl']);
    expect(entry.id).toBe(post.socialId);
    expect(new URL(entry.postUrl).protocol).toBe('https:');
  });

  it('lastUpdated and nextUpdate are ISO 8601 UTC with milliseconds, lastUpdated ≤ now < nextUpdate', async () => {
    for (const platform of SOCIAL_ID_NETWORKS) {
      const reply = await bySocial(plainPost(world, platform));
      const [entry] = reply.json[platform];
      expect(entry.lastUpdated).toMatch(ISO_MS);
      expect(entry.nextUpdate).toMatch(ISO_MS);
      expect(Date.parse(entry.lastUpdated)).toBeLessThanOrEqual(clockMs);
      expect(Date.parse(entry.nextUpdate)).toBeGreaterThan(clockMs);
    }
  });
});

describe('analytics fields per network, named as public-facts.md lists them', () => {
  async function analyticsOf(platform: string): Promise<Record<string, unknown>> {
    const reply = await bySocial(plainPost(world, platform));
    expect(reply.status).toBe(200);
    return reply.json[platform][0].analytics;
  }

  function expectTypes(analytics: Record<string, unknown>, strings: string[], arrays: string[] = []): void {
    for (const [name, value] of Object.entries(analytics)) {
      if (strings.includes(name)) expect(typeof value, name).toBe('string');
      else if (arrays.includes(name)) expect(Array.isArray(value), name).toBe(true);
      else if (typeof value !== 'object') expect(typeof value, name).toBe('number');
    }
  }

  it('facebook: commentsCount, likeCount, reactions{like,love,haha,wow,sorry,anger,total}, reactionsByType, sharesCount, videoViews, videoViewsUnique, videoViewTime', async () => {
    const a = await analyticsOf('facebook');
    expect(keys(a)).toEqual(
      sorted(['commentsCount', 'likeCount', 'reactions', 'reactionsByType', 'sharesCount', 'videoViews', 'videoViewsUnique', 'videoViewTime']),
    );
    expect(keys(a.reactions)).toEqual(sorted(['like', 'love', 'haha', 'wow', 'sorry', 'anger', 'total']));
    expect(typeof a.reactionsByType).toBe('object');
    const r = a.reactions as Record<string, number>;
    expect(r.total).toBe(r.like! + r.love! + r.haha! + r.wow! + r.sorry! + r.anger!);
    expectTypes(a, []);
  });

  it('instagram: caption, commentsCount, created, engagementCount, likeCount, mediaProductType, mediaType, reachCount, savedCount, sharesCount, viewsCount, username', async () => {
    const a = await analyticsOf('instagram');
    expect(keys(a)).toEqual(
      sorted([
        'caption',
        'commentsCount',
        'created',
        'engagementCount',
        'likeCount',
        'mediaProductType',
        'mediaType',
        'reachCount',
        'savedCount',
        'sharesCount',
        'viewsCount',
        'username',
      ]),
    );
    expectTypes(a, ['caption', 'created', 'mediaProductType', 'mediaType', 'username']);
  });

  it('linkedin: clickCount, commentCount, engagement, impressionCount, likeCount, shareCount, uniqueImpressionsCount', async () => {
    const a = await analyticsOf('linkedin');
    expect(keys(a)).toEqual(sorted(['clickCount', 'commentCount', 'engagement', 'impressionCount', 'likeCount', 'shareCount', 'uniqueImpressionsCount']));
    expectTypes(a, []);
  });

  it('tiktok: commentsCount … url, with created, embedUrl, itemId, mediaType, postUrl, thumbnailUrl, url strings and tags an array', async () => {
    const a = await analyticsOf('tiktok');
    expect(keys(a)).toEqual(
      sorted([
        'commentsCount',
        'likeCount',
        'shareCount',
        'videoViews',
        'reach',
        'averageTimeWatched',
        'fullVideoWatchedRate',
        'created',
        'embedUrl',
        'itemId',
        'mediaType',
        'postUrl',
        'tags',
        'thumbnailUrl',
        'thumbnailHeight',
        'thumbnailWidth',
        'url',
      ]),
    );
    expectTypes(a, ['created', 'embedUrl', 'itemId', 'mediaType', 'postUrl', 'thumbnailUrl', 'url'], ['tags']);
  });

  it('youtube: views … thumbnailUrl, descriptive fields strings and tags an array', async () => {
    const a = await analyticsOf('youtube');
    expect(keys(a)).toEqual(
      sorted([
        'views',
        'likes',
        'dislikes',
        'comments',
        'shares',
        'subscribersGained',
        'subscribersLost',
        'estimatedMinutesWatched',
        'averageViewDuration',
        'averageViewPercentage',
        'title',
        'description',
        'tags',
        'channelTitle',
        'privacyStatus',
        'thumbnailUrl',
      ]),
    );
    expectTypes(a, ['title', 'description', 'channelTitle', 'privacyStatus', 'thumbnailUrl'], ['tags']);
  });

  it('threads: views, likes, replies, reposts, quotes, shares', async () => {
    const a = await analyticsOf('threads');
    expect(keys(a)).toEqual(sorted(['views', 'likes', 'replies', 'reposts', 'quotes', 'shares']));
    expectTypes(a, []);
  });

  it('twitter (service-api.md): created, name, username, post, entities (optional), publicMetrics, nonPublicMetrics, organicMetrics with their integer fields', async () => {
    const post = plainPost(world, 'twitter');
    const reply = await bySocial(post);
    expect(reply.status).toBe(200);
    const a = reply.json.twitter[0].analytics;
    expect(keys(a).filter((k) => k !== 'entities')).toEqual(
      sorted(['created', 'name', 'username', 'post', 'publicMetrics', 'nonPublicMetrics', 'organicMetrics']),
    );
    expect(a.created).toMatch(ISO);
    for (const field of ['name', 'username', 'post']) expect(typeof a[field]).toBe('string');
    expect(keys(a.publicMetrics)).toEqual(sorted(['retweetCount', 'quoteCount', 'likeCount', 'replyCount', 'bookmarkCount', 'impressionCount']));
    expect(keys(a.nonPublicMetrics)).toEqual(sorted(['userProfileClicks', 'engagements', 'impressionCount']));
    expect(keys(a.organicMetrics)).toEqual(sorted(['likeCount', 'impressionCount', 'replyCount', 'retweetCount', 'userProfileClicks']));
    for (const group of ['publicMetrics', 'nonPublicMetrics', 'organicMetrics']) {
      for (const value of Object.values(a[group])) expect(Number.isInteger(value)).toBe(true);
    }
  });

  it('twitter `entities`: urls {start,end,url,expandedUrl,displayUrl,unwoundUrl}, hashtags {start,end,tag}, mentions {start,end,username}, positions in code points of the text', async () => {
    const tweets = world.posts.filter((p) => p.platform === 'twitter' && p.profileRefId === world.profiles[0]!.refId);
    const reply = await client.api('POST', '/analytics/post', {
      body: { postIds: tweets.map((t) => t.socialId), platforms: ['twitter'], searchPlatformId: true },
      x: true,
    });
    expect(reply.status).toBe(200);
    const withEntities = reply.json.twitter.filter((e: { analytics: Record<string, unknown> }) => e.analytics.entities);
    expect(withEntities.length).toBeGreaterThan(0);
    for (const { analytics } of withEntities) {
      const points = Array.from(analytics.post as string);
      const at = (e: { start: number; end: number }) => points.slice(e.start, e.end).join('');
      const { urls = [], hashtags = [], mentions = [] } = analytics.entities;
      expect(keys(analytics.entities).every((k) => ['urls', 'hashtags', 'mentions'].includes(k))).toBe(true);
      for (const u of urls) {
        expect(keys(u)).toEqual(sorted(['start', 'end', 'url', 'expandedUrl', 'displayUrl', 'unwoundUrl']));
        expect(at(u)).toBe(u.url);
      }
      for (const h of hashtags) {
        expect(keys(h)).toEqual(['end', 'start', 'tag']);
        expect(at(h)).toBe(`#${h.tag}`);
      }
      for (const m of mentions) {
        expect(keys(m)).toEqual(['end', 'start', 'username']);
        expect(at(m)).toBe(`@${m.username}`);
      }
    }
  });
});

describe('twitter: "non-public and organic metrics are omitted" for posts not owned by the account', () => {
  it('a tweet the account does not own has publicMetrics but no nonPublicMetrics nor organicMetrics', async () => {
    const post = world.posts.find((p) => p.platform === 'twitter' && !p.owned);
    expect(post).toBeDefined();
    const reply = await bySocial(post!);
    expect(reply.status).toBe(200);
    const a = reply.json.twitter[0].analytics;
    expect(a.publicMetrics).toBeDefined();
    expect(a).not.toHaveProperty('nonPublicMetrics');
    expect(a).not.toHaveProperty('organicMetrics');
  });

  it('an owned tweet has both', async () => {
    const reply = await bySocial(plainPost(world, 'twitter'));
    const a = reply.json.twitter[0].analytics;
    expect(a).toHaveProperty('nonPublicMetrics');
    expect(a).toHaveProperty('organicMetrics');
  });
});

describe('twitter threads: "every tweet ID must be sent individually in postIds"', () => {
  function thread(): Post[] {
    const tweets = world.posts.filter((p) => p.platform === 'twitter' && p.threadOf);
    expect(tweets.length).toBeGreaterThanOrEqual(2);
    return tweets;
  }

  it('asking for the first tweet returns only that tweet', async () => {
    const tweets = thread();
    const first = tweets.find((t) => t.socialId === t.threadOf)!;
    expect(first).toBeDefined();
    const reply = await bySocial(first);
    expect(reply.status).toBe(200);
    expect(reply.json.twitter.map((e: { id: string }) => e.id)).toEqual([first.socialId]);
    const viaPostIds = await client.api('POST', '/analytics/post', {
      body: { postIds: [first.socialId], platforms: ['twitter'], searchPlatformId: true },
      profileKey: keyOf(world, first),
      x: true,
    });
    expect(viaPostIds.json.twitter.map((e: { id: string }) => e.id)).toEqual([first.socialId]);
  });

  it('asking for every id of the thread returns each tweet', async () => {
    const tweets = thread();
    const reply = await client.api('POST', '/analytics/post', {
      body: { postIds: tweets.map((t) => t.socialId), platforms: ['twitter'], searchPlatformId: true },
      profileKey: keyOf(world, tweets[0]!),
      x: true,
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    expect(reply.json.twitter.map((e: { id: string }) => e.id).sort()).toEqual(tweets.map((t) => t.socialId).sort());
  });
});

describe('youtube: a video of another channel has its descriptive fields filled and every numeric metric zero', () => {
  it('the notOwned video: title, description, tags, channelTitle, privacyStatus, thumbnailUrl filled; all numbers 0', async () => {
    const post = world.posts.find((p) => p.platform === 'youtube' && p.flags.includes('notOwned'));
    expect(post).toBeDefined();
    const reply = await bySocial(post!);
    expect(reply.status).toBe(200);
    const a = reply.json.youtube[0].analytics;
    for (const field of ['title', 'description', 'channelTitle', 'privacyStatus', 'thumbnailUrl']) {
      expect(typeof a[field], field).toBe('string');
      expect(a[field].length, field).toBeGreaterThan(0);
    }
    expect(Array.isArray(a.tags)).toBe(true);
    const metrics = numbers(a);
    expect([...metrics.keys()].sort()).toEqual(
      sorted([
        'views',
        'likes',
        'dislikes',
        'comments',
        'shares',
        'subscribersGained',
        'subscribersLost',
        'estimatedMinutesWatched',
        'averageViewDuration',
        'averageViewPercentage',
      ]),
    );
    for (const [name, value] of metrics) expect(value, name).toBe(0);
  });

  it('the profile’s own videos do have non-zero metrics', async () => {
    const guest = world.posts.find((p) => p.platform === 'youtube' && p.flags.includes('notOwned'))!;
    const own = world.posts.filter((p) => p.platform === 'youtube' && p.profileRefId === guest.profileRefId && p.owned);
    const reply = await client.api('POST', '/analytics/post', {
      body: { postIds: own.map((p) => p.socialId), platforms: ['youtube'], searchPlatformId: true },
      profileKey: keyOf(world, guest),
    });
    expect(reply.status).toBe(200);
    const total = reply.json.youtube.reduce((sum: number, e: { analytics: { views: number } }) => sum + e.analytics.views, 0);
    expect(total).toBeGreaterThan(0);
  });
});

describe('instagram: "posts published before the account was converted … to business have limited analytics"', () => {
  it('the preBusiness post has fewer fields than a normal instagram post, all of them among the normal ones', async () => {
    const pre = world.posts.find((p) => p.platform === 'instagram' && p.flags.includes('preBusiness'));
    expect(pre).toBeDefined();
    const normal = plainPost(world, 'instagram', (p) => p.profileRefId === pre!.profileRefId);
    const reply = await client.api('POST', '/analytics/post', {
      body: { postIds: [pre!.socialId, normal.socialId], platforms: ['instagram'], searchPlatformId: true },
      profileKey: keyOf(world, pre!),
    });
    expect(reply.status).toBe(200);
    const [limited, full] = reply.json.instagram.map((e: { analytics: object }) => keys(e.analytics));
    expect(full).toHaveLength(12);
    expect(limited.length).toBeLessThan(full.length);
    for (const field of limited) expect(full).toContain(field);
    expect(limited).not.toContain('reachCount');
  });
});

describe('backfilledFrom / recoveredFrom are present exactly on posts whose metrics came from stored data', () => {
  it('over every post of every profile on every network: backfilledFrom ⇔ flag backfilled, recoveredFrom ⇔ flag recovered', async () => {
    let backfilled = 0;
    let recovered = 0;
    let checked = 0;
    for (const profile of world.profiles) {
      for (const platform of SOCIAL_ID_NETWORKS) {
        const posts = world.posts.filter((p) => p.profileRefId === profile.refId && p.platform === platform);
        if (posts.length === 0) continue;
        const reply = await client.api('POST', '/analytics/post', {
          body: { postIds: posts.map((p) => p.socialId), platforms: [platform], searchPlatformId: true },
          profileKey: profile.profileKey ?? undefined,
          x: platform === 'twitter',
        });
        expect(reply.status).toBe(200);
        expect(reply.json.status).toBe('success');
        for (const entry of reply.json[platform]) {
          const post = posts.find((p) => p.socialId === entry.id)!;
          const a = entry.analytics;
          expect('backfilledFrom' in a, `${platform} ${post.socialId}`).toBe(post.flags.includes('backfilled'));
          expect('recoveredFrom' in a, `${platform} ${post.socialId}`).toBe(post.flags.includes('recovered'));
          if ('backfilledFrom' in a) {
            expect(a.backfilledFrom).toMatch(ISO);
            backfilled++;
          }
          if ('recoveredFrom' in a) {
            expect(a.recoveredFrom).toMatch(ISO);
            recovered++;
          }
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(backfilled).toBeGreaterThan(0);
    expect(recovered).toBeGreaterThan(0);
  });
});

describe('code 186: "the Social Post ID is unknown for the selected account and platform"', () => {
  it('a single unknown id: HTTP 400, platform object {action: post, status: error, code: 186, message, id}, top-level lastUpdated and nextUpdate', async () => {
    const id = '12345678901234567';
    const reply = await client.api('POST', '/analytics/post', { body: { id, platforms: ['instagram'], searchPlatformId: true } });
    expect(reply.status).toBe(400);
    expect(reply.json.status).toBe('error');
    expect(reply.json.code).toBe(186);
    expect(reply.json.instagram).toMatchObject({ action: 'post', status: 'error', code: 186, id });
    expect(typeof reply.json.instagram.message).toBe('string');
    expect(reply.json.lastUpdated).toMatch(ISO_MS);
    expect(reply.json.nextUpdate).toMatch(ISO_MS);
  });

  it('some known and some unknown ids: 200 with status "partial", the found entries, and the unknown ones in `errors`', async () => {
    const post = plainPost(world, 'linkedin');
    const missing = 'urn:li:share:1111111111111111111';
    const reply = await client.api('POST', '/analytics/post', {
      body: { postIds: [post.socialId, missing], platforms: ['linkedin'], searchPlatformId: true },
      profileKey: keyOf(world, post),
    });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('partial');
    expect(reply.json.linkedin.map((e: { id: string }) => e.id)).toEqual([post.socialId]);
    expect(reply.json.errors).toHaveLength(1);
    expect(reply.json.errors[0]).toMatchObject({ action: 'post', status: 'error', code: 186, id: missing });
  });

  it('every id unknown in postIds: HTTP 400 with code 186', async () => {
    const reply = await client.api('POST', '/analytics/post', {
      body: { postIds: ['12345678901234567', '12345678901234568'], platforms: ['instagram'], searchPlatformId: true },
    });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(186);
  });

  it("another profile's post is 186 for this profile (scoped by Profile-Key), and found with its own key", async () => {
    const post = world.posts.find((p) => p.platform === 'instagram' && p.owned && profileOf(world, p.profileRefId).profileKey !== null)!;
    const other = world.profiles.find((p) => p.refId !== post.profileRefId && p.profileKey !== null)!;
    const asPrimary = await client.api('POST', '/analytics/post', { body: { id: post.socialId, platforms: ['instagram'], searchPlatformId: true } });
    expect(asPrimary.status).toBe(400);
    expect(asPrimary.json.instagram).toMatchObject({ code: 186, id: post.socialId });
    const asOther = await client.api('POST', '/analytics/post', {
      body: { id: post.socialId, platforms: ['instagram'], searchPlatformId: true },
      profileKey: other.profileKey!,
    });
    expect(asOther.status).toBe(400);
    expect(asOther.json.instagram.code).toBe(186);
    const asOwner = await bySocial(post);
    expect(asOwner.status).toBe(200);
  });

  it('a known id asked on another network is 186 (ids are per network)', async () => {
    const post = plainPost(world, 'threads');
    const reply = await bySocial(post, { platforms: ['instagram'] });
    expect(reply.status).toBe(400);
    expect(reply.json.instagram).toMatchObject({ code: 186, id: post.socialId });
  });
});

describe('twitter analytics need the X headers', () => {
  it('without them 419 x_credentials_required, with one 400, with a wrong pair 401 code 272, with the pair 200', async () => {
    const post = plainPost(world, 'twitter');
    const body = { id: post.socialId, platforms: ['twitter'], searchPlatformId: true };
    const profileKey = keyOf(world, post);
    const none = await client.api('POST', '/analytics/post', { body, profileKey });
    expect(none.status).toBe(419);
    expect(none.json).toMatchObject({ action: 'x_credentials_required', status: 'error', code: 419, platform: 'twitter' });
    const one = await client.api('POST', '/analytics/post', {
      body,
      profileKey,
      headers: { 'x-twitter-oauth1-api-key': world.xCredentials.key },
    });
    expect(one.status).toBe(400);
    const wrong = await client.api('POST', '/analytics/post', {
      body,
      profileKey,
      headers: { 'x-twitter-oauth1-api-key': world.xCredentials.key, 'x-twitter-oauth1-api-secret': 'not-the-secret' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ status: 'error', code: 272, platform: 'twitter' });
    const ok = await client.api('POST', '/analytics/post', { body, profileKey, x: true });
    expect(ok.status).toBe(200);
  });

  it('a request for another network needs no X headers', async () => {
    const reply = await client.api('POST', '/analytics/post', {
      body: { id: plainPost(world, 'threads').socialId, platforms: ['threads'], searchPlatformId: true },
      profileKey: keyOf(world, plainPost(world, 'threads')),
    });
    expect(reply.status).toBe(200);
  });
});

describe('POST /analytics/post with a service post id: {status, id, <platform>: {id, postUrl, analytics, lastUpdated, nextUpdate}}', () => {
  function servicePost(w: World, has: (platforms: string[]) => boolean): { serviceId: string; posts: Post[] } {
    const byService = new Map<string, Post[]>();
    for (const p of w.posts) if (p.serviceId) byService.set(p.serviceId, [...(byService.get(p.serviceId) ?? []), p]);
    for (const [serviceId, posts] of byService) if (has(posts.map((p) => p.platform))) return { serviceId, posts };
    throw new Error('no such service post');
  }

  it('without searchPlatformId: one object (not an array) per network of the post, with that network’s social id', async () => {
    const { serviceId, posts } = servicePost(world, (ps) => ps.length >= 2 && !ps.includes('twitter'));
    const reply = await client.api('POST', '/analytics/post', { body: { id: serviceId }, profileKey: keyOf(world, posts[0]!) });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    expect(reply.json.id).toBe(serviceId);
    expect(keys(reply.json)).toEqual(sorted(['status', 'id', ...posts.map((p) => p.platform)]));
    for (const post of posts) {
      const entry = reply.json[post.platform];
      expect(Array.isArray(entry)).toBe(false);
      expect(keys(entry)).toEqual(['analytics', 'id', 'lastUpdated', 'nextUpdate', 'postUrl']);
      expect(entry.id).toBe(post.socialId);
      expect(entry.lastUpdated).toMatch(ISO_MS);
      expect(entry.nextUpdate).toMatch(ISO_MS);
    }
  });

  it('`platforms` narrows the answer to those networks; a network the post is not on is 400', async () => {
    const { serviceId, posts } = servicePost(world, (ps) => ps.length >= 2 && !ps.includes('twitter'));
    const profileKey = keyOf(world, posts[0]!);
    const one = posts[0]!.platform;
    const reply = await client.api('POST', '/analytics/post', { body: { id: serviceId, platforms: [one] }, profileKey });
    expect(reply.status).toBe(200);
    expect(keys(reply.json)).toEqual(sorted(['status', 'id', one]));
    const notOn = ['facebook', 'instagram', 'linkedin', 'threads', 'tiktok', 'youtube', 'bluesky'].find((n) => !posts.some((p) => p.platform === n))!;
    const refused = await client.api('POST', '/analytics/post', { body: { id: serviceId, platforms: [notOn] }, profileKey });
    expect(refused.status).toBe(400);
    expect(refused.json.status).toBe('error');
  });

  it('bluesky (service post id only): created, post, likeCount, quoteCount, replyCount, repostCount', async () => {
    const { serviceId, posts } = servicePost(world, (ps) => ps.includes('bluesky') && !ps.includes('twitter'));
    const reply = await client.api('POST', '/analytics/post', {
      body: { id: serviceId, platforms: ['bluesky'] },
      profileKey: keyOf(world, posts[0]!),
    });
    expect(reply.status).toBe(200);
    const a = reply.json.bluesky.analytics;
    expect(keys(a)).toEqual(sorted(['created', 'post', 'likeCount', 'quoteCount', 'replyCount', 'repostCount']));
    expect(typeof a.post).toBe('string');
    expect(a.created).toMatch(ISO);
    for (const f of ['likeCount', 'quoteCount', 'replyCount', 'repostCount']) expect(Number.isInteger(a[f])).toBe(true);
  });

  it('a post on twitter needs the X headers unless `platforms` leaves twitter out', async () => {
    const { serviceId, posts } = servicePost(world, (ps) => ps.includes('twitter') && ps.length >= 2);
    const profileKey = keyOf(world, posts[0]!);
    const without = await client.api('POST', '/analytics/post', { body: { id: serviceId }, profileKey });
    expect(without.status).toBe(419);
    const withX = await client.api('POST', '/analytics/post', { body: { id: serviceId }, profileKey, x: true });
    expect(withX.status).toBe(200);
    expect(withX.json.twitter.id).toBe(posts.find((p) => p.platform === 'twitter')!.socialId);
    const other = posts.find((p) => p.platform !== 'twitter')!.platform;
    const narrowed = await client.api('POST', '/analytics/post', { body: { id: serviceId, platforms: [other] }, profileKey });
    expect(narrowed.status).toBe(200);
  });

  it("an unknown service post id, or another profile's, is 404 code 114", async () => {
    const unknown = await client.api('POST', '/analytics/post', { body: { id: 'AAAAAAAAAAAAAAAAAAAA' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
    const { serviceId } = servicePost(world, (ps) => !ps.includes('twitter'));
    const owner = world.posts.find((p) => p.serviceId === serviceId)!;
    const other = world.profiles.find((p) => p.refId !== owner.profileRefId)!;
    const foreign = await client.api('POST', '/analytics/post', { body: { id: serviceId }, profileKey: other.profileKey ?? undefined });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe(114);
  });
});

describe('refresh schedule: "asking again before nextUpdate returns the same numbers"', () => {
  let clock = Date.now();
  let local: SandboxClient;
  let localWorld: World;

  beforeAll(async () => {
    local = await openSandbox({ now: () => new Date(clock), rateLimit: 1_000_000 });
    localWorld = await local.snapshot();
  });
  afterAll(() => local.sandbox.close());

  async function ask(posts: Post[], platform: string) {
    const reply = await local.api('POST', '/analytics/post', {
      body: { postIds: posts.map((p) => p.socialId), platforms: [platform], searchPlatformId: true },
      profileKey: keyOf(localWorld, posts[0]!),
      x: platform === 'twitter',
    });
    expect(reply.status).toBe(200);
    return reply.json[platform] as { id: string; analytics: Record<string, unknown>; lastUpdated: string; nextUpdate: string }[];
  }

  /** Rates and averages may go either way; every count may only grow. */
  const NOT_COUNTS = new Set([
    'engagement',
    'averageTimeWatched',
    'fullVideoWatchedRate',
    'averageViewDuration',
    'averageViewPercentage',
    'thumbnailHeight',
    'thumbnailWidth',
  ]);

  it('identical answers until nextUpdate; past it lastUpdated moves and no count decreases', async () => {
    for (const platform of SOCIAL_ID_NETWORKS) {
      const profile = localWorld.profiles.find((p) => p.platforms.includes(platform))!;
      const posts = localWorld.posts.filter((p) => p.profileRefId === profile.refId && p.platform === platform);
      const first = await ask(posts, platform);
      // Just before the earliest nextUpdate: nothing may change.
      const earliestNext = Math.min(...first.map((e) => Date.parse(e.nextUpdate)));
      clock = earliestNext - 1;
      expect(await ask(posts, platform)).toEqual(first);
      // Past every nextUpdate: a new refresh for each post.
      clock = Math.max(...first.map((e) => Date.parse(e.nextUpdate))) + 1;
      const second = await ask(posts, platform);
      for (const [i, entry] of second.entries()) {
        const before = first[i]!;
        expect(entry.id).toBe(before.id);
        expect(Date.parse(entry.lastUpdated)).toBeGreaterThan(Date.parse(before.lastUpdated));
        expect(entry.lastUpdated).toBe(before.nextUpdate);
        expect(Date.parse(entry.nextUpdate)).toBeGreaterThan(clock);
        const old = numbers(before.analytics);
        for (const [path, value] of numbers(entry.analytics)) {
          if (NOT_COUNTS.has(path.split('.').pop()!)) continue;
          expect(value, `${platform} ${entry.id} ${path}`).toBeGreaterThanOrEqual(old.get(path)!);
        }
      }
    }
  });

  it('counts grow over days: three days later some count of the world’s tweets is larger, none smaller', async () => {
    const tweets = localWorld.posts.filter((p) => p.platform === 'twitter' && p.profileRefId === localWorld.profiles[0]!.refId);
    const before = await ask(tweets, 'twitter');
    clock += 3 * 86_400_000;
    const after = await ask(tweets, 'twitter');
    let grew = 0;
    for (const [i, entry] of after.entries()) {
      const old = numbers(before[i]!.analytics);
      for (const [path, value] of numbers(entry.analytics)) {
        expect(value).toBeGreaterThanOrEqual(old.get(path)!);
        if (value > old.get(path)!) grew++;
      }
    }
    expect(grew).toBeGreaterThan(0);
  });

  it('an outside comment made after the last refresh shows in the counts only from the next refresh on', async () => {
    const post = localWorld.posts.find((p) => p.platform === 'twitter' && p.owned && p.flags.length === 0 && !p.threadOf)!;
    // An hour on, every seeded comment is older than the last refresh: only the new one is news.
    clock += 3_600_000;
    const [before] = await ask([post], 'twitter');
    const last = Date.parse(before!.lastUpdated);
    // Within the same second as the refresh, after it: the comment's `created` (whole seconds) is
    // not after lastUpdated, yet it was made after the refresh.
    clock = Math.max(last, Math.floor(last / 1000) * 1000 + 999);
    if (clock >= Date.parse(before!.nextUpdate)) clock = last;
    const injected = await local.control('POST', '/comments', {
      platform: 'twitter',
      socialPostId: post.socialId,
      comment: 'Counted at the next refresh',
      profileRefId: post.profileRefId,
    });
    expect(injected.status).toBe(200);
    const [same] = await ask([post], 'twitter');
    expect(same).toEqual(before);
    clock = Date.parse(before!.nextUpdate) + 1;
    const [after] = await ask([post], 'twitter');
    const replies = (e: typeof before) => (e!.analytics.publicMetrics as { replyCount: number }).replyCount;
    expect(replies(after)).toBe(replies(before) + 1);
  });

  it('a comment deleted after the last refresh is still counted until the next refresh, then no more', async () => {
    const post = localWorld.posts.find((p) => p.platform === 'facebook' && p.owned && p.flags.length === 0 && p.commentCount > 0)!;
    const profileKey = keyOf(localWorld, post);
    clock += 3_600_000;
    const [before] = await ask([post], 'facebook');
    const listed = await local.api('GET', `/comments/${encodeURIComponent(post.socialId)}?searchPlatformId=true&platform=facebook`, { profileKey });
    const victim = (listed.json.facebook as { commentId: string }[])[0]!;
    const deleted = await local.api('DELETE', `/comments/${encodeURIComponent(victim.commentId)}`, {
      body: { searchPlatformId: true, platform: 'facebook' },
      profileKey,
    });
    expect(deleted.status).toBe(200);
    const [same] = await ask([post], 'facebook');
    expect(same).toEqual(before);
    clock = Date.parse(before!.nextUpdate) + 1;
    const [after] = await ask([post], 'facebook');
    const count = (e: typeof before) => e!.analytics.commentsCount as number;
    expect(count(after)).toBe(count(before) - 1);
  });
});
