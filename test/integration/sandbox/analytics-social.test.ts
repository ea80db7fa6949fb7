// POST /analytics/social (docs/service-account-analytics.md): per network the documented fields and
// their types, numbers that are a function of the seed and the clock (stable until nextUpdate, only
// growing), youtube and tiktok a day or two behind, quarters / daily / period60Days, the refusals,
// and the rate limit and faults every request meets.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Reply, type SandboxClient, type World } from './harness.ts';

const DAY = 86_400_000;
const REFRESH = 10 * 60_000;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const NETWORKS = ['bluesky', 'facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube', 'threads'] as const;
type Network = (typeof NETWORKS)[number];

/** Every documented field of each network and its JSON type ("object" for nested ones). */
const FIELDS: Record<Network, Record<string, 'number' | 'string' | 'boolean' | 'object' | 'array'>> = {
  bluesky: {
    created: 'string',
    description: 'string',
    displayName: 'string',
    followersCount: 'number',
    followsCount: 'number',
    handle: 'string',
    id: 'string',
    postsCount: 'number',
  },
  twitter: {
    created: 'string',
    description: 'string',
    displayName: 'string',
    followersCount: 'number',
    followingCount: 'number',
    id: 'string',
    likeCount: 'number',
    listedCount: 'number',
    location: 'string',
    name: 'string',
    profileImageUrl: 'string',
    protected: 'boolean',
    tweetCount: 'number',
    url: 'string',
    username: 'string',
    verified: 'boolean',
  },
  facebook: {
    fanCount: 'number',
    followersCount: 'number',
    id: 'string',
    link: 'string',
    name: 'string',
    pageFanRemoves: 'number',
    pageImpressions: 'number',
    pageImpressionsPaid: 'number',
    pagePostEngagements: 'number',
    pagePostsImpressions: 'number',
    pagePostsImpressionsPaid: 'number',
    pagePostsImpressionsUnique: 'number',
    pageVideoViewTime: 'number',
    pageVideoViews: 'number',
    pageVideoViewsPaid: 'number',
    reactions: 'object',
    verified: 'boolean',
  },
  instagram: {
    biography: 'string',
    commentsCount: 'number',
    emailContactsCount: 'number',
    followersCount: 'number',
    followsCount: 'number',
    id: 'string',
    igId: 'number',
    impressionsCount: 'number',
    likeCount: 'number',
    mediaCount: 'number',
    name: 'string',
    phoneCallClicksCount: 'number',
    profilePictureUrl: 'string',
    profileViewsCount: 'number',
    reachCount: 'number',
    textMessageClicksCount: 'number',
    username: 'string',
    viewsCount: 'number',
    websiteClicksCount: 'number',
  },
  linkedin: {
    clickCount: 'number',
    commentCount: 'number',
    engagement: 'number',
    followers: 'object',
    impressionCount: 'number',
    likeCount: 'number',
    shareCount: 'number',
    views: 'object',
  },
  tiktok: {
    bio: 'string',
    commentCountTotal: 'number',
    displayName: 'string',
    durationAverage: 'number',
    followerCount: 'number',
    followingCount: 'number',
    likeCountTotal: 'number',
    shareCountTotal: 'number',
    url: 'string',
    userImage: 'string',
    username: 'string',
    videoCountTotal: 'number',
    viewCountTotal: 'number',
  },
  youtube: {
    averageViewDuration: 'number',
    averageViewPercentage: 'number',
    comments: 'number',
    created: 'string',
    description: 'string',
    dislikes: 'number',
    estimatedMinutesWatched: 'number',
    handle: 'string',
    hiddenSubscriberCount: 'boolean',
    id: 'string',
    isLinked: 'boolean',
    likes: 'number',
    longUploadsStatus: 'string',
    playlistId: 'string',
    playlists: 'array',
    privacyStatus: 'string',
    shares: 'number',
    subscriberCount: 'number',
    subscribersGained: 'number',
    subscribersLost: 'number',
    thumbnailUrl: 'string',
    title: 'string',
    url: 'string',
    videoCount: 'number',
    videosAddedToPlaylists: 'number',
    videosRemovedFromPlaylists: 'number',
    viewCount: 'number',
    views: 'number',
  },
  threads: { followersCount: 'number', likes: 'number', quotes: 'number', replies: 'number', reposts: 'number', views: 'number' },
};

const LINKEDIN_PAGES = ['overview', 'about', 'people', 'jobs', 'careers', 'lifeAt', 'insights', 'products'];
/** Figures that are averages or rates, not counts: they need not grow. */
const NOT_COUNTS = new Set(['averageViewDuration', 'averageViewPercentage', 'engagement', 'durationAverage', 'igId']);
/** A count of the account's audience that grows every day in the sandbox's model. */
const FOLLOWERS: Record<Network, string> = {
  bluesky: 'followersCount',
  twitter: 'followersCount',
  facebook: 'followersCount',
  instagram: 'followersCount',
  linkedin: 'followers.organicFollowerCount',
  tiktok: 'followerCount',
  youtube: 'subscriberCount',
  threads: 'followersCount',
};

const T0 = Date.parse('2026-06-10T05:00:00.000Z');
let clockMs = T0;
let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ now: () => new Date(clockMs), rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

function profileLinking(w: World, platform: string) {
  const profile = w.profiles.find((p) => p.platforms.includes(platform));
  if (!profile) throw new Error(`no profile links ${platform}`);
  return profile;
}

function social(c: SandboxClient, body: Record<string, unknown>, profileKey: string | null = null, x = true): Promise<Reply> {
  return c.api('POST', '/analytics/social', { body, profileKey, x });
}

async function accountOf(platform: Network, extra: Record<string, unknown> = {}, c = client, w = world) {
  const reply = await social(c, { platforms: [platform], ...extra }, profileLinking(w, platform).profileKey);
  expect(reply.status, JSON.stringify(reply.json)).toBe(200);
  return reply.json[platform] as { analytics: Record<string, any>; lastUpdated: string; nextUpdate: string };
}

/** Every number in an object tree by dotted path (arrays left out). */
function numbers(value: unknown, prefix = ''): Map<string, number> {
  const out = new Map<string, number>();
  if (typeof value === 'number') out.set(prefix, value);
  else if (value && typeof value === 'object' && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) for (const [p, n] of numbers(v, prefix ? `${prefix}.${k}` : k)) out.set(p, n);
  }
  return out;
}

function typeOf(value: unknown): string {
  return Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value;
}

describe('the fields of each network', () => {
  it.each(NETWORKS)('%s: every documented field is present with its type; counts are whole and not negative', async (platform) => {
    clockMs = T0;
    const entry = await accountOf(platform);
    expect(Object.keys(entry).sort()).toEqual(['analytics', 'lastUpdated', 'nextUpdate']);
    const analytics = entry.analytics;
    for (const [field, type] of Object.entries(FIELDS[platform])) {
      expect(typeOf(analytics[field]), `${platform}.${field}`).toBe(type);
    }
    expect(Object.keys(analytics).sort()).toEqual(Object.keys(FIELDS[platform]).sort());
    for (const [path, n] of numbers(analytics)) {
      expect(n, path).toBeGreaterThanOrEqual(0);
      if (!NOT_COUNTS.has(path)) expect(Number.isInteger(n), path).toBe(true);
    }
    for (const field of ['created', 'publishedAt']) if (analytics[field] !== undefined) expect(analytics[field]).toMatch(ISO);
  });

  it('facebook reactions by type add up to their total', async () => {
    const reactions = (await accountOf('facebook')).analytics.reactions as Record<string, number>;
    expect(Object.keys(reactions).sort()).toEqual(['anger', 'haha', 'like', 'love', 'sorry', 'total', 'wow']);
    const byType = ['like', 'love', 'haha', 'wow', 'sorry', 'anger'].map((type) => reactions[type] ?? NaN);
    expect(byType.reduce((sum, n) => sum + n, 0)).toBe(reactions.total);
    const a = (await accountOf('facebook')).analytics;
    expect(a.pagePostsImpressionsPaid).toBeLessThanOrEqual(a.pagePostsImpressions);
    expect(a.pagePostsImpressionsUnique).toBeLessThanOrEqual(a.pagePostsImpressions);
    expect(a.fanCount).toBeLessThanOrEqual(a.followersCount);
  });

  it('linkedin: organic and paid followers; page views by page and by device that add up', async () => {
    const { followers, engagement, impressionCount } = (await accountOf('linkedin')).analytics;
    const views = (await accountOf('linkedin')).analytics.views as Record<string, number>;
    const view = (name: string): number => views[name] ?? NaN;
    expect(Object.keys(followers).sort()).toEqual(['organicFollowerCount', 'paidFollowerCount']);
    let desktop = 0;
    let mobile = 0;
    for (const page of LINKEDIN_PAGES) {
      const Page = page[0]!.toUpperCase() + page.slice(1);
      expect(view(`${page}PageViews`)).toBe(view(`desktop${Page}PageViews`) + view(`mobile${Page}PageViews`));
      desktop += view(`desktop${Page}PageViews`);
      mobile += view(`mobile${Page}PageViews`);
    }
    expect(views.allDesktopPageViews).toBe(desktop);
    expect(views.allMobilePageViews).toBe(mobile);
    expect(views.allPageViews).toBe(desktop + mobile);
    expect(impressionCount).toBeGreaterThan(0);
    expect(engagement).toBeGreaterThan(0);
    expect(engagement).toBeLessThan(1);
  });

  it('youtube: playlists with their fields, the uploads playlist, the handle', async () => {
    const a = (await accountOf('youtube')).analytics;
    expect(a.playlists.length).toBeGreaterThanOrEqual(2);
    for (const list of a.playlists) {
      expect(Object.keys(list).sort()).toEqual(['channelId', 'description', 'id', 'publishedAt', 'title', 'url']);
      expect(list.channelId).toBe(a.id);
      expect(list.url).toBe(`https://www.youtube.com/playlist?list=${list.id}`);
    }
    expect(a.playlistId).toBe(`UU${a.id.slice(2)}`);
    expect(a.handle).toMatch(/^@/);
    expect(a.subscribersLost).toBeLessThan(a.subscribersGained);
  });

  it('the identity fields are the linked account of the profile asked for', async () => {
    const profile = profileLinking(world, 'bluesky');
    const reply = await social(client, { platforms: profile.platforms }, profile.profileKey);
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    expect(Object.keys(reply.json).sort()).toEqual(['status', ...profile.platforms].sort());
    const user = await client.api('GET', '/user', { profileKey: profile.profileKey });
    expect(user.json.displayNames.map((d: { platform: string }) => d.platform).sort()).toEqual([...profile.platforms].sort());
    expect(reply.json.bluesky.analytics.id).toMatch(/^did:plc:/);
  });
});

describe('numbers as a function of the seed and the clock', () => {
  it('lastUpdated ≤ now < nextUpdate, ISO 8601 UTC; the same answer until nextUpdate, then a new refresh', async () => {
    clockMs = T0 + 3 * DAY;
    for (const platform of NETWORKS) {
      const first = await accountOf(platform);
      expect(first.lastUpdated).toMatch(ISO_MS);
      expect(first.nextUpdate).toMatch(ISO_MS);
      expect(Date.parse(first.lastUpdated)).toBeLessThanOrEqual(clockMs);
      expect(Date.parse(first.nextUpdate)).toBeGreaterThan(clockMs);
      expect(Date.parse(first.nextUpdate) - Date.parse(first.lastUpdated)).toBe(REFRESH);
      const before = clockMs;
      clockMs = Date.parse(first.nextUpdate) - 1;
      expect(await accountOf(platform), platform).toEqual(first);
      clockMs = Date.parse(first.nextUpdate);
      const next = await accountOf(platform);
      expect(next.lastUpdated).toBe(first.nextUpdate);
      clockMs = before;
    }
  });

  it('counts only grow: a month later every count is at least as large and the audience larger', async () => {
    clockMs = T0;
    const before = new Map<Network, Map<string, number>>();
    for (const platform of NETWORKS) before.set(platform, numbers((await accountOf(platform)).analytics));
    clockMs = T0 + 30 * DAY;
    for (const platform of NETWORKS) {
      const after = numbers((await accountOf(platform)).analytics);
      for (const [path, n] of before.get(platform)!) {
        if (!NOT_COUNTS.has(path)) expect(after.get(path), `${platform}.${path}`).toBeGreaterThanOrEqual(n);
      }
      expect(after.get(FOLLOWERS[platform])!, platform).toBeGreaterThan(before.get(platform)!.get(FOLLOWERS[platform])!);
    }
    // and they grow refresh by refresh, not only over a month
    clockMs = T0 + 30 * DAY;
    const twitter = await accountOf('twitter');
    for (let i = 1; i <= 6; i++) {
      clockMs = T0 + 30 * DAY + i * DAY;
      const later = numbers((await accountOf('twitter')).analytics);
      for (const [path, n] of numbers(twitter.analytics)) expect(later.get(path), path).toBeGreaterThanOrEqual(n);
    }
  });

  it('the same seed and clock give the same numbers in another sandbox; another seed other numbers', async () => {
    // Both seeded at T0 (a world is dated from the clock at its start), then read at T0 + 5 days.
    clockMs = T0;
    const same = await openSandbox({ now: () => new Date(clockMs), rateLimit: 1_000_000 });
    const other = await openSandbox({ now: () => new Date(clockMs), rateLimit: 1_000_000, seed: 2 });
    try {
      const sameWorld = await same.snapshot();
      const otherWorld = await other.snapshot();
      clockMs = T0 + 5 * DAY;
      for (const platform of NETWORKS) {
        const ours = await accountOf(platform);
        expect(await accountOf(platform, {}, same, sameWorld), platform).toEqual(ours);
        expect(numbers((await accountOf(platform, {}, other, otherWorld)).analytics), platform).not.toEqual(numbers(ours.analytics));
      }
    } finally {
      await same.sandbox.close();
      await other.sandbox.close();
    }
  });
});
