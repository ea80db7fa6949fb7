// The sandbox's control surface /__sandbox/* (README, "Control surface"): the world as tests see it,
// outside comments on demand, the ledger of applied writes and the webhook delivery log; the same
// primary API key as the service, never rate limited. Faults are in faults.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileOf, type Reply, type SandboxClient, type World } from './harness.ts';

const FLAGS = ['notOwned', 'preBusiness', 'thread', 'backfilled', 'recovered', 'commentsDisabled'];
const DISABLE_COMMENTS = ['instagram', 'linkedin', 'tiktok'];
/** Not on this machine: the sandbox records deliveries to it as not sent and sends nothing. */
const FAR_URL = 'https://hooks.example.invalid/inbox';

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000, webhookRetryDelaysMs: [50, 100] });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

type Post = World['posts'][number];

/** GET /comments of one network post, by its social id, as its own profile. */
function commentsOf(post: Post): Promise<Reply> {
  const profile = profileOf(world, post.profileRefId);
  return client.api('GET', `/comments/${encodeURIComponent(post.socialId)}?searchPlatformId=true&platform=${post.platform}`, {
    profileKey: profile.profileKey,
    x: true,
  });
}

interface CommentRecord {
  commentId: string;
  replies?: CommentRecord[];
  [field: string]: unknown;
}

/** Every comment and reply of a GET /comments list. */
function flatten(records: CommentRecord[]): CommentRecord[] {
  return records.flatMap((r) => [r, ...flatten(r.replies ?? [])]);
}

/** A live, owned post on `platform` that takes comments (not comments-disabled). */
function postOn(platform: string, extra: (p: Post) => boolean = () => true): Post {
  const post = world.posts.find((p) => p.platform === platform && p.owned && !p.flags.includes('commentsDisabled') && extra(p));
  if (!post) throw new Error(`no ${platform} post in the seeded world`);
  return post;
}

async function ledger(since?: number): Promise<LedgerEntry[]> {
  const reply = await client.control('GET', since === undefined ? '/ledger' : `/ledger?since=${since}`);
  expect(reply.status).toBe(200);
  return reply.json as LedgerEntry[];
}

interface LedgerEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  profileRefId: string;
  kind: string;
  ids: string[];
  text: string | null;
}

interface Delivery {
  id: number;
  eventId: string;
  action: string;
  profileRefId: string;
  url: string;
  attempt: number;
  at: string;
  outcome: string;
  httpStatus: number | null;
  error: string | null;
}

async function deliveries(since?: number): Promise<Delivery[]> {
  const reply = await client.control('GET', since === undefined ? '/deliveries' : `/deliveries?since=${since}`);
  expect(reply.status).toBe(200);
  return reply.json as Delivery[];
}

describe('GET /__sandbox/world returns exactly {apiKey, plan, xCredentials: {key, secret}, profiles, posts, conversations}', () => {
  it('has exactly those top-level fields, the running key and plan', () => {
    expect(Object.keys(world).sort()).toEqual(['apiKey', 'conversations', 'plan', 'posts', 'profiles', 'xCredentials']);
    expect(world.apiKey).toBe(client.sandbox.apiKey);
    expect(world.plan).toBe('business');
    expect(Object.keys(world.xCredentials).sort()).toEqual(['key', 'secret']);
    expect(world.xCredentials.key).not.toBe('');
    expect(world.xCredentials.secret).not.toBe('');
  });

  it('xCredentials is the account X key pair: a twitter request with it is served, with another pair refused (401, code 272)', async () => {
    const owner = world.profiles.find((p) => p.platforms.includes('twitter'));
    if (!owner) throw new Error('no profile links twitter');
    const ok = await client.api('GET', '/history/twitter', { profileKey: owner.profileKey, x: true });
    expect(ok.status).toBe(200);
    const wrong = await client.api('GET', '/history/twitter', {
      profileKey: owner.profileKey,
      headers: { 'x-twitter-oauth1-api-key': `${world.xCredentials.key}x`, 'x-twitter-oauth1-api-secret': world.xCredentials.secret },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ code: 272 });
  });

  it('profiles: {title, refId, profileKey, platforms, messagingEnabled}, profileKey null for the primary only, platforms as GET /user lists them', async () => {
    expect(world.profiles.filter((p) => p.profileKey === null)).toHaveLength(1);
    expect(new Set(world.profiles.map((p) => p.refId)).size).toBe(world.profiles.length);
    for (const profile of world.profiles) {
      expect(Object.keys(profile).sort()).toEqual(['messagingEnabled', 'platforms', 'profileKey', 'refId', 'title']);
      expect(profile.title).not.toBe('');
      const user = await client.api('GET', '/user', { profileKey: profile.profileKey });
      expect(user.status).toBe(200);
      expect(user.json.refId).toBe(profile.refId);
      expect([...user.json.activeSocialAccounts].sort()).toEqual([...profile.platforms].sort());
    }
  });

  it('posts: {profileRefId, serviceId, platform, socialId, owned, commentCount, flags, threadOf?} on a network of their profile', () => {
    expect(world.posts.length).toBeGreaterThan(0);
    for (const post of world.posts) {
      const expected = ['commentCount', 'flags', 'owned', 'platform', 'profileRefId', 'serviceId', 'socialId'];
      if (post.flags.includes('thread')) expected.push('threadOf');
      expect(Object.keys(post).sort()).toEqual(expected.sort());
      expect(profileOf(world, post.profileRefId).platforms).toContain(post.platform);
      expect(typeof post.owned).toBe('boolean');
      expect(Number.isInteger(post.commentCount) && post.commentCount >= 0).toBe(true);
    }
  });

  it('serviceId is the service post id of posts made through the service (in GET /history) and null for outside posts', async () => {
    const outside = world.posts.filter((p) => p.serviceId === null);
    const through = world.posts.filter((p) => p.serviceId !== null);
    expect(outside.length).toBeGreaterThan(0);
    expect(through.length).toBeGreaterThan(0);
    for (const profile of world.profiles) {
      const history = await client.api('GET', '/history', { profileKey: profile.profileKey });
      expect(history.status).toBe(200);
      const entries = history.json.history as { id: string; postIds: { id: string; platform: string }[] }[];
      const listed = new Set(entries.flatMap((h) => h.postIds.map((p) => `${h.id}|${p.platform}:${p.id}`)));
      const socialInHistory = new Set(entries.flatMap((h) => h.postIds.map((p) => `${p.platform}:${p.id}`)));
      for (const post of world.posts.filter((p) => p.profileRefId === profile.refId)) {
        if (post.serviceId !== null) expect(listed.has(`${post.serviceId}|${post.platform}:${post.socialId}`)).toBe(true);
        else expect(socialInHistory.has(`${post.platform}:${post.socialId}`)).toBe(false);
      }
    }
  });

  it('flags come only from [notOwned, preBusiness, thread, backfilled, recovered, commentsDisabled] and each is present somewhere', () => {
    const seen = new Set(world.posts.flatMap((p) => p.flags));
    for (const flag of seen) expect(FLAGS).toContain(flag);
    expect([...seen].sort()).toEqual([...FLAGS].sort());
    // A notOwned post is one the account does not own.
    for (const post of world.posts.filter((p) => p.flags.includes('notOwned'))) expect(post.owned).toBe(false);
    // commentsDisabled only where disableComments takes effect.
    for (const post of world.posts.filter((p) => p.flags.includes('commentsDisabled'))) expect(DISABLE_COMMENTS).toContain(post.platform);
  });

  it("threadOf on thread posts is the first tweet's id, and only thread posts have it", async () => {
    const thread = world.posts.filter((p) => p.flags.includes('thread'));
    expect(thread.length).toBeGreaterThanOrEqual(2);
    for (const post of world.posts.filter((p) => !p.flags.includes('thread'))) expect(post.threadOf).toBeUndefined();
    const first = thread[0]?.threadOf as string;
    for (const tweet of thread) {
      expect(tweet.platform).toBe('twitter');
      expect(tweet.threadOf).toBe(first);
    }
    // The id it names is a tweet of the thread, and the oldest one of them.
    expect(thread.map((t) => t.socialId)).toContain(first);
    const owner = profileOf(world, thread[0]?.profileRefId as string);
    const history = await client.api('GET', '/history/twitter?limit=1000', { profileKey: owner.profileKey, x: true });
    expect(history.status).toBe(200);
    const created = new Map((history.json.posts as { id: string; created: string }[]).map((p) => [p.id, p.created]));
    const oldest = [...thread].sort((a, b) => (created.get(a.socialId) as string).localeCompare(created.get(b.socialId) as string))[0];
    expect(oldest?.socialId).toBe(first);
  });

  it('commentCount is the number of comments and replies GET /comments returns for that post, for every post', async () => {
    let total = 0;
    for (const post of world.posts) {
      const reply = await commentsOf(post);
      expect(reply.status, `${post.platform}:${post.socialId}`).toBe(200);
      const count = flatten(reply.json[post.platform] as CommentRecord[]).length;
      expect(count, `${post.platform}:${post.socialId}`).toBe(post.commentCount);
      total += count;
    }
    expect(total).toBeGreaterThan(0);
  });
});

describe('POST /__sandbox/comments injects an outside comment and answers the record as GET /comments shows it', () => {
  it('on a linkedin post: the record carries commentUrn, and GET /comments lists the same record', async () => {
    const post = postOn('linkedin');
    const injected = await client.control('POST', '/comments', {
      platform: 'linkedin',
      socialPostId: post.socialId,
      comment: 'Loved this update!',
      from: { id: 'urn:li:person:outside1', username: 'Pat Outside' },
    });
    expect(injected.status).toBe(200);
    expect(injected.json).toMatchObject({
      comment: 'Loved this update!',
      platform: 'linkedin',
      postId: post.socialId,
      from: { id: 'urn:li:person:outside1', username: 'Pat Outside' },
      username: 'Pat Outside',
      hidden: false,
      likeCount: 0,
    });
    expect(injected.json.commentUrn).toMatch(/^urn:li:comment:\(urn:li:activity:\d+,[^)]+\)$/);
    expect(injected.json.commentUrn).toContain(injected.json.commentId);
    const listed = flatten((await commentsOf(post)).json.linkedin as CommentRecord[]);
    expect(listed.find((c) => c.commentId === injected.json.commentId)).toEqual(injected.json);
  });

  it("on a tiktok post: the record carries videoId (the post's id), and GET /comments lists the same record", async () => {
    const post = postOn('tiktok');
    const injected = await client.control('POST', '/comments', { platform: 'tiktok', socialPostId: post.socialId, comment: 'so cute' });
    expect(injected.status).toBe(200);
    expect(injected.json.videoId).toBe(post.socialId);
    const listed = flatten((await commentsOf(post)).json.tiktok as CommentRecord[]);
    expect(listed.find((c) => c.commentId === injected.json.commentId)).toEqual(injected.json);
  });

  it('without from, a made-up outside author is used; the comment shows under the service post id too and commentCount grows by one', async () => {
    const post = postOn('instagram', (p) => p.serviceId !== null);
    const before = (await client.snapshot()).posts.find((p) => p.socialId === post.socialId && p.platform === post.platform);
    const injected = await client.control('POST', '/comments', { platform: 'instagram', socialPostId: post.socialId, comment: 'Where is this?' });
    expect(injected.status).toBe(200);
    expect(typeof injected.json.from.id).toBe('string');
    expect(injected.json.from.username).not.toBe('');
    const profile = profileOf(world, post.profileRefId);
    const byServiceId = await client.api('GET', `/comments/${post.serviceId}`, { profileKey: profile.profileKey, x: true });
    expect(byServiceId.status).toBe(200);
    expect(flatten(byServiceId.json.instagram as CommentRecord[]).some((c) => c.commentId === injected.json.commentId)).toBe(true);
    const after = (await client.snapshot()).posts.find((p) => p.socialId === post.socialId && p.platform === post.platform);
    expect(after?.commentCount).toBe((before?.commentCount ?? 0) + 1);
  });

  it("with parentCommentId it is a reply: it appears in the parent's replies in GET /comments", async () => {
    const post = postOn('facebook');
    const parent = await client.control('POST', '/comments', { platform: 'facebook', socialPostId: post.socialId, comment: 'Top-level question?' });
    expect(parent.status).toBe(200);
    const reply = await client.control('POST', '/comments', {
      platform: 'facebook',
      socialPostId: post.socialId,
      parentCommentId: parent.json.commentId,
      comment: 'A follow-up from someone else',
    });
    expect(reply.status).toBe(200);
    const list = (await commentsOf(post)).json.facebook as CommentRecord[];
    const shownParent = list.find((c) => c.commentId === parent.json.commentId);
    expect(shownParent?.replies?.find((r) => r.commentId === reply.json.commentId)).toEqual(reply.json);
    // A reply is not listed as a top-level comment.
    expect(list.some((c) => c.commentId === reply.json.commentId)).toBe(false);
  });

  it("profileRefId names the profile whose post it is; another profile's refId does not find the post (404)", async () => {
    const post = postOn('youtube');
    const other = world.profiles.find((p) => p.refId !== post.profileRefId) as World['profiles'][number];
    const ok = await client.control('POST', '/comments', {
      platform: 'youtube',
      socialPostId: post.socialId,
      comment: 'Nice',
      profileRefId: post.profileRefId,
    });
    expect(ok.status).toBe(200);
    const wrong = await client.control('POST', '/comments', { platform: 'youtube', socialPostId: post.socialId, comment: 'Nice', profileRefId: other.refId });
    expect(wrong.status).toBe(404);
    expect(wrong.json).toMatchObject({ status: 'error', code: 114 });
  });

  it('raises the comments webhook event (seen in /__sandbox/deliveries)', async () => {
    const post = postOn('bluesky');
    const profile = profileOf(world, post.profileRefId);
    expect((await client.api('POST', '/hook/webhook', { profileKey: profile.profileKey, body: { action: 'comments', url: FAR_URL } })).status).toBe(200);
    try {
      const last = (await deliveries()).at(-1)?.id ?? 0;
      const injected = await client.control('POST', '/comments', { platform: 'bluesky', socialPostId: post.socialId, comment: 'hi from outside' });
      expect(injected.status).toBe(200);
      const fresh = await deliveries(last);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]).toMatchObject({ action: 'comments', profileRefId: profile.refId, url: FAR_URL, attempt: 1, outcome: 'not-sent' });
    } finally {
      await client.api('DELETE', '/hook/webhook', { profileKey: profile.profileKey, body: { action: 'comments' } });
    }
  });

  describe('refused', () => {
    it('an unknown post: 404, code 114', async () => {
      const reply = await client.control('POST', '/comments', { platform: 'facebook', socialPostId: '1_2', comment: 'hello' });
      expect(reply.status).toBe(404);
      expect(reply.json).toMatchObject({ status: 'error', code: 114 });
    });

    it('a post of another network under the same id: 404', async () => {
      const post = postOn('linkedin');
      const reply = await client.control('POST', '/comments', { platform: 'facebook', socialPostId: post.socialId, comment: 'hello' });
      expect(reply.status).toBe(404);
    });

    it('a post whose comments are off: 400, code 110, and nothing is added', async () => {
      const post = world.posts.find((p) => p.flags.includes('commentsDisabled'))!;
      const reply = await client.control('POST', '/comments', {
        platform: post.platform,
        socialPostId: post.socialId,
        comment: 'Can I still comment?',
        profileRefId: post.profileRefId,
      });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 110 });
      const after = (await client.snapshot()).posts.find((p) => p.platform === post.platform && p.socialId === post.socialId)!;
      expect(after.commentCount).toBe(post.commentCount);
    });

    it('a bad platform: 400, code 106', async () => {
      const post = postOn('facebook');
      const reply = await client.control('POST', '/comments', { platform: 'myspace', socialPostId: post.socialId, comment: 'hello' });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 106 });
    });

    it('no comment text: 400, code 104; empty text: 400, code 108', async () => {
      const post = postOn('facebook');
      const missing = await client.control('POST', '/comments', { platform: 'facebook', socialPostId: post.socialId });
      expect(missing.status).toBe(400);
      expect(missing.json).toMatchObject({ code: 104 });
      const empty = await client.control('POST', '/comments', { platform: 'facebook', socialPostId: post.socialId, comment: '   ' });
      expect(empty.status).toBe(400);
      expect(empty.json).toMatchObject({ code: 108 });
    });

    it('a parentCommentId that is not a comment of that post: 404', async () => {
      const post = postOn('facebook');
      const unknown = await client.control('POST', '/comments', { platform: 'facebook', socialPostId: post.socialId, parentCommentId: 'nope_1', comment: 'x' });
      expect(unknown.status).toBe(404);
      const elsewhere = world.posts.find((p) => p.platform === 'facebook' && p.socialId !== post.socialId && p.commentCount > 0) as Post;
      const someComment = ((await commentsOf(elsewhere)).json.facebook as CommentRecord[])[0] as CommentRecord;
      const wrongPost = await client.control('POST', '/comments', {
        platform: 'facebook',
        socialPostId: post.socialId,
        parentCommentId: someComment.commentId,
        comment: 'x',
      });
      expect(wrongPost.status).toBe(404);
    });

    it('a malformed from: 400', async () => {
      const post = postOn('facebook');
      const reply = await client.control('POST', '/comments', { platform: 'facebook', socialPostId: post.socialId, comment: 'x', from: 'someone' });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 105 });
    });

    it('a refused injection adds no comment', async () => {
      const before = (await client.snapshot()).posts.reduce((n, p) => n + p.commentCount, 0);
      await client.control('POST', '/comments', { platform: 'myspace', socialPostId: 'x', comment: 'x' });
      await client.control('POST', '/comments', { platform: 'facebook', socialPostId: '1_2', comment: 'x' });
      const after = (await client.snapshot()).posts.reduce((n, p) => n + p.commentCount, 0);
      expect(after).toBe(before);
    });
  });
});

describe('the control surface takes the primary API key; a wrong key is 401', () => {
  const calls: [string, string, unknown?][] = [
    ['GET', '/world'],
    ['POST', '/comments', { platform: 'facebook', socialPostId: '1_2', comment: 'x' }],
    ['PUT', '/faults', { down: true }],
    ['DELETE', '/faults'],
    ['GET', '/ledger'],
    ['GET', '/deliveries'],
  ];

  it.each(calls)('%s %s: no key, a wrong key and a profile key as the bearer are 401 (code 102)', async (method, path, body) => {
    const profileKey = world.profiles.find((p) => p.profileKey !== null)?.profileKey as string;
    const variants: Record<string, string>[] = [{}, { authorization: 'Bearer not-the-key' }, { authorization: `Bearer ${profileKey}` }];
    for (const headers of variants) {
      const reply = await client.raw(method, `/__sandbox${path}`, { headers, body });
      expect(reply.status).toBe(401);
      expect(reply.json).toMatchObject({ status: 'error', code: 102 });
    }
    // And nothing happened: the service is not down.
    expect((await client.api('GET', '/user')).status).toBe(200);
  });

  it('with the key each of them answers 200', async () => {
    for (const [method, path] of calls.filter(([, path]) => path !== '/comments' && path !== '/faults')) {
      expect((await client.control(method, path)).status).toBe(200);
    }
    expect((await client.control('DELETE', '/faults')).status).toBe(200);
  });

  it('an unknown control path is 404 (code 130), a wrong method 405 (code 131)', async () => {
    const unknown = await client.control('GET', '/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.json).toMatchObject({ code: 130 });
    const method = await client.control('DELETE', '/world');
    expect(method.status).toBe(405);
    expect(method.json).toMatchObject({ code: 131 });
  });
});

describe('the control surface is never rate limited', () => {
  it('with --rate-limit 1 the service answers 429 on the second request, the control surface keeps answering', async () => {
    const limited = await openSandbox({ rateLimit: 1 });
    try {
      expect((await limited.api('GET', '/user')).status).toBe(200);
      expect((await limited.api('GET', '/user')).status).toBe(429);
      for (let i = 0; i < 5; i++) expect((await limited.control('GET', '/ledger')).status).toBe(200);
      expect((await limited.snapshot()).posts.length).toBeGreaterThan(0);
    } finally {
      await limited.sandbox.close();
    }
  });
});

describe('GET /__sandbox/ledger lists every applied write in order: {seq, at, method, path, profileRefId, kind, ids, text}', () => {
  it('each kind of write is listed once, in order, with its fields', async () => {
    const profile = world.profiles.find((p) => p.profileKey !== null && p.platforms.some((n) => DISABLE_COMMENTS.includes(n)));
    if (!profile) throw new Error('no user profile on instagram, linkedin or tiktok');
    const network = profile.platforms.find((n) => DISABLE_COMMENTS.includes(n)) as string;
    const as = { profileKey: profile.profileKey };
    const since = (await ledger()).at(-1)?.seq ?? 0;

    const post = await client.api('POST', '/post', { ...as, body: { post: 'Ledger post', platforms: [network] } });
    expect(post.status).toBe(200);
    const comment = await client.api('POST', `/comments/${post.json.id}`, { ...as, body: { comment: 'Ledger comment' } });
    expect(comment.status).toBe(200);
    const reply = await client.api('POST', `/comments/reply/${comment.json.commentId}`, { ...as, body: { comment: 'Ledger reply', platforms: [network] } });
    expect(reply.status).toBe(200);
    expect((await client.api('PUT', '/post', { ...as, body: { id: post.json.id, disableComments: true } })).status).toBe(200);
    expect((await client.api('DELETE', `/comments/${reply.json.commentId}`, as)).status).toBe(200);
    expect((await client.api('POST', '/hook/webhook', { ...as, body: { action: 'feed', url: FAR_URL } })).status).toBe(200);
    expect((await client.api('POST', '/hook/webhook/secret', { ...as, body: { secret: 'top-secret-value' } })).status).toBe(200);
    expect((await client.api('DELETE', '/hook/webhook', { ...as, body: { action: 'feed' } })).status).toBe(200);
    const created = await client.api('POST', '/profiles', { body: { title: 'Ledger Test Client' } });
    expect(created.status).toBe(200);
    expect((await client.api('DELETE', '/post', { ...as, body: { id: post.json.id } })).status).toBe(200);

    const entries = await ledger(since);
    expect(entries.map((e) => e.kind)).toEqual([
      'post.create',
      'comment.create',
      'comment.reply',
      'post.update',
      'comment.delete',
      'webhook.register',
      'webhook.secret',
      'webhook.unregister',
      'profile.create',
      'post.delete',
    ]);
    expect(entries.map((e) => e.seq)).toEqual(entries.map((_, i) => since + 1 + i));
    for (const entry of entries) {
      expect(Object.keys(entry).sort()).toEqual(['at', 'ids', 'kind', 'method', 'path', 'profileRefId', 'seq', 'text']);
      expect(new Date(entry.at).toISOString()).toBe(entry.at);
      expect(entry.profileRefId).toBe(entry.kind === 'profile.create' ? world.profiles.find((p) => p.profileKey === null)?.refId : profile.refId);
    }
    const [create, commented, replied, , deleted, , secret, , profileCreated, postDeleted] = entries;
    expect(create).toMatchObject({ method: 'POST', path: '/post', text: 'Ledger post' });
    expect(create?.ids).toEqual(expect.arrayContaining([post.json.id, post.json.postIds[0].id]));
    expect(commented).toMatchObject({ method: 'POST', path: `/comments/${post.json.id}`, text: 'Ledger comment' });
    expect(commented?.ids).toEqual(expect.arrayContaining([comment.json.commentId, comment.json[network].commentId]));
    expect(replied).toMatchObject({ method: 'POST', text: 'Ledger reply' });
    expect(replied?.ids).toContain(reply.json.commentId);
    expect(deleted).toMatchObject({ method: 'DELETE' });
    expect(deleted?.ids).toContain(reply.json.commentId);
    // Secrets never go into the ledger.
    expect(secret?.text).toBeNull();
    expect(JSON.stringify(entries)).not.toContain('top-secret-value');
    expect(profileCreated?.ids).toContain(created.json.refId);
    expect(postDeleted).toMatchObject({ method: 'DELETE', path: '/post' });
    expect(postDeleted?.ids).toContain(post.json.id);
  });

  it('seq runs 1, 2, 3, … over the whole ledger', async () => {
    const network = world.profiles.find((p) => p.profileKey === null)?.platforms.find((n) => n !== 'twitter') as string;
    expect((await client.api('POST', '/post', { body: { post: 'One more', platforms: [network] } })).status).toBe(200);
    const all = await ledger();
    expect(all.length).toBeGreaterThan(0);
    expect(all.map((e) => e.seq)).toEqual(all.map((_, i) => i + 1));
  });

  it('reads are not listed, even those sent with POST (analytics)', async () => {
    const before = await ledger();
    const post = world.posts.find((p) => p.serviceId !== null && p.platform !== 'twitter') as Post;
    const profile = profileOf(world, post.profileRefId);
    const as = { profileKey: profile.profileKey };
    expect((await client.api('GET', '/history', as)).status).toBe(200);
    expect((await client.api('GET', `/comments/${post.serviceId}`, as)).status).toBe(200);
    expect((await client.api('GET', '/user', as)).status).toBe(200);
    expect((await client.api('GET', '/hook/webhook', as)).status).toBe(200);
    expect((await client.api('POST', '/analytics/post', { ...as, body: { id: post.serviceId } })).status).toBe(200);
    expect(await ledger()).toEqual(before);
  });

  it('refused writes are not listed', async () => {
    const before = await ledger();
    const network = world.profiles.find((p) => p.profileKey === null)?.platforms.find((n) => n !== 'twitter') as string;
    expect((await client.api('POST', '/post', { body: { post: '', platforms: [network] } })).status).toBe(400);
    expect((await client.api('POST', '/post', { body: { post: 'x', platforms: ['myspace'] } })).status).toBe(400);
    expect((await client.api('POST', '/comments/not-a-post', { body: { comment: 'x' } })).status).toBe(404);
    expect((await client.api('DELETE', '/post', { body: { id: 'not-a-post' } })).status).toBe(404);
    expect((await client.api('POST', '/hook/webhook', { body: { action: 'feed', url: 'http://plain.example/' } })).status).toBe(400);
    expect((await client.api('POST', '/post', { noAuth: true, body: { post: 'x', platforms: [network] } })).status).toBe(401);
    expect(await ledger()).toEqual(before);
  });

  it('?since=SEQ lists only the entries after SEQ; a bad since is 400', async () => {
    const all = await ledger();
    expect(all.length).toBeGreaterThanOrEqual(2);
    const middle = (all[Math.floor(all.length / 2)] as LedgerEntry).seq;
    expect(await ledger(middle)).toEqual(all.filter((e) => e.seq > middle));
    expect(await ledger(0)).toEqual(all);
    expect(await ledger((all.at(-1) as LedgerEntry).seq)).toEqual([]);
    for (const bad of ['abc', '-1', '1.5']) {
      const reply = await client.control('GET', `/ledger?since=${bad}`);
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 105 });
    }
  });
});

describe('GET /__sandbox/deliveries lists every webhook delivery attempt', () => {
  it('a delivery to an address off this machine is one attempt, not sent, with every field', async () => {
    const post = postOn('threads');
    const profile = profileOf(world, post.profileRefId);
    await client.api('POST', '/hook/webhook', { profileKey: profile.profileKey, body: { action: 'comments', url: FAR_URL } });
    try {
      const last = (await deliveries()).at(-1)?.id ?? 0;
      const injected = await client.control('POST', '/comments', { platform: 'threads', socialPostId: post.socialId, comment: 'outside' });
      expect(injected.status).toBe(200);
      const fresh = await deliveries(last);
      expect(fresh).toHaveLength(1);
      const attempt = fresh[0] as Delivery;
      expect(Object.keys(attempt).sort()).toEqual(['action', 'at', 'attempt', 'error', 'eventId', 'httpStatus', 'id', 'outcome', 'profileRefId', 'url'].sort());
      expect(attempt).toMatchObject({
        id: last + 1,
        action: 'comments',
        profileRefId: profile.refId,
        url: FAR_URL,
        attempt: 1,
        outcome: 'not-sent',
        httpStatus: null,
      });
      expect(typeof attempt.error).toBe('string');
      expect(new Date(attempt.at).toISOString()).toBe(attempt.at);
    } finally {
      await client.api('DELETE', '/hook/webhook', { profileKey: profile.profileKey, body: { action: 'comments' } });
    }
  });

  it('a failing loopback receiver: attempts 1, 2 and 3 of the same event, each failed, then no more', async () => {
    // Port 1 on loopback: nobody listens there, so connections are refused at once. (A free port
    // from the ephemeral range would not do: an outgoing connection may get that very port as its
    // own and connect to itself, then hang in the TLS handshake.)
    const url = 'https://127.0.0.1:1/hook';
    const post = postOn('tiktok');
    const profile = profileOf(world, post.profileRefId);
    await client.api('POST', '/hook/webhook', { profileKey: profile.profileKey, body: { action: 'comments', url } });
    try {
      const last = (await deliveries()).at(-1)?.id ?? 0;
      expect((await client.control('POST', '/comments', { platform: 'tiktok', socialPostId: post.socialId, comment: 'retry me' })).status).toBe(200);
      let attempts: Delivery[] = [];
      for (let i = 0; i < 100; i++) {
        attempts = (await deliveries(last)).filter((d) => d.url === url);
        if (attempts.length >= 3 && attempts.every((a) => a.outcome !== 'pending')) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]);
      expect(new Set(attempts.map((a) => a.eventId)).size).toBe(1);
      for (const a of attempts) {
        expect(a).toMatchObject({ action: 'comments', outcome: 'failed', httpStatus: null });
        expect(a.error).not.toBe('');
      }
      // Retry delays of 50 and 100 ms: give a fourth attempt the time it would need, and see none.
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect((await deliveries(last)).filter((d) => d.url === url)).toHaveLength(3);
      // ?since=ID lists only what came after ID.
      const firstId = (attempts[0] as Delivery).id;
      expect((await deliveries(firstId)).map((d) => d.id)).toEqual((await deliveries()).filter((d) => d.id > firstId).map((d) => d.id));
    } finally {
      await client.api('DELETE', '/hook/webhook', { profileKey: profile.profileKey, body: { action: 'comments' } });
    }
  });

  it('a bad since is 400', async () => {
    const reply = await client.control('GET', '/deliveries?since=x');
    expect(reply.status).toBe(400);
  });
});
