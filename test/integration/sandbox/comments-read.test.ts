// GET /comments/:id (and the legacy GET /comments?id=): a service post's comments on every network
// of the post, a social post's comments (searchPlatformId + platform), one social comment with its
// replies (commentId=true); the comment record's fields, their order, the 1,000 cap of facebook and
// instagram, profile scoping, X headers. Posts and comments are picked from the seeded world.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileKeyOf, type SandboxClient, type World } from './harness.ts';

interface CommentRecord {
  comment: string;
  commentId: string;
  created: string;
  from: { id: string; username: string };
  hidden: boolean;
  likeCount: number;
  platform: string;
  postId: string;
  username: string;
  replies?: CommentRecord[];
  commentUrn?: string;
  videoId?: string;
  [key: string]: unknown;
}

type Post = World['posts'][number];

/** UTC ISO 8601 `YYYY-MM-DDThh:mm:ssZ`, milliseconds optional (spec, Timestamps). */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const LINKEDIN_URN = /^urn:li:comment:\(urn:li:activity:\d+,(\d+)\)$/;

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

/** Service posts of the world: id, owner and the networks it lives on. */
function servicePosts(): { serviceId: string; profileRefId: string; posts: Post[] }[] {
  const byId = new Map<string, { serviceId: string; profileRefId: string; posts: Post[] }>();
  for (const post of world.posts) {
    if (!post.serviceId) continue;
    const entry = byId.get(post.serviceId) ?? { serviceId: post.serviceId, profileRefId: post.profileRefId, posts: [] };
    entry.posts.push(post);
    byId.set(post.serviceId, entry);
  }
  return [...byId.values()];
}

function flatten(records: CommentRecord[]): CommentRecord[] {
  return records.flatMap((r) => [r, ...flatten(r.replies ?? [])]);
}

function socialQuery(platform: string, extra = ''): string {
  return `?searchPlatformId=true&platform=${platform}${extra}`;
}

/** The comments of one network post as GET by social post id lists them. */
async function listOf(post: Post): Promise<CommentRecord[]> {
  const reply = await client.api('GET', `/comments/${encodeURIComponent(post.socialId)}${socialQuery(post.platform)}`, {
    profileKey: profileKeyOf(world, post.profileRefId),
    x: true,
  });
  expect(reply.status).toBe(200);
  return reply.json[post.platform] as CommentRecord[];
}

/** For each network, the live post with the most comments (so there are replies to look at). */
function busiestPostPerNetwork(): Map<string, Post> {
  const best = new Map<string, Post>();
  for (const post of world.posts) {
    if (post.commentCount === 0) continue;
    const current = best.get(post.platform);
    if (!current || post.commentCount > current.commentCount) best.set(post.platform, post);
  }
  return best;
}

describe('GET /comments/:id with a service post id: the comments of every network of the post', () => {
  it('answers {status, id, <platform>: [records]} with one array per network of the post, holding all its comments', async () => {
    const post = servicePosts().find((p) => p.posts.length >= 3 && p.posts.every((n) => n.commentCount > 0));
    if (!post) throw new Error('seed has no service post on three networks with comments');
    const reply = await client.api('GET', `/comments/${post.serviceId}`, { profileKey: profileKeyOf(world, post.profileRefId), x: true });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    expect(reply.json.id).toBe(post.serviceId);
    expect(Object.keys(reply.json).sort()).toEqual(['id', 'status', ...post.posts.map((p) => p.platform)].sort());
    for (const networkPost of post.posts) {
      const records = reply.json[networkPost.platform] as CommentRecord[];
      expect(Array.isArray(records)).toBe(true);
      // commentCount of the control surface counts every live comment, replies included.
      expect(flatten(records)).toHaveLength(networkPost.commentCount);
      for (const record of flatten(records)) {
        expect(record.platform).toBe(networkPost.platform);
        expect(record.postId).toBe(networkPost.socialId);
      }
    }
  });

  it('a network of the post without comments is an empty array, not a missing key', async () => {
    const post = servicePosts().find((p) => p.posts.some((n) => n.commentCount === 0) && p.posts.some((n) => n.commentCount > 0));
    if (!post) throw new Error('seed has no service post with one network silent and another commented');
    const reply = await client.api('GET', `/comments/${post.serviceId}`, { profileKey: profileKeyOf(world, post.profileRefId), x: true });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['id', 'status', ...post.posts.map((p) => p.platform)].sort());
    const silent = post.posts.find((n) => n.commentCount === 0) as Post;
    expect(reply.json[silent.platform]).toEqual([]);
  });

  it('an unknown service post id is 404 with code 114', async () => {
    const reply = await client.api('GET', '/comments/NoSuchServicePostId00', { x: true });
    expect(reply.status).toBe(404);
    expect(reply.json).toMatchObject({ status: 'error', code: 114 });
  });

  it('a social post id without searchPlatformId is not a service post id: 404', async () => {
    const outside = world.posts.find((p) => p.serviceId === null && profileKeyOf(world, p.profileRefId) === null && p.platform !== 'twitter');
    if (!outside) throw new Error('primary profile has no outside post');
    const reply = await client.api('GET', `/comments/${encodeURIComponent(outside.socialId)}`);
    expect(reply.status).toBe(404);
    expect(reply.json.code).toBe(114);
  });
});

describe("another profile's post is unknown (404), scoped by the Profile-Key", () => {
  it("a user profile's service post: 200 with its Profile-Key, 404 code 114 for the primary profile and for another user profile", async () => {
    const post = servicePosts().find((p) => profileKeyOf(world, p.profileRefId) !== null && p.posts.every((n) => n.platform !== 'twitter'));
    if (!post) throw new Error('no user-profile service post off twitter');
    const own = await client.api('GET', `/comments/${post.serviceId}`, { profileKey: profileKeyOf(world, post.profileRefId) });
    expect(own.status).toBe(200);
    expect(own.json.id).toBe(post.serviceId);

    const asPrimary = await client.api('GET', `/comments/${post.serviceId}`);
    expect(asPrimary.status).toBe(404);
    expect(asPrimary.json).toMatchObject({ status: 'error', code: 114 });

    const other = world.profiles.find((p) => p.profileKey !== null && p.refId !== post.profileRefId);
    const asOther = await client.api('GET', `/comments/${post.serviceId}`, { profileKey: other?.profileKey ?? null });
    expect(asOther.status).toBe(404);
    expect(asOther.json.code).toBe(114);
  });

  it("a user profile's social post id and social comment id: 404 for the primary profile", async () => {
    const post = world.posts.find((p) => profileKeyOf(world, p.profileRefId) !== null && p.commentCount > 0 && p.platform !== 'twitter');
    if (!post) throw new Error('no commented user-profile post');
    const [first] = await listOf(post);
    const path = `/comments/${encodeURIComponent(post.socialId)}${socialQuery(post.platform)}`;
    expect((await client.api('GET', path)).status).toBe(404);
    const byComment = await client.api('GET', `/comments/${encodeURIComponent(first!.commentId)}${socialQuery(post.platform, '&commentId=true')}`);
    expect(byComment.status).toBe(404);
    expect(byComment.json.code).toBe(114);
  });
});

describe('a request that targets twitter needs the X headers', () => {
  it('a service post on twitter: 419 with action x_credentials_required without the headers, 200 with them', async () => {
    const post = servicePosts().find((p) => profileKeyOf(world, p.profileRefId) === null && p.posts.some((n) => n.platform === 'twitter'));
    if (!post) throw new Error('primary profile has no service post on twitter');
    const bare = await client.api('GET', `/comments/${post.serviceId}`);
    expect(bare.status).toBe(419);
    expect(bare.json).toMatchObject({ action: 'x_credentials_required', status: 'error', code: 419, platform: 'twitter' });
    const withX = await client.api('GET', `/comments/${post.serviceId}`, { x: true });
    expect(withX.status).toBe(200);
    expect(Array.isArray(withX.json.twitter)).toBe(true);
  });

  it('a service post off twitter needs no X headers', async () => {
    const post = servicePosts().find((p) => profileKeyOf(world, p.profileRefId) === null && p.posts.every((n) => n.platform !== 'twitter'));
    if (!post) throw new Error('primary profile has no service post off twitter');
    const reply = await client.api('GET', `/comments/${post.serviceId}`);
    expect(reply.status).toBe(200);
  });

  it('a twitter social post id: 419 without the headers, 200 with them', async () => {
    const tweet = world.posts.find((p) => p.platform === 'twitter' && p.serviceId === null);
    if (!tweet) throw new Error('no outside tweet');
    const path = `/comments/${tweet.socialId}${socialQuery('twitter')}`;
    const options = { profileKey: profileKeyOf(world, tweet.profileRefId) };
    expect((await client.api('GET', path, options)).status).toBe(419);
    expect((await client.api('GET', path, { ...options, x: true })).status).toBe(200);
  });
});

describe('GET /comments/:id with a social post id: searchPlatformId=true and platform', () => {
  it('answers {status, id, <platform>: [records]} for a post made outside the service, on every network', async () => {
    const outside = world.posts.filter((p) => p.serviceId === null && p.commentCount > 0);
    const platforms = new Set(outside.map((p) => p.platform));
    expect(platforms.size).toBeGreaterThanOrEqual(3);
    for (const platform of platforms) {
      const post = outside.find((p) => p.platform === platform) as Post;
      const reply = await client.api('GET', `/comments/${encodeURIComponent(post.socialId)}${socialQuery(platform)}`, {
        profileKey: profileKeyOf(world, post.profileRefId),
        x: true,
      });
      expect(reply.status).toBe(200);
      expect(Object.keys(reply.json).sort()).toEqual(['id', platform, 'status'].sort());
      expect(reply.json).toMatchObject({ status: 'success', id: post.socialId });
      expect(flatten(reply.json[platform])).toHaveLength(post.commentCount);
    }
  });

  it('a social post id of a service post gives the same records as the service post id for that network', async () => {
    const post = servicePosts().find((p) => profileKeyOf(world, p.profileRefId) === null && p.posts.length >= 2 && p.posts.some((n) => n.commentCount > 0));
    if (!post) throw new Error('no multi-network service post of the primary profile');
    const byService = await client.api('GET', `/comments/${post.serviceId}`, { x: true });
    for (const networkPost of post.posts) {
      expect(await listOf(networkPost)).toEqual(byService.json[networkPost.platform]);
    }
  });

  it('searchPlatformId=true without platform is 400 (code 104)', async () => {
    const post = world.posts.find((p) => profileKeyOf(world, p.profileRefId) === null) as Post;
    const reply = await client.api('GET', `/comments/${encodeURIComponent(post.socialId)}?searchPlatformId=true`);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 104 });
  });

  it('an unknown platform is 400 (code 106)', async () => {
    const post = world.posts.find((p) => profileKeyOf(world, p.profileRefId) === null) as Post;
    const reply = await client.api('GET', `/comments/${encodeURIComponent(post.socialId)}?searchPlatformId=true&platform=myspace`);
    expect(reply.status).toBe(400);
    expect(reply.json).toMatchObject({ status: 'error', code: 106 });
  });

  it('the right id with the wrong platform is unknown: 404 code 114', async () => {
    const post = world.posts.find((p) => profileKeyOf(world, p.profileRefId) === null && p.platform === 'instagram') as Post;
    const reply = await client.api('GET', `/comments/${post.socialId}${socialQuery('threads')}`);
    expect(reply.status).toBe(404);
    expect(reply.json.code).toBe(114);
  });
});

describe('GET /comments/:id?searchPlatformId=true&platform=P&commentId=true: one social comment with its replies', () => {
  async function commentWithReplies(): Promise<{ post: Post; record: CommentRecord }> {
    for (const post of [...busiestPostPerNetwork().values()]) {
      const record = (await listOf(post)).find((r) => (r.replies ?? []).length > 0);
      if (record) return { post, record };
    }
    throw new Error('no comment with replies in the seed');
  }

  it('answers {status, <platform>: [that comment, replies nested]} exactly as the post listing shows it', async () => {
    const { post, record } = await commentWithReplies();
    const reply = await client.api('GET', `/comments/${encodeURIComponent(record.commentId)}${socialQuery(post.platform, '&commentId=true')}`, {
      profileKey: profileKeyOf(world, post.profileRefId),
      x: true,
    });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual([post.platform, 'status'].sort());
    expect(reply.json.status).toBe('success');
    expect(reply.json[post.platform]).toEqual([record]);
    expect(reply.json[post.platform][0].replies.length).toBeGreaterThan(0);
  });

  it('commentId=true without searchPlatformId is 400', async () => {
    const { post, record } = await commentWithReplies();
    const reply = await client.api('GET', `/comments/${encodeURIComponent(record.commentId)}?commentId=true&platform=${post.platform}`, {
      profileKey: profileKeyOf(world, post.profileRefId),
      x: true,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.status).toBe('error');
    expect(reply.json.code).toBe(105);
  });

  it('commentId=true with searchPlatformId but without platform is 400 (code 104)', async () => {
    const { post, record } = await commentWithReplies();
    const reply = await client.api('GET', `/comments/${encodeURIComponent(record.commentId)}?searchPlatformId=true&commentId=true`, {
      profileKey: profileKeyOf(world, post.profileRefId),
      x: true,
    });
    expect(reply.status).toBe(400);
    expect(reply.json.code).toBe(104);
  });

  it('an unknown social comment id is 404 code 114; a post id is not a comment id', async () => {
    const { post } = await commentWithReplies();
    const options = { profileKey: profileKeyOf(world, post.profileRefId), x: true };
    const unknown = await client.api('GET', `/comments/1234${socialQuery(post.platform, '&commentId=true')}`, options);
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
    const postId = await client.api('GET', `/comments/${encodeURIComponent(post.socialId)}${socialQuery(post.platform, '&commentId=true')}`, options);
    expect(postId.status).toBe(404);
  });
});

describe('legacy GET /comments?id=ID is the same operation as GET /comments/:id', () => {
  it('gives the identical body for a service post id', async () => {
    const post = servicePosts().find((p) => profileKeyOf(world, p.profileRefId) === null && p.posts.some((n) => n.commentCount > 0)) as {
      serviceId: string;
    };
    const path = await client.api('GET', `/comments/${post.serviceId}`, { x: true });
    const legacy = await client.api('GET', `/comments?id=${post.serviceId}`, { x: true });
    expect(path.status).toBe(200);
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual(path.json);
  });

  it('gives the identical body for a social post id with searchPlatformId and platform', async () => {
    const post = world.posts.find((p) => profileKeyOf(world, p.profileRefId) === null && p.platform === 'bluesky' && p.commentCount > 0) as Post;
    const id = encodeURIComponent(post.socialId);
    const path = await client.api('GET', `/comments/${id}${socialQuery('bluesky')}`);
    const legacy = await client.api('GET', `/comments${socialQuery('bluesky')}&id=${id}`);
    expect(legacy.status).toBe(200);
    expect(legacy.json).toEqual(path.json);
  });

  it('answers unknown ids alike (404 code 114) and a missing id with 400 code 104', async () => {
    const legacy = await client.api('GET', '/comments?id=NoSuchServicePostId00');
    expect(legacy.status).toBe(404);
    expect(legacy.json.code).toBe(114);
    const missing = await client.api('GET', '/comments');
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ status: 'error', code: 104 });
  });
});

describe('comment records', () => {
  it('every record on every network carries comment, commentId, created (UTC ISO 8601), from {id, username}, hidden, likeCount, platform, postId, username', async () => {
    const posts = busiestPostPerNetwork();
    expect([...posts.keys()].sort()).toEqual(['bluesky', 'facebook', 'instagram', 'linkedin', 'threads', 'tiktok', 'twitter', 'youtube']);
    for (const post of posts.values()) {
      const records = flatten(await listOf(post));
      expect(records.length).toBe(post.commentCount);
      for (const r of records) {
        expect(typeof r.comment).toBe('string');
        expect(r.comment.length).toBeGreaterThan(0);
        expect(typeof r.commentId).toBe('string');
        expect(r.created).toMatch(ISO_UTC);
        expect(Number.isNaN(Date.parse(r.created))).toBe(false);
        expect(Object.keys(r.from).sort()).toEqual(['id', 'username']);
        expect(typeof r.from.id).toBe('string');
        expect(typeof r.from.username).toBe('string');
        expect(typeof r.hidden).toBe('boolean');
        expect(Number.isInteger(r.likeCount) && r.likeCount >= 0).toBe(true);
        expect(r.platform).toBe(post.platform);
        expect(r.postId).toBe(post.socialId);
        expect(r.username).toBe(r.from.username);
      }
      // Comment ids are unique within a post.
      expect(new Set(records.map((r) => r.commentId)).size).toBe(records.length);
    }
  });

  it('the seed shows hidden comments and liked comments somewhere (both values of the fields occur)', async () => {
    const records = (await Promise.all([...busiestPostPerNetwork().values()].map(listOf))).flatMap(flatten);
    expect(records.some((r) => r.hidden)).toBe(true);
    expect(records.some((r) => !r.hidden)).toBe(true);
    expect(records.some((r) => r.likeCount > 0)).toBe(true);
  });

  it('`replies` is present when a comment has replies and absent (not empty) when it has none', async () => {
    const records = (await Promise.all([...busiestPostPerNetwork().values()].map(listOf))).flatMap(flatten);
    const withReplies = records.filter((r) => 'replies' in r);
    expect(withReplies.length).toBeGreaterThan(0);
    expect(records.length).toBeGreaterThan(withReplies.length);
    for (const r of withReplies) {
      expect(Array.isArray(r.replies)).toBe(true);
      expect((r.replies as CommentRecord[]).length).toBeGreaterThan(0);
    }
  });

  it('linkedin records carry commentUrn in the full URN form naming their own comment id; no other network has it', async () => {
    for (const post of busiestPostPerNetwork().values()) {
      for (const r of flatten(await listOf(post))) {
        if (post.platform === 'linkedin') {
          expect(r.commentUrn).toMatch(LINKEDIN_URN);
          expect(LINKEDIN_URN.exec(r.commentUrn as string)?.[1]).toBe(r.commentId);
        } else {
          expect(r).not.toHaveProperty('commentUrn');
        }
      }
    }
  });

  it('tiktok records carry videoId (the video the comment is on); no other network has it', async () => {
    for (const post of busiestPostPerNetwork().values()) {
      for (const r of flatten(await listOf(post))) {
        if (post.platform === 'tiktok') expect(r.videoId).toBe(post.socialId);
        else expect(r).not.toHaveProperty('videoId');
      }
    }
  });

  it('lists are newest first: top-level comments and each replies array, by created', async () => {
    const sorted = (records: CommentRecord[]) => {
      for (let i = 1; i < records.length; i++) {
        expect(Date.parse(records[i - 1]!.created)).toBeGreaterThanOrEqual(Date.parse(records[i]!.created));
      }
      for (const r of records) sorted(r.replies ?? []);
    };
    let checked = 0;
    for (const post of world.posts.filter((p) => p.commentCount >= 5).slice(0, 40)) {
      const records = await listOf(post);
      sorted(records);
      checked += records.length;
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('a new outside comment comes first in the list, and a new reply first under its parent', async () => {
    const post = world.posts.find((p) => profileKeyOf(world, p.profileRefId) === null && p.platform === 'threads' && p.commentCount > 2) as Post;
    const before = await listOf(post);
    const last = before[before.length - 1] as CommentRecord;
    const made = await client.control('POST', '/comments', {
      platform: 'threads',
      socialPostId: post.socialId,
      comment: 'Fresh one',
      profileRefId: post.profileRefId,
    });
    expect(made.status).toBe(200);
    const reply = await client.control('POST', '/comments', {
      platform: 'threads',
      socialPostId: post.socialId,
      parentCommentId: last.commentId,
      comment: 'Fresh reply',
      profileRefId: post.profileRefId,
    });
    expect(reply.status).toBe(200);
    const after = await listOf(post);
    expect(after[0]?.commentId).toBe(made.json.commentId);
    expect(after[0]?.comment).toBe('Fresh one');
    const parent = after.find((r) => r.commentId === last.commentId) as CommentRecord;
    expect(parent.replies?.[0]?.commentId).toBe(reply.json.commentId);
    expect(parent.replies?.[0]?.comment).toBe('Fresh reply');
  });
});

describe('facebook and instagram return only the latest 1,000 comments of a post; other networks all', () => {
  let big: SandboxClient;
  let bigWorld: World;
  let clock = Date.now();

  beforeAll(async () => {
    // Our own clock, a second further on each reading, so no two comments share a time.
    big = await openSandbox({ rateLimit: 1_000_000, now: () => new Date((clock += 1000)) });
    bigWorld = await big.snapshot();
  });
  afterAll(() => big.sandbox.close());

  async function inject(post: Post, count: number): Promise<Set<string>> {
    const ids = new Set<string>();
    for (let start = 0; start < count; start += 50) {
      const batch = Array.from({ length: Math.min(50, count - start) }, (_, i) =>
        big.control('POST', '/comments', {
          platform: post.platform,
          socialPostId: post.socialId,
          comment: `Comment number ${start + i}`,
          profileRefId: post.profileRefId,
        }),
      );
      for (const made of await Promise.all(batch)) {
        expect(made.status).toBe(200);
        ids.add(made.json.commentId as string);
      }
    }
    return ids;
  }

  async function topLevel(post: Post): Promise<CommentRecord[]> {
    const key = bigWorld.profiles.find((p) => p.refId === post.profileRefId)?.profileKey ?? null;
    const reply = await big.api('GET', `/comments/${encodeURIComponent(post.socialId)}${socialQuery(post.platform)}`, { profileKey: key, x: true });
    expect(reply.status).toBe(200);
    return reply.json[post.platform] as CommentRecord[];
  }

  for (const platform of ['instagram', 'facebook'] as const) {
    it(`${platform}: a post with more than 1,000 comments lists exactly the newest 1,000`, async () => {
      const post = bigWorld.posts.find((p) => p.platform === platform && p.commentCount > 0) as Post;
      const seeded = await topLevel(post);
      expect(seeded.length).toBeGreaterThan(0);
      const injected = await inject(post, 1000);
      const shown = await topLevel(post);
      expect(shown).toHaveLength(1000);
      // The newest 1,000 are exactly the injected ones; every seeded comment is older.
      expect(new Set(shown.map((r) => r.commentId))).toEqual(injected);
      // Newest first: the last one made leads.
      const latest = Math.max(...shown.map((r) => Date.parse(r.created)));
      expect(Date.parse(shown[0]!.created)).toBe(latest);
    });
  }

  it('threads (not capped): a post with more than 1,000 comments lists them all', async () => {
    const post = bigWorld.posts.find((p) => p.platform === 'threads' && p.commentCount > 0) as Post;
    const seeded = await topLevel(post);
    await inject(post, 1000);
    const shown = await topLevel(post);
    expect(shown).toHaveLength(1000 + seeded.length);
  });
});
