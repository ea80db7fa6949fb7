import { describe, expect, it } from 'vitest';
import { NETWORKS, type Network, REPLY_BY_SOCIAL_ID_NETWORKS } from '../../../src/shared/networks.ts';
import { Random } from '../../../src/sandbox/random.ts';
import { seedWorld } from '../../../src/sandbox/world/seed.ts';
import { type CommentState, type NetworkPostState, postKey, type WorldState } from '../../../src/sandbox/world/types.ts';
import { outsideAuthor, outsideCommentText } from '../../../src/sandbox/world/vocabulary.ts';
import { World } from '../../../src/sandbox/world/world.ts';

const NOW = new Date('2026-05-01T12:00:00.123Z');
const DAY = 86_400_000;

function seeded(seed: number, now: Date = NOW): WorldState {
  return seedWorld({ seed, now, apiKey: 'test-api-key', plan: 'business' });
}

const world = seeded(7);
const nowMs = NOW.getTime();
const postsByKey = new Map(world.networkPosts.map((p) => [postKey(p.platform, p.socialId), p]));
const commentsByKey = new Map(world.comments.map((c) => [postKey(c.platform, c.socialId), c]));

function commentCounts(state: WorldState): number[] {
  const counts = new Map<string, number>();
  for (const c of state.comments) counts.set(c.postKey, (counts.get(c.postKey) ?? 0) + 1);
  return state.networkPosts.map((p) => counts.get(postKey(p.platform, p.socialId)) ?? 0).sort((a, b) => a - b);
}

const POST_ID_FORMATS: Record<Network, RegExp> = {
  bluesky: /^at:\/\/did:plc:[a-z2-7]{24}\/app\.bsky\.feed\.post\/[a-z2-7]{13}$/,
  facebook: /^\d+_\d+$/,
  instagram: /^\d{17}$/,
  linkedin: /^urn:li:share:\d{19}$/,
  tiktok: /^\d{19}$/,
  twitter: /^\d{19}$/,
  youtube: /^[A-Za-z0-9_-]{11}$/,
  threads: /^\d{17}$/,
};

const COMMENT_ID_FORMATS: Record<Network, RegExp> = {
  bluesky: /^at:\/\/did:plc:[a-z2-7]{24}\/app\.bsky\.feed\.post\/[a-z2-7]{13}$/,
  facebook: /^\d+_\d+$/,
  instagram: /^\d{17}$/,
  linkedin: /^\d{19}$/,
  tiktok: /^\d{19}$/,
  twitter: /^\d{19}$/,
  youtube: /^Ug[A-Za-z0-9_-]{24}$/,
  threads: /^\d{17}$/,
};

const ACCOUNT_ID_FORMATS: Record<Network, RegExp> = {
  bluesky: /^did:plc:[a-z2-7]{24}$/,
  facebook: /^\d{15}$/,
  instagram: /^17841\d{12}$/,
  linkedin: /^urn:li:organization:\d+$/,
  tiktok: /^\d{19}$/,
  twitter: /^\d{19}$/,
  youtube: /^UC[A-Za-z0-9_-]{22}$/,
  threads: /^\d{17}$/,
};

const CID = /^bafyrei[a-z2-7]{52}$/;

describe('seedWorld: determinism and size', () => {
  it('gives a deep-equal world for the same seed and now', () => {
    expect(seeded(7)).toEqual(world);
  });

  it('gives a different world for another seed', () => {
    const other = seeded(8);
    expect(other.profiles[1]?.refId).not.toBe(world.profiles[1]?.refId);
    expect(other.comments.length).not.toBe(world.comments.length);
  });

  it('dates everything relative to now, so a later now shifts every time by the same amount', () => {
    const later = seeded(7, new Date(nowMs + DAY));
    const shift = (iso: string, other: string) => Date.parse(other) - Date.parse(iso);
    expect(later.networkPosts.every((p, i) => shift(world.networkPosts[i]?.created ?? '', p.created) === DAY)).toBe(true);
    expect(later.comments.every((c, i) => shift(world.comments[i]?.created ?? '', c.created) === DAY)).toBe(true);
  });

  it('builds a World without error', () => {
    const live = new World(world);
    expect(live.primary.profileKey).toBeNull();
    const post = world.networkPosts[0] as NetworkPostState;
    expect(live.networkPost(post.platform, post.socialId)).toBe(post);
  });

  it('starts with an empty ledger and no deliveries, version 1, the seed and now', () => {
    expect(world.version).toBe(1);
    expect(world.seed).toBe(7);
    expect(world.createdAt).toBe(NOW.toISOString());
    expect(world.ledger).toEqual([]);
    expect(world.deliveries).toEqual([]);
    expect(world.idDraws).toBe(0);
  });
});

describe('seedWorld: account and profiles', () => {
  it('uses the given API key and plan, with X credentials of 25 and 50 characters', () => {
    expect(world.account.apiKey).toBe('test-api-key');
    expect(world.account.plan).toBe('business');
    expect(world.account.xCredentials.key).toMatch(/^[A-Za-z0-9]{25}$/);
    expect(world.account.xCredentials.secret).toMatch(/^[A-Za-z0-9]{50}$/);
  });

  it('has one primary profile and at least three user profiles with refId, profileKey and created', () => {
    const primary = world.profiles.filter((p) => p.profileKey === null);
    const users = world.profiles.filter((p) => p.profileKey !== null);
    expect(primary).toHaveLength(1);
    expect(users.length).toBeGreaterThanOrEqual(3);
    for (const profile of world.profiles) {
      expect(profile.refId).toMatch(/^[0-9a-f]{32}$/);
      expect(profile.title.length).toBeGreaterThan(0);
      expect(Date.parse(profile.created)).toBeLessThan(nowMs - 30 * DAY);
      expect(profile.webhooks).toEqual({});
      expect(profile.webhookSecret).toBeNull();
    }
    for (const user of users) expect(user.profileKey).toMatch(/^([A-Z0-9]{7}-){3}[A-Z0-9]{7}$/);
  });

  it('links all eight networks somewhere, each account with an id in its network format', () => {
    const linked = new Set<Network>();
    for (const profile of world.profiles) {
      for (const [network, identity] of Object.entries(profile.accounts) as [Network, { id: string; username: string; displayName: string }][]) {
        linked.add(network);
        expect(identity.id).toMatch(ACCOUNT_ID_FORMATS[network]);
        expect(identity.username.length).toBeGreaterThan(0);
        expect(identity.displayName.length).toBeGreaterThan(0);
      }
    }
    expect([...linked].sort()).toEqual([...NETWORKS].sort());
    const bluesky = world.profiles.flatMap((p) => (p.accounts.bluesky ? [p.accounts.bluesky.username] : []));
    expect(bluesky).toContain('bloombakery.bsky.social');
  });
});

describe('seedWorld: posts', () => {
  it('gives every profile at least 20 posts, all within the last 30 days', () => {
    for (const profile of world.profiles) {
      const posts = world.networkPosts.filter((p) => p.profileRefId === profile.refId);
      expect(posts.length).toBeGreaterThanOrEqual(20);
      for (const post of posts) {
        const created = Date.parse(post.created);
        expect(created).toBeLessThanOrEqual(nowMs);
        expect(created).toBeGreaterThan(nowMs - 30 * DAY);
      }
    }
  });

  it('makes most posts through the service and some only on the network', () => {
    for (const profile of world.profiles) {
      const posts = world.networkPosts.filter((p) => p.profileRefId === profile.refId);
      const viaService = posts.filter((p) => p.serviceId !== null).length;
      expect(viaService).toBeGreaterThan(posts.length / 2);
      expect(viaService).toBeLessThan(posts.length);
    }
  });

  it('makes every service post one network post per platform, 1–4 of the profile’s linked networks', () => {
    for (const sp of world.servicePosts) {
      const profile = world.profiles.find((p) => p.refId === sp.profileRefId);
      expect(sp.platforms.length).toBeGreaterThanOrEqual(1);
      expect(sp.platforms.length).toBeLessThanOrEqual(4);
      const posts = world.networkPosts.filter((p) => p.serviceId === sp.serviceId);
      expect(posts.map((p) => p.platform).sort()).toEqual([...sp.platforms].sort());
      for (const post of posts) {
        expect(profile?.accounts[post.platform]).toBeDefined();
        expect(post.text).toBe(sp.text);
        expect(post.created).toBe(sp.created);
      }
    }
  });

  it('writes post texts that fit a tweet, with hashtags, mentions and links somewhere', () => {
    expect(world.networkPosts.every((p) => Array.from(p.text).length <= 280)).toBe(true);
    expect(world.networkPosts.some((p) => /(^|\s)#\w+/.test(p.text))).toBe(true);
    expect(world.networkPosts.some((p) => /(^|\s)@\w+/.test(p.text))).toBe(true);
    expect(world.networkPosts.some((p) => p.text.includes('https://'))).toBe(true);
  });

  it('gives social post ids in each network’s format, with a cid on bluesky and an activity on linkedin', () => {
    for (const post of world.networkPosts) {
      expect(post.socialId).toMatch(POST_ID_FORMATS[post.platform]);
      expect(post.postUrl).toMatch(/^https:\/\//);
      expect(Number.isInteger(post.metricsSeed)).toBe(true);
      if (post.platform === 'bluesky') expect(post.cid).toMatch(CID);
      if (post.platform === 'linkedin') expect(post.activityId).toMatch(/^\d{19}$/);
    }
  });

  it('keeps social post ids unique per network', () => {
    expect(postsByKey.size).toBe(world.networkPosts.length);
  });

  it('gives owned youtube videos a title', () => {
    const videos = world.networkPosts.filter((p) => p.platform === 'youtube');
    expect(videos.length).toBeGreaterThan(0);
    for (const video of videos) expect(video.title?.length).toBeGreaterThan(0);
  });
});

describe('seedWorld: special posts', () => {
  it('has another channel’s youtube video: not owned, flagged notOwned, outside the service, with a title', () => {
    const video = world.networkPosts.find((p) => p.flags.includes('notOwned'));
    expect(video).toMatchObject({ platform: 'youtube', owned: false, flags: ['notOwned'], serviceId: null });
    expect(video?.title?.length).toBeGreaterThan(0);
  });

  it('has an instagram post from before the business conversion, older than the profile’s other instagram posts', () => {
    const early = world.networkPosts.find((p) => p.flags.includes('preBusiness'));
    expect(early).toMatchObject({ platform: 'instagram', flags: ['preBusiness'], serviceId: null });
    const others = world.networkPosts.filter((p) => p.platform === 'instagram' && p.profileRefId === early?.profileRefId && p !== early);
    expect(others.length).toBeGreaterThan(0);
    for (const other of others) expect(Date.parse(other.created)).toBeGreaterThan(Date.parse(early?.created ?? ''));
  });

  it('has a twitter thread of three tweets made outside the service, each pointing at the first', () => {
    const thread = world.networkPosts.filter((p) => p.flags.includes('thread')).sort((a, b) => Date.parse(a.created) - Date.parse(b.created));
    expect(thread).toHaveLength(3);
    const first = thread[0] as NetworkPostState;
    for (const tweet of thread) {
      expect(tweet).toMatchObject({ platform: 'twitter', serviceId: null, flags: ['thread'], threadOf: first.socialId });
      expect(tweet.profileRefId).toBe(first.profileRefId);
    }
  });

  it('has a twitter post the account does not own, without flags', () => {
    const retweet = world.networkPosts.find((p) => p.platform === 'twitter' && !p.owned);
    expect(retweet).toMatchObject({ flags: [], serviceId: null });
  });

  it('has backfilled and recovered posts whose stored data dates between their creation and now', () => {
    for (const flag of ['backfilled', 'recovered'] as const) {
      const flagged = world.networkPosts.filter((p) => p.flags.includes(flag));
      expect(flagged.length).toBeGreaterThan(0);
      for (const post of flagged) {
        const stored = Date.parse(post.storedDataAt ?? '');
        expect(stored).toBeGreaterThan(Date.parse(post.created));
        expect(stored).toBeLessThan(nowMs);
      }
    }
    const unflagged = world.networkPosts.filter((p) => !p.flags.includes('backfilled') && !p.flags.includes('recovered'));
    expect(unflagged.every((p) => p.storedDataAt === undefined)).toBe(true);
  });

  it('disables comments only on instagram, linkedin and tiktok, never as a stored commentsDisabled flag', () => {
    const disabled = world.networkPosts.filter((p) => p.disableComments);
    expect(disabled.length).toBeGreaterThanOrEqual(1);
    for (const post of disabled) expect(['instagram', 'linkedin', 'tiktok']).toContain(post.platform);
    expect(world.networkPosts.some((p) => p.flags.includes('commentsDisabled'))).toBe(false);
  });

  it('keeps every special post in every world (several seeds)', () => {
    for (const seed of [1, 2, 3, 99]) {
      const other = seeded(seed);
      const flags = new Set(other.networkPosts.flatMap((p) => p.flags));
      for (const flag of ['notOwned', 'preBusiness', 'thread', 'backfilled', 'recovered'] as const) {
        expect(flags.has(flag), `seed ${seed}: ${flag}`).toBe(true);
      }
      expect(other.networkPosts.some((p) => p.platform === 'twitter' && !p.owned && p.flags.length === 0)).toBe(true);
      expect(other.networkPosts.some((p) => p.disableComments)).toBe(true);
    }
  });
});

describe('seedWorld: comments', () => {
  it('spreads comments with a heavy tail: median per post ≤ 10, most commented between 250 and 600', () => {
    for (const seed of [7, 1, 2, 3, 99]) {
      const counts = commentCounts(seed === 7 ? world : seeded(seed));
      const median = counts[Math.floor(counts.length / 2)] ?? 0;
      const max = counts[counts.length - 1] ?? 0;
      expect(median, `seed ${seed}`).toBeLessThanOrEqual(10);
      expect(max, `seed ${seed}`).toBeGreaterThanOrEqual(250);
      expect(max, `seed ${seed}`).toBeLessThanOrEqual(600);
    }
  });

  it('gives social comment ids in each network’s format, with a cid on bluesky', () => {
    for (const comment of world.comments) {
      expect(comment.socialId).toMatch(COMMENT_ID_FORMATS[comment.platform]);
      if (comment.platform === 'bluesky') expect(comment.cid).toMatch(CID);
      else expect(comment.cid).toBeUndefined();
    }
  });

  it('keeps social comment ids unique per network', () => {
    expect(commentsByKey.size).toBe(world.comments.length);
  });

  it('puts every comment on an existing post of its network', () => {
    for (const comment of world.comments) {
      expect(postsByKey.get(comment.postKey)?.platform).toBe(comment.platform);
    }
  });

  it('dates every comment between its post’s creation and now', () => {
    for (const comment of world.comments) {
      const created = Date.parse(comment.created);
      const post = postsByKey.get(comment.postKey) as NetworkPostState;
      expect(created).toBeGreaterThan(Date.parse(post.created));
      expect(created).toBeLessThanOrEqual(nowMs);
    }
  });

  it('keeps comments oldest first, as World reads them', () => {
    const times = world.comments.map((c) => Date.parse(c.created));
    expect(times.every((t, i) => i === 0 || t >= (times[i - 1] as number))).toBe(true);
  });

  it('dates every reply after its parent, on the same post', () => {
    const replies = world.comments.filter((c) => c.parentSocialId !== null);
    expect(replies.length).toBeGreaterThan(0);
    for (const reply of replies) {
      const parent = commentsByKey.get(postKey(reply.platform, reply.parentSocialId as string)) as CommentState;
      expect(parent).toBeDefined();
      expect(parent.postKey).toBe(reply.postKey);
      expect(Date.parse(reply.created)).toBeGreaterThan(Date.parse(parent.created));
    }
  });

  it('gives about a fifth of top-level comments replies, some of them replies to replies', () => {
    const topLevel = world.comments.filter((c) => c.parentSocialId === null && !c.byAccount);
    const parents = new Set(world.comments.filter((c) => c.parentSocialId).map((c) => c.parentSocialId));
    const answered = topLevel.filter((c) => parents.has(c.socialId)).length;
    expect(answered / topLevel.length).toBeGreaterThan(0.1);
    expect(answered / topLevel.length).toBeLessThan(0.35);
    const repliesToReplies = world.comments.filter((c) => {
      const parent = c.parentSocialId ? commentsByKey.get(postKey(c.platform, c.parentSocialId)) : undefined;
      return parent?.parentSocialId != null;
    });
    expect(repliesToReplies.length).toBeGreaterThan(0);
  });

  it('has replies by the account, from the profile’s own identity on that network', () => {
    const byAccount = world.comments.filter((c) => c.byAccount && c.parentSocialId !== null);
    expect(byAccount.length).toBeGreaterThan(0);
    for (const comment of world.comments.filter((c) => c.byAccount)) {
      const post = postsByKey.get(comment.postKey) as NetworkPostState;
      const profile = world.profiles.find((p) => p.refId === post.profileRefId);
      const identity = profile?.accounts[comment.platform];
      expect(comment.from).toEqual({ id: identity?.id, username: identity?.username });
      expect(post.owned).toBe(true);
    }
  });

  it('hides some comments, about 2%, and never the account’s own', () => {
    const hidden = world.comments.filter((c) => c.hidden);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.length / world.comments.length).toBeLessThan(0.05);
    expect(hidden.every((c) => !c.byAccount)).toBe(true);
  });

  it('has outside authors who come back, from a pool per network', () => {
    const byAuthor = new Map<string, number>();
    for (const c of world.comments.filter((c) => !c.byAccount)) byAuthor.set(c.from.id, (byAuthor.get(c.from.id) ?? 0) + 1);
    expect(Math.max(...byAuthor.values())).toBeGreaterThan(5);
  });

  it('links service comments to their comments both ways, on networks of the post', () => {
    expect(world.serviceComments.length).toBeGreaterThan(0);
    const multiNetwork = world.serviceComments.filter((sc) => Object.keys(sc.socialIds).length > 1);
    expect(multiNetwork.length).toBeGreaterThan(0);
    for (const sc of world.serviceComments) {
      for (const [platform, socialId] of Object.entries(sc.socialIds) as [Network, string][]) {
        const comment = commentsByKey.get(postKey(platform, socialId)) as CommentState;
        expect(comment.serviceCommentId).toBe(sc.serviceCommentId);
        expect(comment.byAccount).toBe(true);
        const post = postsByKey.get(comment.postKey) as NetworkPostState;
        expect(post.serviceId).toBe(sc.postServiceId);
        expect(post.profileRefId).toBe(sc.profileRefId);
        if (comment.parentSocialId !== null) expect(REPLY_BY_SOCIAL_ID_NETWORKS).toContain(platform);
      }
    }
    const linked = world.comments.filter((c) => c.serviceCommentId !== null);
    const listed = world.serviceComments.reduce((n, sc) => n + Object.keys(sc.socialIds).length, 0);
    expect(linked.length).toBe(listed);
  });

  it('has questions that need an answer among outside comments', () => {
    const questions = world.comments.filter((c) => !c.byAccount && c.text.includes('?'));
    expect(questions.length).toBeGreaterThan(world.comments.length * 0.1);
  });
});

describe('vocabulary for live activity', () => {
  it('makes outside authors with ids in the network’s format and a username', () => {
    const rng = new Random(5);
    for (const network of NETWORKS) {
      const author = outsideAuthor(rng, network);
      expect(author.id.length).toBeGreaterThan(5);
      expect(author.username.length).toBeGreaterThan(2);
      if (network === 'bluesky') expect(author.id).toMatch(/^did:plc:[a-z2-7]{24}$/);
      if (network === 'youtube') expect(author.id).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
      if (network === 'twitter') expect(author.username).toMatch(/^[A-Za-z0-9_]{1,15}$/);
    }
  });

  it('writes varied, non-empty outside comment texts deterministically', () => {
    const texts = (seed: number) => {
      const rng = new Random(seed);
      return Array.from({ length: 50 }, () => outsideCommentText(rng, 'instagram'));
    };
    expect(texts(3)).toEqual(texts(3));
    expect(texts(3).every((t) => t.trim().length > 0)).toBe(true);
    expect(new Set(texts(3)).size).toBeGreaterThan(20);
  });
});
