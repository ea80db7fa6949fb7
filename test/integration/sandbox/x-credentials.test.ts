// X (twitter) credentials (service-api.md "Authentication" 4; public-facts.md "X (twitter)
// credentials", "Which requests target twitter", "Wrong X key pair"): a request that targets twitter
// needs both X-Twitter-OAuth1-Api-Key and -Secret; without both 419, with one 400, with a wrong pair
// 401/272; requests that do not target twitter ignore them; one pair serves every profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type Reply, type SandboxClient, userProfiles, type World } from './harness.ts';

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 100_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

const KEY = 'x-twitter-oauth1-api-key';
const SECRET = 'x-twitter-oauth1-api-secret';

type XHeaders = Record<string, string>;

function rightPair(): XHeaders {
  return { [KEY]: world.xCredentials.key, [SECRET]: world.xCredentials.secret };
}

/** Every way of sending the X headers short of the right pair, named for the failure messages. */
function wrongVariants(): { name: string; headers: XHeaders; status: number }[] {
  const { key, secret } = world.xCredentials;
  return [
    { name: 'none', headers: {}, status: 419 },
    { name: 'key only', headers: { [KEY]: key }, status: 400 },
    { name: 'secret only', headers: { [SECRET]: secret }, status: 400 },
    { name: 'both wrong', headers: { [KEY]: 'wrong-key', [SECRET]: 'wrong-secret' }, status: 401 },
    { name: 'right key, wrong secret', headers: { [KEY]: key, [SECRET]: `${secret}x` }, status: 401 },
    { name: 'wrong key, right secret', headers: { [KEY]: `${key}x`, [SECRET]: secret }, status: 401 },
    { name: 'the pair swapped', headers: { [KEY]: secret, [SECRET]: key }, status: 401 },
  ];
}

function primaryRefId(): string {
  const found = world.profiles.find((p) => p.profileKey === null);
  if (!found) throw new Error('no primary profile');
  return found.refId;
}

async function ledgerLength(): Promise<number> {
  return (await client.control('GET', '/ledger')).json.length;
}

/**
 * The whole rule on one request: each wrong variant is refused with its status and body and writes
 * nothing; the right pair is accepted (200) and its reply returned.
 */
async function expectTwitterGate(call: (x: XHeaders) => Promise<Reply>): Promise<Reply> {
  const before = await ledgerLength();
  for (const variant of wrongVariants()) {
    const reply = await call(variant.headers);
    expect(reply.status, variant.name).toBe(variant.status);
    expect(reply.headers['content-type'], variant.name).toBe('application/json; charset=utf-8');
    if (variant.status === 419) {
      expect(reply.json).toEqual({
        action: 'x_credentials_required',
        status: 'error',
        code: 419,
        message: expect.stringMatching(/X-Twitter-OAuth1-Api-Key/),
        platform: 'twitter',
      });
    } else if (variant.status === 400) {
      expect(reply.json, variant.name).toMatchObject({ status: 'error', code: 104 });
      // The message names the header that is missing.
      expect(reply.json.message, variant.name).toMatch(variant.headers[KEY] ? /X-Twitter-OAuth1-Api-Secret/ : /X-Twitter-OAuth1-Api-Key/);
    } else {
      expect(reply.json, variant.name).toEqual({ status: 'error', code: 272, message: expect.any(String), platform: 'twitter' });
      expect(reply.json.message.length).toBeGreaterThan(0);
    }
  }
  // "Requests to twitter without valid credentials are rejected": rejected means nothing applied.
  expect(await ledgerLength()).toBe(before);
  const ok = await call(rightPair());
  expect(ok.status).toBe(200);
  return ok;
}

function twitterPostOfPrimary(options: { withComments?: boolean; service?: boolean } = {}) {
  const post = world.posts.find(
    (p) =>
      p.profileRefId === primaryRefId() &&
      p.platform === 'twitter' &&
      p.owned &&
      (options.service === undefined || (p.serviceId !== null) === options.service) &&
      (!options.withComments || p.commentCount > 0),
  );
  if (!post) throw new Error(`no twitter post of the primary profile ${JSON.stringify(options)}`);
  return post;
}

function nonTwitterServicePost() {
  const onTwitter = new Set(world.posts.filter((p) => p.platform === 'twitter').map((p) => p.serviceId));
  const post = world.posts.find((p) => p.profileRefId === primaryRefId() && p.serviceId !== null && !onTwitter.has(p.serviceId));
  if (!post?.serviceId) throw new Error('no service post off twitter');
  return post.serviceId;
}

/** A twitter comment made outside the service, read through GET /comments. */
async function twitterCommentId(): Promise<string> {
  const post = twitterPostOfPrimary({ withComments: true });
  const reply = await client.api('GET', `/comments/${post.socialId}?searchPlatformId=true&platform=twitter`, { x: true });
  expect(reply.status).toBe(200);
  const first = reply.json.twitter[0];
  if (!first) throw new Error('no twitter comment');
  return first.commentId as string;
}

describe('a request whose "platforms"/"platform" includes twitter needs the X key pair', () => {
  it("POST /post with twitter in platforms: 419 / 400 / 401 code 272, then 200 with the account's pair", async () => {
    const ok = await expectTwitterGate((x) =>
      client.api('POST', '/post', { body: { post: 'Hello X and LinkedIn', platforms: ['twitter', 'linkedin'] }, headers: x }),
    );
    expect(ok.json.postIds.map((p: { platform: string }) => p.platform).sort()).toEqual(['linkedin', 'twitter']);
  });

  it('POST /analytics/post with platforms ["twitter"] and searchPlatformId: gated; 200 with the pair', async () => {
    const post = twitterPostOfPrimary();
    const ok = await expectTwitterGate((x) =>
      client.api('POST', '/analytics/post', { body: { id: post.socialId, platforms: ['twitter'], searchPlatformId: true }, headers: x }),
    );
    expect(ok.json.twitter[0].id).toBe(post.socialId);
  });

  it('GET /comments/:id?searchPlatformId=true&platform=twitter: gated; 200 with the pair', async () => {
    const post = twitterPostOfPrimary();
    const ok = await expectTwitterGate((x) => client.api('GET', `/comments/${post.socialId}?searchPlatformId=true&platform=twitter`, { headers: x }));
    expect(Array.isArray(ok.json.twitter)).toBe(true);
  });

  it('GET /history/twitter: gated; 200 with the pair', async () => {
    const ok = await expectTwitterGate((x) => client.api('GET', '/history/twitter', { headers: x }));
    expect(ok.json.posts.length).toBeGreaterThan(0);
  });

  it('a reply by social comment id on twitter (platforms ["twitter"], searchPlatformId): gated; 200 with the pair', async () => {
    const commentId = await twitterCommentId();
    const ok = await expectTwitterGate((x) =>
      client.api('POST', `/comments/reply/${encodeURIComponent(commentId)}`, {
        body: { platforms: ['twitter'], searchPlatformId: true, comment: 'Thanks!' },
        headers: x,
      }),
    );
    expect(ok.json.twitter.sourceCommentId).toBe(commentId);
  });
});

describe('a request addressed by an id that lives on twitter needs the X key pair', () => {
  it('GET /comments/:serviceId of a post published on twitter: gated; 200 with the pair', async () => {
    const post = twitterPostOfPrimary({ service: true });
    const ok = await expectTwitterGate((x) => client.api('GET', `/comments/${post.serviceId}`, { headers: x }));
    expect(Array.isArray(ok.json.twitter)).toBe(true);
  });

  it('POST /analytics/post by the service id of a post on twitter: gated; 200 with the pair', async () => {
    const post = twitterPostOfPrimary({ service: true });
    const ok = await expectTwitterGate((x) => client.api('POST', '/analytics/post', { body: { id: post.serviceId }, headers: x }));
    expect(ok.json.twitter.id).toBe(post.socialId);
  });

  it('POST /comments/:serviceId of a post on twitter, its reply and its delete by service comment id: each gated', async () => {
    const post = twitterPostOfPrimary({ service: true });
    const made = await expectTwitterGate((x) =>
      client.api('POST', `/comments/${post.serviceId}`, { body: { comment: 'A comment on X', platforms: ['twitter'] }, headers: x }),
    );
    const serviceCommentId = made.json.commentId as string;
    expect(made.json.twitter.status).toBe('success');

    const replied = await expectTwitterGate((x) =>
      client.api('POST', `/comments/reply/${serviceCommentId}`, { body: { platforms: ['twitter'], comment: 'And a reply' }, headers: x }),
    );
    expect(replied.json.status).toBe('success');

    const deleted = await expectTwitterGate((x) => client.api('DELETE', `/comments/${serviceCommentId}`, { headers: x }));
    expect(deleted.json.twitter).toMatchObject({ action: 'delete', status: 'success' });
  });

  it('DELETE /comments/:socialCommentId with platform twitter, and GET of that comment (commentId=true): each gated', async () => {
    const commentId = await twitterCommentId();
    const path = `/comments/${encodeURIComponent(commentId)}?searchPlatformId=true&platform=twitter&commentId=true`;
    const read = await expectTwitterGate((x) => client.api('GET', path, { headers: x }));
    expect(read.json.twitter[0].commentId).toBe(commentId);
    const deleted = await expectTwitterGate((x) =>
      client.api('DELETE', `/comments/${encodeURIComponent(commentId)}`, {
        body: { searchPlatformId: true, platform: 'twitter' },
        headers: x,
      }),
    );
    expect(deleted.json.twitter).toMatchObject({ action: 'delete', status: 'success', id: commentId });
  });

  it('DELETE /post of a post published on twitter: gated; 200 with the pair', async () => {
    const made = await client.api('POST', '/post', { body: { post: 'Soon gone', platforms: ['twitter'] }, x: true });
    expect(made.status).toBe(200);
    const ok = await expectTwitterGate((x) => client.api('DELETE', '/post', { body: { id: made.json.id }, headers: x }));
    expect(ok.json).toMatchObject({ status: 'success', id: made.json.id });
  });

  it('PUT /post (comments off) of a post published on twitter and instagram: gated; 200 with the pair', async () => {
    const primary = (await client.snapshot()).profiles.find((p) => p.profileKey === null)!;
    expect(primary.platforms).toEqual(expect.arrayContaining(['twitter', 'instagram']));
    const made = await client.api('POST', '/post', { body: { post: 'Quiet please', platforms: ['twitter', 'instagram'] }, x: true });
    expect(made.status).toBe(200);
    const ok = await expectTwitterGate((x) => client.api('PUT', '/post', { body: { id: made.json.id, disableComments: true }, headers: x }));
    expect(ok.json).toMatchObject({ status: 'success', id: made.json.id, disableComments: true, platforms: ['instagram'] });
  });

  it('narrowing a multi-network post with "platforms" off twitter no longer targets twitter (and on twitter it does)', async () => {
    const byService = new Map<string, string[]>();
    for (const p of world.posts) {
      if (p.serviceId && p.profileRefId === primaryRefId()) byService.set(p.serviceId, [...(byService.get(p.serviceId) ?? []), p.platform]);
    }
    const found = [...byService.entries()].find(([, platforms]) => platforms.includes('twitter') && platforms.length > 1);
    if (!found) throw new Error('no multi-network post with twitter');
    const [id, platforms] = found;
    const other = platforms.find((p) => p !== 'twitter') as string;
    const narrowed = await client.api('POST', '/analytics/post', { body: { id, platforms: [other] } });
    expect(narrowed.status).toBe(200);
    expect(narrowed.json[other]).toBeDefined();
    expect(narrowed.json.twitter).toBeUndefined();
    expect((await client.api('POST', '/analytics/post', { body: { id } })).status).toBe(419);
    expect((await client.api('POST', '/analytics/post', { body: { id, platforms: ['twitter'] } })).status).toBe(419);
  });
});

describe('"Requests that do not target twitter ignore the X headers if sent"', () => {
  const variants = () => [...wrongVariants(), { name: 'right pair', headers: rightPair(), status: 200 }];

  it('POST /post to linkedin only: 200 without X headers, with one, with a wrong pair', async () => {
    for (const { name, headers } of variants()) {
      const reply = await client.api('POST', '/post', { body: { post: `LinkedIn only (${name})`, platforms: ['linkedin'] }, headers });
      expect(reply.status, name).toBe(200);
      expect(
        reply.json.postIds.map((p: { platform: string }) => p.platform),
        name,
      ).toEqual(['linkedin']);
    }
  });

  it('GET /history does not target twitter, even when the profile has twitter posts', async () => {
    for (const { name, headers } of variants()) {
      const reply = await client.api('GET', '/history', { headers });
      expect(reply.status, name).toBe(200);
      const onTwitter = reply.json.history.filter((h: { platforms: string[] }) => h.platforms.includes('twitter'));
      expect(onTwitter.length, name).toBeGreaterThan(0);
    }
  });

  it('GET /history/linkedin, GET /comments/:id of a post off twitter, GET /user, GET /hook/webhook: 200 whatever X headers are sent', async () => {
    const postId = nonTwitterServicePost();
    for (const { name, headers } of variants()) {
      for (const path of ['/history/linkedin', `/comments/${postId}`, '/user', '/hook/webhook']) {
        const reply = await client.api('GET', path, { headers });
        expect(reply.status, `${name} ${path}`).toBe(200);
      }
    }
  });
});

describe('"One key pair is used for all requests of an account, whichever profile key is sent"', () => {
  it("a user profile linked to twitter uses the account's pair: GET /history/twitter with its Profile-Key is gated the same way", async () => {
    const user = userProfiles(world).find((p) => p.platforms.includes('twitter'));
    if (!user?.profileKey) throw new Error('no user profile linked to twitter');
    const profileKey = user.profileKey;
    const ok = await expectTwitterGate((x) => client.api('GET', '/history/twitter', { profileKey, headers: x }));
    const own = new Set(world.posts.filter((p) => p.profileRefId === user.refId && p.platform === 'twitter').map((p) => p.socialId));
    expect(ok.json.posts.length).toBeGreaterThan(0);
    for (const post of ok.json.posts) expect(own.has(post.id)).toBe(true);
  });

  it('the same pair also serves a Profile-Key post on twitter (POST /post)', async () => {
    const user = userProfiles(world).find((p) => p.platforms.includes('twitter'));
    if (!user?.profileKey) throw new Error('no user profile linked to twitter');
    const reply = await client.api('POST', '/post', {
      profileKey: user.profileKey,
      body: { post: 'From a client profile', platforms: ['twitter'] },
      headers: rightPair(),
    });
    expect(reply.status).toBe(200);
    expect(reply.json.refId).toBe(user.refId);
  });
});
