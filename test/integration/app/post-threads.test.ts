// The sandbox's seeded twitter thread and its guest youtube video, through the core as a host builds
// it (real sandbox over HTTP, real SQLite store): the thread is found from its tweets, each tweet's
// numbers are fetched on their own; the guest video, which no list of the service has, is tracked by
// its link, gets its numbers by social id, shows as another channel's video, and can be removed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppRig, worldOf, type SandboxWorld } from './appHarness.ts';

let rig: AppRig;
type WorldPost = SandboxWorld['posts'][number] & { threadOf?: string };
let world: Omit<SandboxWorld, 'posts'> & { posts: WorldPost[] };

beforeAll(async () => {
  rig = await AppRig.start();
  await rig.until('the sandbox profiles', async () => (await rig.call('profiles.list', {})).profiles.length > 1 || null);
  world = await worldOf(rig.sandbox);
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

const metricsFound = (keys: string[]) =>
  rig.until(`numbers of ${keys.join(', ')}`, async () => {
    const answers = await Promise.all(keys.map((postKey) => rig.call('posts.metrics', { postKey })));
    return answers.every((a) => a.latest !== null) ? answers : null;
  });

describe('twitter threads', () => {
  it('finds the seeded thread, first tweet first, and fetches every tweet’s own numbers', async () => {
    const tweets = world.posts.filter((p) => p.threadOf !== undefined);
    expect(tweets).toHaveLength(3);
    const head = tweets[0]!.threadOf!;
    const profileId = tweets[0]!.profileRefId;
    const keys = tweets.map((p) => `twitter:${p.socialId}`);

    const threads = await rig.until('the thread', async () => {
      const found = (await rig.call('posts.threads', { profileId })).threads;
      return found.length > 0 ? found : null;
    });
    expect(threads).toEqual([{ headKey: `twitter:${head}`, keys, announced: 3 }]);

    for (const postKey of keys) await rig.call('sync.refresh', { postKey });
    const answers = await metricsFound(keys);
    // Each tweet its own answer, with its own text: none was left for the service to add.
    expect(answers.map((a) => a.latest?.socialPostId)).toEqual(tweets.map((p) => p.socialId));
    expect(answers.map((a) => a.latest?.metrics['post'])).toEqual(answers.map((a) => a.post.text));
    expect(new Set(answers.map((a) => JSON.stringify((a.latest?.metrics['publicMetrics'] as Record<string, number>) ?? {}))).size).toBe(3);
  });

  it('keeps the user’s corrections: ungrouped stays apart, tweets grouped by hand make a thread', async () => {
    const tweets = world.posts.filter((p) => p.threadOf !== undefined);
    const profileId = tweets[0]!.profileRefId;
    const keys = tweets.map((p) => `twitter:${p.socialId}`);
    expect((await rig.call('posts.ungroupThread', { profileId, headKey: keys[0]! })).threads).toEqual([]);
    expect((await rig.call('posts.threads', { profileId })).threads).toEqual([]);
    // Another client's tweet, or a post of another network, cannot join.
    const foreign = world.posts.find((p) => p.platform === 'twitter' && p.profileRefId !== profileId);
    if (foreign)
      expect(await rig.invoke('posts.groupThread', { profileId, postKeys: [keys[0]!, `twitter:${foreign.socialId}`] })).toMatchObject({
        ok: false,
        error: { code: 'refused' },
      });
    expect(await rig.invoke('posts.groupThread', { profileId, postKeys: [keys[0]!] })).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const grouped = await rig.call('posts.groupThread', { profileId, postKeys: [keys[2]!, keys[1]!] });
    expect(grouped.threads).toEqual([{ headKey: keys[1], keys: [keys[1], keys[2]], announced: null, manual: true }]);
    expect(await rig.invoke('posts.ungroupThread', { profileId, headKey: keys[0]! })).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect((await rig.call('posts.ungroupThread', { profileId, headKey: keys[1]! })).threads).toEqual([]);
  });
});

describe('a post tracked by hand', () => {
  it('tracks the guest video by its link: numbers by social id, the other-channel flag, then removal', async () => {
    const guest = world.posts.find((p) => p.flags.includes('notOwned') && p.platform === 'youtube');
    if (!guest) throw new Error('the sandbox world has no guest video');
    const key = `youtube:${guest.socialId}`;
    const before = await rig.call('posts.list', { profileId: guest.profileRefId });
    expect(before.posts.some((s) => s.post.key === key)).toBe(false);

    const refused = await rig.invoke('posts.track', {
      profileId: guest.profileRefId,
      platform: 'youtube',
      reference: 'https://www.youtube.com/@StillWaterYoga',
    });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    const otherNetwork = world.profiles.find((p) => p.refId !== guest.profileRefId && !p.platforms.includes('youtube'));
    if (otherNetwork) {
      const notLinked = await rig.invoke('posts.track', { profileId: otherNetwork.refId, platform: 'youtube', reference: guest.socialId });
      expect(notLinked).toMatchObject({ ok: false, error: { code: 'refused' } });
    }

    const { post } = await rig.call('posts.track', {
      profileId: guest.profileRefId,
      platform: 'youtube',
      reference: `https://youtu.be/${guest.socialId}?si=share`,
    });
    expect(post).toMatchObject({ key, socialPostId: guest.socialId, servicePostId: null, profileId: guest.profileRefId });
    expect(post.trackedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // Tracking it again changes nothing.
    expect((await rig.call('posts.track', { profileId: guest.profileRefId, platform: 'youtube', reference: guest.socialId })).post).toEqual(post);

    const [metrics] = await metricsFound([key]);
    expect(metrics!.flags.notOwned).toBe(true);
    expect(metrics!.latest?.metrics['views']).toBe(0);
    const listed = (await rig.call('posts.list', { profileId: guest.profileRefId })).posts.find((s) => s.post.key === key);
    expect(listed?.post.trackedAt).toBe(post.trackedAt);

    // A post on the service's lists cannot be removed; the tracked one can.
    const listedOne = before.posts[0]!.post.key;
    expect(await rig.invoke('posts.untrack', { postKey: listedOne })).toMatchObject({ ok: false, error: { code: 'refused' } });
    expect(await rig.call('posts.untrack', { postKey: key })).toEqual({ ok: true });
    expect((await rig.call('posts.list', { profileId: guest.profileRefId })).posts.some((s) => s.post.key === key)).toBe(false);
  });
});
