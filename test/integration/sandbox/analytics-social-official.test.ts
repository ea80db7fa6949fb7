// The service's own account-analytics checks, run against the sandbox:
// - its published API test script for POST /analytics/social (github.com/ayrshare/hurl-scripts,
//   analytics_social.hurl, read at commit 1ceb10c): the same request and every assertion it makes,
//   against an account that links the networks the script asks for (as the script's own account
//   does). Two differences, both forced by the script's age and said in
//   docs/service-account-analytics.md: the X key pair is sent (required on every X request since
//   31 March 2026, after the script was written), and the threads assertions are checked with a
//   request that names threads (the script asserts threads without asking for it);
// - the official Node SDK's analyticsSocial (social-media-api 1.3.0), unchanged but for its base
//   URL, with the platforms of its README's example.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSdkAt } from '../../bench/client/sdkAtBaseUrl.ts';
import { openSandbox, type SandboxClient, type World } from './harness.ts';

const NOW = Date.parse('2026-06-10T05:00:00.000Z');
const SCRIPT_PLATFORMS = ['twitter', 'facebook', 'instagram', 'linkedin', 'tiktok', 'youtube'];

/** The paths the script asserts to exist, per network, as it writes them below `$.<network>.analytics`. */
const SCRIPT_PATHS: Record<string, string[]> = {
  twitter: [
    'created',
    'description',
    'displayName',
    'followersCount',
    'id',
    'listedCount',
    'location',
    'name',
    'profileImageUrl',
    'protected',
    'tweetCount',
    'url',
    'username',
    'verified',
  ],
  facebook: [
    'fanCount',
    'followersCount',
    'id',
    'link',
    'name',
    'pageFanRemoves',
    'pageImpressions',
    'pageImpressionsPaid',
    'pagePostEngagements',
    'pagePostsImpressions',
    'pagePostsImpressionsPaid',
    'pageVideoViewTime',
    'pageVideoViews',
    'pageVideoViewsPaid',
    'reactions.anger',
    'reactions.like',
    'reactions.love',
    'reactions.wow',
    'reactions.haha',
    'reactions.sorry',
    'reactions.total',
    'verified',
  ],
  instagram: [
    'biography',
    'commentsCount',
    'emailContactsCount',
    'followersCount',
    'followsCount',
    'id',
    'igId',
    'impressionsCount',
    'likeCount',
    'mediaCount',
    'name',
    'phoneCallClicksCount',
    'profilePictureUrl',
    'profileViewsCount',
    'reachCount',
    'textMessageClicksCount',
    'username',
    'websiteClicksCount',
  ],
  linkedin: [
    'clickCount',
    'commentCount',
    'engagement',
    'followers.organicFollowerCount',
    'followers.paidFollowerCount',
    'impressionCount',
    'likeCount',
    'shareCount',
    ...['about', 'careers', 'jobs', 'lifeAt', 'overview', 'people', 'products'].map((p) => `views.${p}PageViews`),
    ...['About', 'Careers', 'Insights', 'Jobs', 'LifeAt', 'Overview', 'People', 'Products'].flatMap((p) => [
      `views.desktop${p}PageViews`,
      `views.mobile${p}PageViews`,
    ]),
    'views.allDesktopPageViews',
    'views.allMobilePageViews',
    'views.allPageViews',
  ],
  tiktok: [
    'bio',
    'commentCountTotal',
    'displayName',
    'durationAverage',
    'followerCount',
    'followingCount',
    'likeCountTotal',
    'shareCountTotal',
    'url',
    'userImage',
    'username',
    'videoCountTotal',
    'viewCountTotal',
  ],
  youtube: [
    'averageViewDuration',
    'averageViewPercentage',
    'comments',
    'created',
    'description',
    'dislikes',
    'estimatedMinutesWatched',
    'handle',
    'hiddenSubscriberCount',
    'id',
    'isLinked',
    'likes',
    'longUploadsStatus',
    'playlistId',
    ...[0, 1].flatMap((i) => ['description', 'id', 'publishedAt', 'title', 'url', 'channelId'].map((f) => `playlists[${i}].${f}`)),
    'privacyStatus',
    'subscriberCount',
    'subscribersGained',
    'subscribersLost',
    'thumbnailUrl',
    'title',
    'url',
    'videoCount',
    'videosAddedToPlaylists',
    'viewCount',
    'views',
  ],
  threads: ['followersCount', 'likes', 'quotes', 'replies', 'reposts', 'views'],
};

/** What the script's `jsonpath "$.a.b[0].c" exists` checks: the value is there (null counts as absent). */
function at(value: unknown, path: string): unknown {
  let current = value;
  for (const part of path.split('.')) {
    const [, name, index] = /^([^[]+)(?:\[(\d+)\])?$/.exec(part) ?? [];
    if (current === null || typeof current !== 'object' || name === undefined) return undefined;
    current = (current as Record<string, unknown>)[name];
    if (index !== undefined) current = Array.isArray(current) ? current[Number(index)] : undefined;
  }
  return current;
}

let dir: string;
let client: SandboxClient;
let world: World;

beforeAll(async () => {
  // The script's account links every network it asks for; in the seeded world no profile does, so the
  // primary profile is given the facebook, tiktok and youtube accounts of the clients through its state file.
  dir = mkdtempSync(join(tmpdir(), 'analytics-social-'));
  const statePath = join(dir, 'world.json');
  const seeded = await openSandbox({ statePath, now: () => new Date(NOW) });
  await seeded.sandbox.close();
  const state = JSON.parse(readFileSync(statePath, 'utf8')) as { profiles: { profileKey: string | null; accounts: Record<string, unknown> }[] };
  const primary = state.profiles.find((p) => p.profileKey === null)!;
  for (const network of ['facebook', 'tiktok', 'youtube']) {
    primary.accounts[network] ??= state.profiles.find((p) => p.accounts[network])!.accounts[network];
  }
  writeFileSync(statePath, JSON.stringify(state));
  client = await openSandbox({ statePath, now: () => new Date(NOW + 3_600_000), rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(async () => {
  await client.sandbox.close();
  rmSync(dir, { recursive: true, force: true });
});

describe("the service's published test script for POST /analytics/social", () => {
  it('HTTP 200, JSON in UTF-8, status success, every asserted field of the six networks it asks for', async () => {
    const response = await fetch(`${client.sandbox.url}/analytics/social`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Authorization: `Bearer ${world.apiKey}`,
        'X-Twitter-OAuth1-Api-Key': world.xCredentials.key,
        'X-Twitter-OAuth1-Api-Secret': world.xCredentials.secret,
      },
      body: JSON.stringify({ platforms: SCRIPT_PLATFORMS }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.status).toBe('success');
    const missing = SCRIPT_PLATFORMS.flatMap((network) =>
      (SCRIPT_PATHS[network] ?? []).filter((path) => at(body, `${network}.analytics.${path}`) == null).map((p) => `${network}.${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('the threads assertions, with threads asked for', async () => {
    const reply = await client.api('POST', '/analytics/social', { body: { platforms: ['threads'] } });
    expect(reply.status).toBe(200);
    expect(SCRIPT_PATHS.threads!.filter((path) => at(reply.json, `threads.analytics.${path}`) == null)).toEqual([]);
  });
});

interface SdkWithAnalytics {
  setProfileKey(key: string): SdkWithAnalytics;
  setTwitterByo(key: string, secret: string): SdkWithAnalytics;
  analyticsSocial(data: { platforms: string[] }): Promise<Record<string, any>>;
}

describe('the official Node SDK: analyticsSocial', () => {
  it("its README's example (pinterest and reddit included): analytics per linked network, 109 for the others", async () => {
    const SocialMediaAPI = await loadSdkAt(client.sandbox.url);
    const sdk = new SocialMediaAPI(world.apiKey) as unknown as SdkWithAnalytics;
    sdk.setTwitterByo(world.xCredentials.key, world.xCredentials.secret);
    const platforms = ['twitter', 'instagram', 'facebook', 'youtube', 'pinterest', 'tiktok', 'reddit', 'linkedin'];
    const result = await sdk.analyticsSocial({ platforms });
    expect(result.status).toBe('error');
    for (const network of ['twitter', 'instagram', 'facebook', 'youtube', 'tiktok', 'linkedin']) {
      expect(typeof result[network].analytics, network).toBe('object');
      expect(result[network].lastUpdated, network).toEqual(expect.any(String));
    }
    expect(result.errors.map((e: { platform: string; code: number }) => [e.platform, e.code])).toEqual([
      ['pinterest', 109],
      ['reddit', 109],
    ]);
  });

  it("with a Profile-Key: the client profile's own accounts; without the X pair twitter is refused (419)", async () => {
    const SocialMediaAPI = await loadSdkAt(client.sandbox.url);
    const profile = world.profiles.find((p) => p.profileKey !== null && p.platforms.includes('bluesky'))!;
    const sdk = (new SocialMediaAPI(world.apiKey) as unknown as SdkWithAnalytics).setProfileKey(profile.profileKey!);
    const result = await sdk.analyticsSocial({ platforms: profile.platforms });
    expect(result.status).toBe('success');
    expect(Object.keys(result).sort()).toEqual(['status', ...profile.platforms].sort());
    const refused = await (new SocialMediaAPI(world.apiKey) as unknown as SdkWithAnalytics).analyticsSocial({ platforms: ['twitter'] });
    expect(refused).toMatchObject({ status: 'error', code: 419 });
  });
});
