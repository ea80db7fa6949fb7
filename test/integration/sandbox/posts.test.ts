// Posts: POST /post, PUT /post (disableComments), DELETE /post, GET /history and
// GET /history/:platform (public-facts.md, "Operations beside those in service-api.md").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, profileOf, type SandboxClient, userProfiles, type World } from './harness.ts';

type Profile = World['profiles'][number];

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
/** The social post id formats of the networks (service-api.md: "The identifier formats differ by network"). */
const SOCIAL_ID_FORMAT: Record<string, RegExp> = {
  bluesky: /^at:\/\/did:plc:[a-z2-7]+\/app\.bsky\.feed\.post\/[a-z2-7]{13}$/,
  facebook: /^\d+_\d+$/,
  instagram: /^\d{17}$/,
  linkedin: /^urn:li:share:\d+$/,
  tiktok: /^\d{19}$/,
  twitter: /^\d{19}$/,
  youtube: /^[A-Za-z0-9_-]{11}$/,
  threads: /^\d{17}$/,
};

let clockMs = Date.now();
/** Moves the sandbox's clock on, so posts made one after the other have distinct times. */
const tick = (ms = 1000) => {
  clockMs += ms;
};
let client: SandboxClient;
let world: World;
let primary: Profile;

beforeAll(async () => {
  client = await openSandbox({ now: () => new Date(clockMs), rateLimit: 1_000_000 });
  world = await client.snapshot();
  primary = world.profiles.find((p) => p.profileKey === null)!;
});
afterAll(() => client.sandbox.close());

/** A user profile linked to `network` (and, optionally, not linked to `not`). */
function userWith(network: string, not?: string): Profile {
  const profile = userProfiles(world).find((p) => p.platforms.includes(network) && (!not || !p.platforms.includes(not)));
  if (!profile) throw new Error(`no user profile with ${network}`);
  return profile;
}

function publish(body: Record<string, unknown>, options: { profileKey?: string | null; x?: boolean } = {}) {
  tick();
  return client.api('POST', '/post', { body, ...options });
}

async function ledgerSince(seq: number) {
  const reply = await client.control('GET', `/ledger?since=${seq}`);
  return reply.json as { seq: number; kind: string; ids: string[]; text: string | null; profileRefId: string; method: string; path: string }[];
}

async function lastSeq(): Promise<number> {
  const all = (await client.control('GET', '/ledger')).json as { seq: number }[];
  return all.at(-1)?.seq ?? 0;
}

describe('POST /post {post, platforms}: {status, id, refId, post, postIds: [{status, id, postUrl, platform}], errors: []}', () => {
  it('publishes on each network named: one postIds entry per network, social ids in that network’s format', async () => {
    const platforms = ['linkedin', 'bluesky', 'threads', 'instagram'];
    const reply = await publish({ post: 'Spring hours are here.', platforms });
    expect(reply.status).toBe(200);
    expect(reply.json).toMatchObject({ status: 'success', refId: primary.refId, post: 'Spring hours are here.', errors: [] });
    expect(reply.json.id).toMatch(/^\S+$/);
    expect(reply.json.postIds.map((p: { platform: string }) => p.platform)).toEqual(platforms);
    for (const entry of reply.json.postIds) {
      expect(entry.status).toBe('success');
      expect(entry.id).toMatch(SOCIAL_ID_FORMAT[entry.platform]!);
      expect(new URL(entry.postUrl).protocol).toBe('https:');
    }
    const after = await client.snapshot();
    const made = after.posts.filter((p) => p.serviceId === reply.json.id);
    expect(made.map((p) => `${p.platform} ${p.socialId}`).sort()).toEqual(
      reply.json.postIds.map((p: { platform: string; id: string }) => `${p.platform} ${p.id}`).sort(),
    );
  });

  it('for a user profile (Profile-Key): its refId, and ids of facebook, youtube, tiktok, twitter in their formats', async () => {
    const cases: [Profile, string[]][] = [
      [userWith('youtube'), ['youtube', 'facebook']],
      [userWith('tiktok'), ['tiktok']],
      [userWith('twitter'), ['twitter']],
    ];
    for (const [profile, platforms] of cases) {
      const usable = platforms.filter((p) => profile.platforms.includes(p));
      const reply = await publish({ post: 'New in the shop this week.', platforms: usable }, { profileKey: profile.profileKey, x: true });
      expect(reply.status).toBe(200);
      expect(reply.json.refId).toBe(profile.refId);
      for (const entry of reply.json.postIds) expect(entry.id, entry.platform).toMatch(SOCIAL_ID_FORMAT[entry.platform]!);
    }
  });

  it('instagram entries carry usedQuota, an integer that counts today’s posts; other networks do not', async () => {
    const first = await publish({ post: 'Quota one', platforms: ['instagram', 'threads'] });
    const second = await publish({ post: 'Quota two', platforms: ['instagram'] });
    const insta1 = first.json.postIds.find((p: { platform: string }) => p.platform === 'instagram');
    const threads = first.json.postIds.find((p: { platform: string }) => p.platform === 'threads');
    const insta2 = second.json.postIds[0];
    expect(Number.isInteger(insta1.usedQuota)).toBe(true);
    expect(insta1.usedQuota).toBeGreaterThanOrEqual(1);
    expect(insta2.usedQuota).toBe((insta1.usedQuota as number) + 1);
    expect(threads).not.toHaveProperty('usedQuota');
  });

  it('unknown extra fields are ignored (the SDKs add source: "npm")', async () => {
    const reply = await publish({ post: 'From the SDK', platforms: ['threads'], source: 'npm', somethingElse: { a: 1 } });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
  });

  it('an empty post is 400 (code 108), a blank one too, a missing one 400', async () => {
    for (const post of ['', '   ']) {
      const reply = await publish({ post, platforms: ['threads'] });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 108 });
    }
    const missing = await publish({ platforms: ['threads'] });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe(104);
  });

  it('an unknown network is 400 (code 106); no platforms at all is 400', async () => {
    const unknown = await publish({ post: 'Hi', platforms: ['threads', 'myspace'] });
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ status: 'error', code: 106 });
    for (const platforms of [[], undefined]) {
      const none = await publish({ post: 'Hi', ...(platforms ? { platforms } : {}) });
      expect(none.status).toBe(400);
    }
  });

  it('a network not linked to the profile fails on its own: 200, the linked ones published, the other in `errors`', async () => {
    expect(primary.platforms).not.toContain('facebook');
    const reply = await publish({ post: 'Partly', platforms: ['threads', 'facebook'] });
    expect(reply.status).toBe(200);
    expect(reply.json.postIds.map((p: { platform: string }) => p.platform)).toEqual(['threads']);
    expect(reply.json.errors).toHaveLength(1);
    expect(reply.json.errors[0]).toMatchObject({ action: 'post', status: 'error', code: 109, platform: 'facebook' });
    expect(typeof reply.json.errors[0].message).toBe('string');
  });

  it('every network not linked: 400, each in `errors`, nothing published', async () => {
    const before = await lastSeq();
    const reply = await publish({ post: 'Nowhere', platforms: ['facebook', 'youtube'] });
    expect(reply.status).toBe(400);
    expect(reply.json.status).toBe('error');
    expect(reply.json.errors.map((e: { platform: string }) => e.platform)).toEqual(['facebook', 'youtube']);
    expect(await ledgerSince(before)).toEqual([]);
  });

  it('twitter needs the X headers: 419 without, 400 with one, 401 code 272 with a wrong pair, 200 with the pair', async () => {
    const body = { post: 'On X', platforms: ['twitter', 'threads'] };
    const before = await lastSeq();
    const none = await publish(body);
    expect(none.status).toBe(419);
    expect(none.json).toMatchObject({ action: 'x_credentials_required', code: 419, platform: 'twitter' });
    const one = await client.api('POST', '/post', { body, headers: { 'x-twitter-oauth1-api-secret': world.xCredentials.secret } });
    expect(one.status).toBe(400);
    const wrong = await client.api('POST', '/post', {
      body,
      headers: { 'x-twitter-oauth1-api-key': 'wrong', 'x-twitter-oauth1-api-secret': world.xCredentials.secret },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json).toMatchObject({ status: 'error', code: 272, platform: 'twitter' });
    expect(await ledgerSince(before)).toEqual([]);
    const ok = await publish(body, { x: true });
    expect(ok.status).toBe(200);
    expect(ok.json.postIds.map((p: { platform: string }) => p.platform)).toEqual(['twitter', 'threads']);
  });

  it('randomPost: true writes the text itself (no `post` needed)', async () => {
    const reply = await publish({ randomPost: true, platforms: ['threads'] });
    expect(reply.status).toBe(200);
    expect(typeof reply.json.post).toBe('string');
    expect(reply.json.post.trim().length).toBeGreaterThan(0);
    const history = await client.api('GET', '/history');
    expect(history.json.history.find((h: { id: string }) => h.id === reply.json.id).post).toBe(reply.json.post);
  });

  it('each post is a ledger entry post.create with the service id, the social ids and the text', async () => {
    const before = await lastSeq();
    const reply = await publish({ post: 'Ledger me', platforms: ['linkedin', 'threads'] });
    const entries = await ledgerSince(before);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ kind: 'post.create', method: 'POST', path: '/post', profileRefId: primary.refId, text: 'Ledger me' });
    expect(entries[0]!.ids.sort()).toEqual([reply.json.id, ...reply.json.postIds.map((p: { id: string }) => p.id)].sort());
  });

  it('disableComments: true at publication turns comments off on instagram, linkedin, tiktok only', async () => {
    const reply = await publish({ post: 'Quiet post', platforms: ['instagram', 'threads'], disableComments: true });
    expect(reply.status).toBe(200);
    const after = await client.snapshot();
    const flags = (platform: string) => after.posts.find((p) => p.serviceId === reply.json.id && p.platform === platform)!.flags;
    expect(flags('instagram')).toContain('commentsDisabled');
    expect(flags('threads')).not.toContain('commentsDisabled');
    const onInstagram = await client.api('POST', `/comments/${reply.json.id}`, { body: { comment: 'Hello', platforms: ['instagram'] } });
    expect(onInstagram.status).toBe(400);
    expect(onInstagram.json.code).toBe(110);
    const onThreads = await client.api('POST', `/comments/${reply.json.id}`, { body: { comment: 'Hello', platforms: ['threads'] } });
    expect(onThreads.status).toBe(200);
  });
});

describe('PUT /post {id, disableComments}: comments on or off on a published post (instagram, linkedin, tiktok)', () => {
  it('off: instagram and linkedin refuse comments (code 110) and replies (code 215), threads still takes them; on again: allowed', async () => {
    const made = await publish({ post: 'Toggle me', platforms: ['instagram', 'linkedin', 'threads'] });
    const id = made.json.id as string;
    const comment = await client.api('POST', `/comments/${id}`, { body: { comment: 'First!', platforms: ['instagram', 'linkedin'] } });
    expect(comment.status).toBe(200);
    const serviceCommentId = comment.json.commentId as string;

    const before = await lastSeq();
    const off = await client.api('PUT', '/post', { body: { id, disableComments: true } });
    expect(off.status).toBe(200);
    expect(off.json.status).toBe('success');
    const ledger = await ledgerSince(before);
    expect(ledger.map((e) => e.kind)).toEqual(['post.update']);
    const flags = async (platform: string) => (await client.snapshot()).posts.find((p) => p.serviceId === id && p.platform === platform)!.flags;
    expect(await flags('instagram')).toContain('commentsDisabled');
    expect(await flags('linkedin')).toContain('commentsDisabled');
    expect(await flags('threads')).not.toContain('commentsDisabled');

    for (const platform of ['instagram', 'linkedin']) {
      const refused = await client.api('POST', `/comments/${id}`, { body: { comment: 'Still there?', platforms: [platform] } });
      expect(refused.status, platform).toBe(400);
      expect(refused.json.code).toBe(110);
      const reply = await client.api('POST', `/comments/reply/${serviceCommentId}`, { body: { comment: 'Answer', platforms: [platform] } });
      expect(reply.status, platform).toBe(400);
      expect(reply.json.code).toBe(215);
    }
    const threads = await client.api('POST', `/comments/${id}`, { body: { comment: 'Threads is open', platforms: ['threads'] } });
    expect(threads.status).toBe(200);

    const on = await client.api('PUT', '/post', { body: { id, disableComments: false } });
    expect(on.status).toBe(200);
    expect(await flags('instagram')).not.toContain('commentsDisabled');
    const allowed = await client.api('POST', `/comments/${id}`, { body: { comment: 'Back on', platforms: ['instagram', 'linkedin'] } });
    expect(allowed.status).toBe(200);
    expect(allowed.json.status).toBe('success');
    const reply = await client.api('POST', `/comments/reply/${serviceCommentId}`, { body: { comment: 'Answer', platforms: ['instagram'] } });
    expect(reply.status).toBe(200);
  });

  it('tiktok takes it too', async () => {
    const profile = userWith('tiktok');
    const made = await publish({ post: 'Dance', platforms: ['tiktok'] }, { profileKey: profile.profileKey });
    const off = await client.api('PUT', '/post', { body: { id: made.json.id, disableComments: true }, profileKey: profile.profileKey });
    expect(off.status).toBe(200);
    const after = await client.snapshot();
    expect(after.posts.find((p) => p.serviceId === made.json.id)!.flags).toContain('commentsDisabled');
  });

  it('a post on none of instagram, linkedin, tiktok is 400', async () => {
    const made = await publish({ post: 'Open forever', platforms: ['threads', 'bluesky'] });
    const reply = await client.api('PUT', '/post', { body: { id: made.json.id, disableComments: true } });
    expect(reply.status).toBe(400);
    expect(reply.json.status).toBe('error');
  });

  it('an unknown id is 404 code 114; without disableComments 400', async () => {
    const unknown = await client.api('PUT', '/post', { body: { id: 'NoSuchPost0000000000', disableComments: true } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
    const made = await publish({ post: 'x', platforms: ['instagram'] });
    const missing = await client.api('PUT', '/post', { body: { id: made.json.id } });
    expect(missing.status).toBe(400);
  });
});

describe('DELETE /post {id}: {status, id, code: 200}', () => {
  it('deletes: the answer, then 404 code 114 for the same id, GET /history shows it "deleted", the ledger post.delete', async () => {
    const made = await publish({ post: 'Short-lived', platforms: ['threads', 'linkedin'] });
    const id = made.json.id as string;
    const before = await lastSeq();
    const reply = await client.api('DELETE', '/post', { body: { id } });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'success', id, code: 200 });
    expect((await ledgerSince(before)).map((e) => [e.kind, e.ids])).toEqual([['post.delete', [id]]]);
    const again = await client.api('DELETE', '/post', { body: { id } });
    expect(again.status).toBe(404);
    expect(again.json).toMatchObject({ status: 'error', code: 114 });
    const history = await client.api('GET', '/history');
    expect(history.json.history.find((h: { id: string }) => h.id === id).status).toBe('deleted');
    const analytics = await client.api('POST', '/analytics/post', { body: { id } });
    expect(analytics.status).toBe(404);
    const bySocial = await client.api('POST', '/analytics/post', {
      body: { id: made.json.postIds[0].id, platforms: ['threads'], searchPlatformId: true },
    });
    expect(bySocial.status).toBe(400);
    expect(bySocial.json.threads.code).toBe(186);
    const threads = await client.api('GET', '/history/threads');
    expect(threads.json.posts.map((p: { id: string }) => p.id)).not.toContain(made.json.postIds[0].id);
  });

  it("an unknown id, and another profile's post, are 404 code 114 (and the other post stays)", async () => {
    const unknown = await client.api('DELETE', '/post', { body: { id: 'NoSuchPost0000000000' } });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe(114);
    const foreign = world.posts.find((p) => p.serviceId && p.profileRefId !== primary.refId && p.platform !== 'twitter')!;
    const reply = await client.api('DELETE', '/post', { body: { id: foreign.serviceId } });
    expect(reply.status).toBe(404);
    expect(reply.json.code).toBe(114);
    const owner = profileOf(world, foreign.profileRefId);
    const history = await client.api('GET', '/history', { profileKey: owner.profileKey });
    expect(history.json.history.find((h: { id: string }) => h.id === foreign.serviceId).status).toBe('success');
  });

  it('a post on twitter needs the X headers to be deleted', async () => {
    const made = await publish({ post: 'Tweet to delete', platforms: ['twitter'] }, { x: true });
    const without = await client.api('DELETE', '/post', { body: { id: made.json.id } });
    expect(without.status).toBe(419);
    const withX = await client.api('DELETE', '/post', { body: { id: made.json.id }, x: true });
    expect(withX.status).toBe(200);
  });
});

describe('GET /history: {history: [{id, created, post, platforms, postIds, status, type}]}, posts made through the service', () => {
  it('each entry has exactly those fields; newest first; only the profile’s service posts, every one of them', async () => {
    const reply = await client.api('GET', '/history');
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json)).toEqual(['history']);
    const history = reply.json.history as {
      id: string;
      created: string;
      post: string;
      platforms: string[];
      postIds: { id: string; platform: string }[];
      status: string;
      type: string;
    }[];
    for (const entry of history) {
      expect(Object.keys(entry).sort()).toEqual(['created', 'id', 'platforms', 'post', 'postIds', 'status', 'type']);
      expect(entry.created).toMatch(ISO);
      expect(entry.postIds.map((p) => p.platform)).toEqual(entry.platforms);
    }
    const times = history.map((h) => Date.parse(h.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const current = await client.snapshot();
    const mine = new Set(current.posts.filter((p) => p.profileRefId === primary.refId && p.serviceId).map((p) => p.serviceId));
    const live = history.filter((h) => h.status !== 'deleted').map((h) => h.id);
    expect(new Set(live)).toEqual(mine);
    const outside = current.posts.filter((p) => p.profileRefId === primary.refId && !p.serviceId).map((p) => p.socialId);
    expect(outside.length).toBeGreaterThan(0);
    for (const entry of history) expect(outside).not.toContain(entry.id);
  });

  it('the newest post comes first, also when two were made within the same second', async () => {
    const a = await publish({ post: 'First of two', platforms: ['threads'] });
    const b = await client.api('POST', '/post', { body: { post: 'Second of two', platforms: ['threads'] } });
    const reply = await client.api('GET', '/history');
    expect(reply.json.history.slice(0, 2).map((h: { id: string }) => h.id)).toEqual([b.json.id, a.json.id]);
  });

  it('scoped by Profile-Key: a user profile sees its own posts only', async () => {
    const profile = userProfiles(world).find((p) => p.platforms.includes('youtube'))!;
    const current = await client.snapshot();
    const reply = await client.api('GET', '/history', { profileKey: profile.profileKey });
    expect(reply.status).toBe(200);
    const live = reply.json.history.filter((h: { status: string }) => h.status !== 'deleted').map((h: { id: string }) => h.id);
    const expected = new Set(current.posts.filter((p) => p.profileRefId === profile.refId && p.serviceId).map((p) => p.serviceId));
    expect(expected.size).toBeGreaterThan(0);
    expect(new Set(live)).toEqual(expected);
    const primaryIds = new Set((await client.api('GET', '/history')).json.history.map((h: { id: string }) => h.id));
    for (const id of reply.json.history.map((h: { id: string }) => h.id)) expect(primaryIds.has(id)).toBe(false);
  });

  it('lastRecords keeps the newest N; lastDays keeps the posts of the last N days', async () => {
    const all = (await client.api('GET', '/history')).json.history as { id: string; created: string }[];
    const three = await client.api('GET', '/history?lastRecords=3');
    expect(three.status).toBe(200);
    expect(three.json.history.map((h: { id: string }) => h.id)).toEqual(all.slice(0, 3).map((h) => h.id));
    const recent = await client.api('GET', '/history?lastDays=7');
    expect(recent.status).toBe(200);
    const expected = all.filter((h) => Date.parse(h.created) >= clockMs - 7 * 86_400_000).map((h) => h.id);
    expect(expected.length).toBeLessThan(all.length);
    expect(recent.json.history.map((h: { id: string }) => h.id)).toEqual(expected);
  });

  it('lastRecords 0, a word, or a negative lastDays is 400', async () => {
    for (const query of ['lastRecords=0', 'lastRecords=abc', 'lastDays=-1', 'lastDays=1.5']) {
      const reply = await client.api('GET', `/history?${query}`);
      expect(reply.status, query).toBe(400);
      expect(reply.json.status).toBe('error');
    }
  });

  it('needs no X headers, though the profile posts on twitter', async () => {
    expect(primary.platforms).toContain('twitter');
    const reply = await client.api('GET', '/history');
    expect(reply.status).toBe(200);
    expect(reply.json.history.some((h: { platforms: string[] }) => h.platforms.includes('twitter'))).toBe(true);
  });
});

describe('GET /history/:platform: {status, posts: [{id, created, post, postUrl}]}, the network’s own posts', () => {
  it('newest first, exactly those fields, including posts made outside the service', async () => {
    const outsidePost = world.posts.find((p) => p.platform === 'facebook' && p.serviceId === null)!;
    const profile = profileOf(world, outsidePost.profileRefId);
    const reply = await client.api('GET', '/history/facebook', { profileKey: profile.profileKey });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    const posts = reply.json.posts as { id: string; created: string; post: string; postUrl: string }[];
    for (const p of posts) {
      expect(Object.keys(p).sort()).toEqual(['created', 'id', 'post', 'postUrl']);
      expect(p.created).toMatch(ISO);
      expect(p.id).toMatch(SOCIAL_ID_FORMAT.facebook!);
    }
    const times = posts.map((p) => Date.parse(p.created));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const current = await client.snapshot();
    const onNetwork = current.posts.filter((p) => p.profileRefId === profile.refId && p.platform === 'facebook');
    expect(new Set(posts.map((p) => p.id))).toEqual(new Set(onNetwork.map((p) => p.socialId)));
    expect(onNetwork.some((p) => p.serviceId === null)).toBe(true);
  });

  it('another channel’s youtube video (notOwned) is not among the channel’s own posts; its own videos are', async () => {
    const guest = world.posts.find((p) => p.platform === 'youtube' && p.flags.includes('notOwned'))!;
    const profile = profileOf(world, guest.profileRefId);
    const reply = await client.api('GET', '/history/youtube', { profileKey: profile.profileKey });
    const ids = reply.json.posts.map((p: { id: string }) => p.id);
    expect(ids).not.toContain(guest.socialId);
    const own = world.posts.filter((p) => p.profileRefId === profile.refId && p.platform === 'youtube' && p.owned);
    expect(new Set(ids)).toEqual(new Set(own.map((p) => p.socialId)));
  });

  it('limit N keeps the newest N', async () => {
    const full = (await client.api('GET', '/history/threads')).json.posts as { id: string }[];
    const two = await client.api('GET', '/history/threads?limit=2');
    expect(two.status).toBe(200);
    expect(two.json.posts.map((p: { id: string }) => p.id)).toEqual(full.slice(0, 2).map((p) => p.id));
  });

  it('limit 0, 1001 or a word is 400', async () => {
    for (const limit of ['0', '1001', 'ten']) {
      const reply = await client.api('GET', `/history/threads?limit=${limit}`);
      expect(reply.status, limit).toBe(400);
      expect(reply.json.status).toBe('error');
    }
  });

  it('a network not linked to the profile is 400 (code 109); an unknown network 400 (code 106)', async () => {
    const unlinked = await client.api('GET', '/history/facebook');
    expect(unlinked.status).toBe(400);
    expect(unlinked.json.code).toBe(109);
    const unknown = await client.api('GET', '/history/myspace');
    expect(unknown.status).toBe(400);
    expect(unknown.json.code).toBe(106);
  });

  it('/history/twitter needs the X headers: 419 without, 200 with', async () => {
    const without = await client.api('GET', '/history/twitter');
    expect(without.status).toBe(419);
    expect(without.json.code).toBe(419);
    const withX = await client.api('GET', '/history/twitter', { x: true });
    expect(withX.status).toBe(200);
    expect(withX.json.posts.length).toBeGreaterThan(0);
  });
});

describe('GET /history/:platform paging: `limit` default 100, at most 1000', () => {
  let many: SandboxClient;
  beforeAll(async () => {
    many = await openSandbox({ rateLimit: 1_000_000 });
    for (let i = 0; i < 101; i++) {
      const reply = await many.api('POST', '/post', { body: { post: `Post number ${i}`, platforms: ['threads'] } });
      expect(reply.status).toBe(200);
    }
  });
  afterAll(() => many.sandbox.close());

  it('without limit: the newest 100 of more than 100; limit=1000: all of them', async () => {
    const w = await many.snapshot();
    const total = w.posts.filter((p) => p.profileRefId === w.profiles[0]!.refId && p.platform === 'threads').length;
    expect(total).toBeGreaterThan(101);
    const byDefault = await many.api('GET', '/history/threads');
    expect(byDefault.status).toBe(200);
    expect(byDefault.json.posts).toHaveLength(100);
    const all = await many.api('GET', '/history/threads?limit=1000');
    expect(all.json.posts).toHaveLength(total);
    expect(byDefault.json.posts).toEqual(all.json.posts.slice(0, 100));
  });
});
