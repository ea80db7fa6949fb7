import { describe, expect, it } from 'vitest';
import { NETWORKS, type Network } from '../../../src/shared/networks.ts';
import { type AnalyticsContext, analyticsOf } from '../../../src/sandbox/analytics/metrics.ts';
import type { NetworkIdentity } from '../../../src/sandbox/ids.ts';
import { seedWorld } from '../../../src/sandbox/world/seed.ts';
import { type NetworkPostState, postKey } from '../../../src/sandbox/world/types.ts';

const NOW = new Date('2026-05-01T12:00:00.000Z');
const HOUR = 3_600_000;
const REFRESH = 10 * 60_000;
const OWNER: NetworkIdentity = { id: '1234567890123456789', username: 'spokeandchain', displayName: 'Spoke & Chain Cycles' };

function post(platform: Network, overrides: Partial<NetworkPostState> = {}): NetworkPostState {
  return {
    platform,
    socialId: '1790000000000000001',
    profileRefId: 'ref',
    serviceId: 'svc',
    text: 'Saturday shop ride leaves at 8am 🚲 #cycling @pdxbikes https://spokeandchain.com/rides',
    created: new Date(NOW.getTime() - 3 * 24 * HOUR).toISOString(),
    postUrl: 'https://example.com/post',
    owned: true,
    flags: [],
    disableComments: false,
    deleted: false,
    metricsSeed: 123_456,
    ...(platform === 'youtube' ? { title: 'How to Check Chain Wear' } : {}),
    ...overrides,
  };
}

/** Comments arrive steadily: one every two hours since the post. */
function context(p: NetworkPostState, now: Date = NOW, overrides: Partial<AnalyticsContext> = {}): AnalyticsContext {
  const created = Date.parse(p.created);
  return {
    owner: OWNER,
    now,
    refreshMs: REFRESH,
    commentCountAt: (at) => Math.max(0, Math.floor((at.getTime() - created) / (2 * HOUR))),
    ...overrides,
  };
}

// The spec's field lists: service-api.md (twitter) and public-facts.md (the others).
const FIELDS: Record<Network, string[]> = {
  twitter: ['created', 'name', 'username', 'post', 'entities', 'publicMetrics', 'nonPublicMetrics', 'organicMetrics'],
  facebook: ['commentsCount', 'likeCount', 'reactions', 'reactionsByType', 'sharesCount', 'videoViews', 'videoViewsUnique', 'videoViewTime'],
  instagram: [
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
  ],
  linkedin: ['clickCount', 'commentCount', 'engagement', 'impressionCount', 'likeCount', 'shareCount', 'uniqueImpressionsCount'],
  tiktok: [
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
  ],
  youtube: [
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
  ],
  threads: ['views', 'likes', 'replies', 'reposts', 'quotes', 'shares'],
  bluesky: ['created', 'post', 'likeCount', 'quoteCount', 'replyCount', 'repostCount'],
};

const STRING_FIELDS = new Set([
  'created',
  'name',
  'username',
  'post',
  'caption',
  'mediaProductType',
  'mediaType',
  'embedUrl',
  'itemId',
  'postUrl',
  'thumbnailUrl',
  'url',
  'title',
  'description',
  'channelTitle',
  'privacyStatus',
]);
/** Rates and averages, not counts: numbers, but not whole and not bound to grow. */
const RATE_FIELDS = new Set(['engagement', 'averageTimeWatched', 'fullVideoWatchedRate', 'averageViewPercentage']);

const sorted = (keys: string[]) => [...keys].sort();

/** Every numeric leaf of an analytics object, by path. */
function numbers(value: unknown, path = ''): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof value === 'number') out.set(path, value);
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      for (const [p, n] of numbers(child, path ? `${path}.${key}` : key)) out.set(p, n);
    }
  }
  return out;
}

describe('analyticsOf: fields per network', () => {
  it.each(NETWORKS.filter((n) => n !== 'twitter'))('reports exactly the spec’s fields for %s', (network) => {
    const { analytics } = analyticsOf(post(network), context(post(network)));
    expect(sorted(Object.keys(analytics))).toEqual(sorted(FIELDS[network]));
  });

  it.each(NETWORKS)('types %s fields: strings where descriptive, integer counts, rates as numbers', (network) => {
    const { analytics } = analyticsOf(post(network), context(post(network)));
    for (const [key, value] of Object.entries(analytics)) {
      if (STRING_FIELDS.has(key)) expect(typeof value, key).toBe('string');
      else if (key === 'tags') expect(Array.isArray(value)).toBe(true);
      else if (RATE_FIELDS.has(key)) expect(typeof value, key).toBe('number');
      else if (typeof value === 'number') expect(Number.isInteger(value), key).toBe(true);
      else expect(typeof value, key).toBe('object');
    }
  });

  it('reports facebook reactions as an object of counts with their total', () => {
    const { analytics } = analyticsOf(post('facebook'), context(post('facebook')));
    const reactions = analytics.reactions as Record<string, number>;
    expect(sorted(Object.keys(reactions))).toEqual(sorted(['like', 'love', 'haha', 'wow', 'sorry', 'anger', 'total']));
    const { total, ...byType } = reactions;
    expect(total).toBe(Object.values(byType).reduce((a, b) => a + b, 0));
  });

  it('reports an owned tweet with public, non-public and organic metrics', () => {
    const { analytics } = analyticsOf(post('twitter'), context(post('twitter')));
    expect(sorted(Object.keys(analytics))).toEqual(sorted(FIELDS.twitter));
    expect(sorted(Object.keys(analytics.publicMetrics as object))).toEqual(
      sorted(['retweetCount', 'quoteCount', 'likeCount', 'replyCount', 'bookmarkCount', 'impressionCount']),
    );
    expect(sorted(Object.keys(analytics.nonPublicMetrics as object))).toEqual(sorted(['userProfileClicks', 'engagements', 'impressionCount']));
    expect(sorted(Object.keys(analytics.organicMetrics as object))).toEqual(
      sorted(['likeCount', 'impressionCount', 'replyCount', 'retweetCount', 'userProfileClicks']),
    );
    expect(analytics).toMatchObject({ name: OWNER.displayName, username: OWNER.username });
  });

  it('omits non-public and organic metrics of a tweet the account does not own', () => {
    const retweet = post('twitter', { owned: false, serviceId: null, text: 'RT @pdxbikes: Parkways route is out! #sundayparkways' });
    const { analytics } = analyticsOf(retweet, context(retweet));
    expect(analytics.nonPublicMetrics).toBeUndefined();
    expect(analytics.organicMetrics).toBeUndefined();
    expect(analytics.publicMetrics).toBeDefined();
    expect(analytics.username).toBe('pdxbikes');
  });

  it('omits entities of a tweet without links, hashtags or mentions', () => {
    const plain = post('twitter', { text: 'Shop closed Thursday. See you Friday!' });
    expect(analyticsOf(plain, context(plain)).analytics).not.toHaveProperty('entities');
  });

  it('zeroes every number of another channel’s youtube video and fills its descriptive fields', () => {
    const guest = post('youtube', {
      owned: false,
      serviceId: null,
      flags: ['notOwned'],
      title: '20-Minute Morning Flow | Guest Class',
      text: 'A gentle flow with @stillwateryoga #yoga #morningyoga',
    });
    const { analytics } = analyticsOf(guest, context(guest));
    expect(sorted(Object.keys(analytics))).toEqual(sorted(FIELDS.youtube));
    for (const [key, value] of numbers(analytics)) expect(value, key).toBe(0);
    for (const key of ['title', 'description', 'channelTitle', 'privacyStatus', 'thumbnailUrl']) {
      expect((analytics[key] as string).length, key).toBeGreaterThan(0);
    }
    expect((analytics.tags as string[]).length).toBeGreaterThan(0);
  });

  it('limits an instagram post from before the business conversion to its public fields', () => {
    const early = post('instagram', { serviceId: null, flags: ['preBusiness'] });
    const { analytics } = analyticsOf(early, context(early));
    expect(sorted(Object.keys(analytics))).toEqual(sorted(['caption', 'created', 'likeCount', 'commentsCount', 'mediaType', 'mediaProductType', 'username']));
  });

  it('reports plausible magnitudes on every seeded post: audience ≥ likes ≥ comments', () => {
    const world = seedWorld({ seed: 11, now: NOW, apiKey: 'k', plan: 'business' });
    const counts = new Map<string, number>();
    for (const c of world.comments) counts.set(c.postKey, (counts.get(c.postKey) ?? 0) + 1);
    const FIELDS_OF: Record<Network, [string, string, string]> = {
      twitter: ['publicMetrics.impressionCount', 'publicMetrics.likeCount', 'publicMetrics.replyCount'],
      facebook: ['reactions.total', 'likeCount', 'commentsCount'],
      instagram: ['viewsCount', 'likeCount', 'commentsCount'],
      linkedin: ['impressionCount', 'likeCount', 'commentCount'],
      tiktok: ['videoViews', 'likeCount', 'commentsCount'],
      youtube: ['views', 'likes', 'comments'],
      threads: ['views', 'likes', 'replies'],
      bluesky: ['likeCount', 'likeCount', 'replyCount'],
    };
    for (const p of world.networkPosts.filter((p) => !p.flags.includes('notOwned') && !p.flags.includes('preBusiness'))) {
      const total = counts.get(postKey(p.platform, p.socialId)) ?? 0;
      const { analytics } = analyticsOf(p, context(p, NOW, { commentCountAt: () => total }));
      const n = numbers(analytics);
      const [audience, likes, comments] = FIELDS_OF[p.platform].map((f) => n.get(f) as number);
      expect(audience, `${p.platform} ${p.socialId}`).toBeGreaterThanOrEqual(likes as number);
      expect(likes, `${p.platform} ${p.socialId}`).toBeGreaterThanOrEqual(comments as number);
    }
  });
});

describe('analyticsOf: the refresh schedule', () => {
  it('dates lastUpdated and nextUpdate in ISO 8601 UTC with milliseconds, one refresh apart, around now', () => {
    for (const network of NETWORKS) {
      const p = post(network);
      const { lastUpdated, nextUpdate } = analyticsOf(p, context(p));
      expect(lastUpdated).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(nextUpdate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
      expect(Date.parse(nextUpdate) - Date.parse(lastUpdated)).toBe(REFRESH);
      expect(Date.parse(lastUpdated)).toBeLessThanOrEqual(NOW.getTime());
      expect(Date.parse(nextUpdate)).toBeGreaterThan(NOW.getTime());
    }
  });

  it('refreshes different posts at different moments (a per-post offset)', () => {
    const moments = new Set(
      [1, 2, 3, 4, 5, 6].map((seed) => {
        const p = post('twitter', { metricsSeed: seed });
        return Date.parse(analyticsOf(p, context(p)).lastUpdated) % REFRESH;
      }),
    );
    expect(moments.size).toBeGreaterThan(3);
  });

  it('before the first refresh reports what was fetched at publication: lastUpdated is the creation', () => {
    const fresh = post('instagram', { created: new Date(NOW.getTime() - 1000).toISOString(), metricsSeed: 99 });
    const { lastUpdated, nextUpdate, analytics } = analyticsOf(fresh, context(fresh));
    expect(lastUpdated).toBe(fresh.created);
    expect(Date.parse(nextUpdate)).toBeGreaterThan(NOW.getTime());
    expect(analytics.likeCount).toBe(0);
  });

  it('returns identical analytics when asked again before nextUpdate', () => {
    for (const network of NETWORKS) {
      const p = post(network);
      const first = analyticsOf(p, context(p));
      const justBefore = new Date(Date.parse(first.nextUpdate) - 1);
      expect(analyticsOf(p, context(p, justBefore))).toEqual(first);
    }
  });

  it('takes comment counts from commentCountAt(lastUpdated)', () => {
    const p = post('threads');
    const asked: string[] = [];
    const { analytics, lastUpdated } = analyticsOf(
      p,
      context(p, NOW, {
        commentCountAt: (at) => {
          asked.push(at.toISOString());
          return 17;
        },
      }),
    );
    expect(asked).toEqual([lastUpdated]);
    expect(analytics.replies).toBe(17);
  });

  it.each(NETWORKS)('never lowers a %s count from one refresh to the next', (network) => {
    const p = post(network, { created: new Date(NOW.getTime() - 20 * 24 * HOUR).toISOString() });
    let previous: Map<string, number> | null = null;
    let grew = false;
    for (let t = Date.parse(p.created); t <= NOW.getTime(); t += REFRESH * 7) {
      const current = numbers(analyticsOf(p, context(p, new Date(t))).analytics);
      if (previous) {
        for (const [key, value] of current) {
          if (RATE_FIELDS.has(key)) continue;
          expect(value, `${key} at ${new Date(t).toISOString()}`).toBeGreaterThanOrEqual(previous.get(key) ?? 0);
          if (value > (previous.get(key) ?? 0)) grew = true;
        }
      }
      previous = current;
    }
    expect(grew).toBe(true);
  });

  it('is pure: the same post and time give the same analytics', () => {
    const p = post('tiktok');
    expect(analyticsOf(p, context(p))).toEqual(analyticsOf(p, context(p)));
  });
});

describe('analyticsOf: twitter entities', () => {
  it('points entity offsets (in code points, as X counts them) at the hashtag, mention and link', () => {
    const text = 'Ride day 🚲🚲 with @pdxbikes! Route: https://spokeandchain.com/rides. #cycling #ridelocal';
    const p = post('twitter', { text });
    const entities = analyticsOf(p, context(p)).analytics.entities as {
      urls: { start: number; end: number; url: string; expandedUrl: string; displayUrl: string; unwoundUrl: string }[];
      hashtags: { start: number; end: number; tag: string }[];
      mentions: { start: number; end: number; username: string }[];
    };
    const codePoints = Array.from(text);
    const at = (e: { start: number; end: number }) => codePoints.slice(e.start, e.end).join('');
    expect(entities.hashtags.map(at)).toEqual(['#cycling', '#ridelocal']);
    expect(entities.hashtags.map((h) => h.tag)).toEqual(['cycling', 'ridelocal']);
    expect(entities.mentions.map(at)).toEqual(['@pdxbikes']);
    expect(entities.mentions[0]?.username).toBe('pdxbikes');
    expect(entities.urls.map(at)).toEqual(['https://spokeandchain.com/rides']);
    expect(entities.urls[0]).toMatchObject({
      url: 'https://spokeandchain.com/rides',
      expandedUrl: 'https://spokeandchain.com/rides',
      unwoundUrl: 'https://spokeandchain.com/rides',
      displayUrl: 'spokeandchain.com/rides',
    });
  });

  it('finds no mention in an e-mail address and no hashtag inside a link', () => {
    const text = 'Write to hello@spokeandchain.com or see https://spokeandchain.com/faq#hours';
    const p = post('twitter', { text });
    const entities = analyticsOf(p, context(p)).analytics.entities as Record<string, unknown[]>;
    expect(entities.mentions).toBeUndefined();
    expect(entities.hashtags).toBeUndefined();
    expect(entities.urls).toHaveLength(1);
  });
});

describe('analyticsOf: stored data', () => {
  it('adds backfilledFrom and recoveredFrom exactly to the posts flagged so', () => {
    const world = seedWorld({ seed: 5, now: NOW, apiKey: 'k', plan: 'business' });
    for (const p of world.networkPosts) {
      const { analytics } = analyticsOf(p, context(p));
      if (p.flags.includes('backfilled')) expect(analytics.backfilledFrom).toBe(p.storedDataAt);
      else expect(analytics).not.toHaveProperty('backfilledFrom');
      if (p.flags.includes('recovered')) expect(analytics.recoveredFrom).toBe(p.storedDataAt);
      else expect(analytics).not.toHaveProperty('recoveredFrom');
    }
  });

  it('freezes a recovered post’s numbers at the time of the stored data', () => {
    const stored = new Date(NOW.getTime() - 24 * HOUR).toISOString();
    const p = post('linkedin', { flags: ['recovered'], storedDataAt: stored });
    const now = analyticsOf(p, context(p)).analytics;
    const later = analyticsOf(p, context(p, new Date(NOW.getTime() + 5 * 24 * HOUR))).analytics;
    expect(later).toEqual(now);
  });

  it('takes a backfilled post’s comment count from the stored data', () => {
    const stored = new Date(NOW.getTime() - 24 * HOUR).toISOString();
    const p = post('bluesky', { flags: ['backfilled'], storedDataAt: stored });
    const asked: string[] = [];
    analyticsOf(p, context(p, NOW, { commentCountAt: (at) => (asked.push(at.toISOString()), 3) }));
    expect(asked).toEqual([stored]);
  });
});
