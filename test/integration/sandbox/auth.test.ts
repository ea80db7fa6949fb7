// Authentication and plans (service-api.md "Authentication" 1-3, public-facts.md "Conventions"):
// the primary API key as bearer on every request, the Profile-Key that selects a user profile and
// scopes everything, and the plan gates of user profiles (Business+) and comments (Premium+).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Plan } from '../../../src/shared/networks.ts';
import { openSandbox, type Reply, type SandboxClient, userProfiles, type World } from './harness.ts';

let client: SandboxClient;
let world: World;
const planned = new Map<Plan, SandboxClient>();

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 100_000 });
  world = await client.snapshot();
  const plans: Plan[] = ['basic', 'premium', 'launch', 'enterprise'];
  const opened = await Promise.all(plans.map((plan) => openSandbox({ plan, rateLimit: 100_000 })));
  plans.forEach((plan, i) => planned.set(plan, opened[i] as SandboxClient));
});
afterAll(async () => {
  await Promise.all([client.sandbox.close(), ...[...planned.values()].map((c) => c.sandbox.close())]);
});

function sandboxOn(plan: Plan): SandboxClient {
  const found = planned.get(plan);
  if (!found) throw new Error(`no sandbox on ${plan}`);
  return found;
}

function primary(w: World) {
  const found = w.profiles.find((p) => p.profileKey === null);
  if (!found) throw new Error('no primary profile');
  return found;
}

/** Two user profiles of the seeded world, each with at least one service post off twitter. */
function twoUserProfiles(w: World) {
  const users = userProfiles(w).filter((p) => w.posts.some((post) => post.profileRefId === p.refId && post.serviceId !== null && post.platform !== 'twitter'));
  const [a, b] = users;
  if (!a || !b) throw new Error('the seed has fewer than two user profiles with service posts');
  return { a: { ...a, profileKey: a.profileKey as string }, b: { ...b, profileKey: b.profileKey as string } };
}

/** A service post of the profile that is not on twitter (so no X headers come into play). */
function servicePostOf(w: World, refId: string): string {
  const twitterIds = new Set(w.posts.filter((p) => p.platform === 'twitter').map((p) => p.serviceId));
  const post = w.posts.find((p) => p.profileRefId === refId && p.serviceId !== null && !twitterIds.has(p.serviceId));
  if (!post?.serviceId) throw new Error(`no service post off twitter for ${refId}`);
  return post.serviceId;
}

function expectError(reply: Reply, status: number, code: number): void {
  expect(reply.status).toBe(status);
  expect(reply.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(reply.json).toMatchObject({ status: 'error', code });
  expect(typeof reply.json.message).toBe('string');
  expect(reply.json.message.length).toBeGreaterThan(0);
}

describe('every request carries "Authorization: Bearer <API_KEY>", the primary profile API key', () => {
  it('the primary API key as bearer is accepted (200, the primary profile)', async () => {
    const reply = await client.api('GET', '/user');
    expect(reply.status).toBe(200);
    expect(reply.json.refId).toBe(primary(world).refId);
  });

  it('a missing Authorization header is 401, code 102', async () => {
    expectError(await client.api('GET', '/user', { noAuth: true }), 401, 102);
  });

  it('a wrong API key is 401, code 102', async () => {
    expectError(await client.api('GET', '/user', { noAuth: true, headers: { authorization: 'Bearer not-the-key' } }), 401, 102);
  });

  it('the right key without the Bearer scheme, or in another scheme, is 401, code 102', async () => {
    const key = client.sandbox.apiKey;
    expectError(await client.api('GET', '/user', { noAuth: true, headers: { authorization: key } }), 401, 102);
    expectError(await client.api('GET', '/user', { noAuth: true, headers: { authorization: `Basic ${key}` } }), 401, 102);
    expectError(await client.api('GET', '/user', { noAuth: true, headers: { authorization: 'Bearer ' } }), 401, 102);
  });

  it('"a profile key sent in place of the API key yields an error": 401, code 102', async () => {
    const [user] = userProfiles(world);
    if (!user?.profileKey) throw new Error('no user profile');
    expectError(await client.api('GET', '/user', { noAuth: true, headers: { authorization: `Bearer ${user.profileKey}` } }), 401, 102);
    // ...also when the profile key is sent as bearer *and* as Profile-Key.
    expectError(
      await client.api('GET', '/user', {
        noAuth: true,
        profileKey: user.profileKey,
        headers: { authorization: `Bearer ${user.profileKey}` },
      }),
      401,
      102,
    );
  });

  it('the scheme is case-insensitive: "bearer" and "BEARER" are accepted', async () => {
    const key = client.sandbox.apiKey;
    for (const scheme of ['bearer', 'BEARER']) {
      const reply = await client.api('GET', '/user', { noAuth: true, headers: { authorization: `${scheme} ${key}` } });
      expect(reply.status).toBe(200);
      expect(reply.json.refId).toBe(primary(world).refId);
    }
  });

  it('an unauthenticated request is refused on every operation, known or not, before anything else (401, code 102)', async () => {
    const postId = servicePostOf(world, primary(world).refId);
    const ledgerBefore = (await client.control('GET', '/ledger')).json.length;
    const calls: [string, string, unknown?][] = [
      ['GET', '/history'],
      ['POST', '/post', { post: 'hello', platforms: ['linkedin'] }],
      ['GET', `/comments/${postId}`],
      ['POST', '/analytics/post', { id: postId }],
      ['POST', '/hook/webhook', { action: 'feed', url: 'https://example.com/hook' }],
      ['GET', '/no-such-endpoint'],
    ];
    for (const [method, path, body] of calls) {
      expectError(await client.api(method, path, { noAuth: true, body }), 401, 102);
    }
    // Nothing was written.
    expect((await client.control('GET', '/ledger')).json.length).toBe(ledgerBefore);
  });
});

describe('Profile-Key selects a user profile (Business and Enterprise) and scopes everything', () => {
  it('GET /user answers for the profile the Profile-Key names: its refId, not the primary one', async () => {
    const { a, b } = twoUserProfiles(world);
    const asA = await client.api('GET', '/user', { profileKey: a.profileKey });
    const asB = await client.api('GET', '/user', { profileKey: b.profileKey });
    const asPrimary = await client.api('GET', '/user');
    expect(asA.status).toBe(200);
    expect(asB.status).toBe(200);
    expect(asA.json.refId).toBe(a.refId);
    expect(asB.json.refId).toBe(b.refId);
    expect(asPrimary.json.refId).toBe(primary(world).refId);
    expect(new Set([asA.json.refId, asB.json.refId, asPrimary.json.refId]).size).toBe(3);
    expect([...asA.json.activeSocialAccounts].sort()).toEqual([...a.platforms].sort());
  });

  it('GET /history lists only the posts of the profile the request is for', async () => {
    const { a } = twoUserProfiles(world);
    const serviceIdsOf = (refId: string) =>
      new Set(world.posts.filter((p) => p.profileRefId === refId && p.serviceId !== null).map((p) => p.serviceId as string));
    const mine = serviceIdsOf(a.refId);
    const asA = await client.api('GET', '/history', { profileKey: a.profileKey });
    expect(asA.status).toBe(200);
    const ids: string[] = asA.json.history.map((h: { id: string }) => h.id);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(mine.has(id)).toBe(true);
    // Every live post of the profile is listed.
    for (const id of mine) expect(ids).toContain(id);

    const asPrimary = await client.api('GET', '/history');
    const primaryIds: string[] = asPrimary.json.history.map((h: { id: string }) => h.id);
    expect(primaryIds.length).toBeGreaterThan(0);
    for (const id of primaryIds) expect(mine.has(id)).toBe(false);
  });

  it('"another profile\'s post or comment: 404, as if unknown"; the owner gets it', async () => {
    const { a, b } = twoUserProfiles(world);
    const postOfA = servicePostOf(world, a.refId);
    const postOfPrimary = servicePostOf(world, primary(world).refId);

    expect((await client.api('GET', `/comments/${postOfA}`, { profileKey: a.profileKey })).status).toBe(200);
    expectError(await client.api('GET', `/comments/${postOfA}`, { profileKey: b.profileKey }), 404, 114);
    expectError(await client.api('GET', `/comments/${postOfA}`), 404, 114);

    expect((await client.api('POST', '/analytics/post', { profileKey: a.profileKey, body: { id: postOfA } })).status).toBe(200);
    expectError(await client.api('POST', '/analytics/post', { profileKey: b.profileKey, body: { id: postOfA } }), 404, 114);

    expect((await client.api('GET', `/comments/${postOfPrimary}`)).status).toBe(200);
    expectError(await client.api('GET', `/comments/${postOfPrimary}`, { profileKey: a.profileKey }), 404, 114);
  });

  it('a write with a Profile-Key lands on that profile (ledger and history), not on the primary', async () => {
    const { a } = twoUserProfiles(world);
    const network = a.platforms.find((p) => p !== 'twitter');
    if (!network) throw new Error('no network off twitter');
    const made = await client.api('POST', '/post', { profileKey: a.profileKey, body: { post: 'Scoped by Profile-Key', platforms: [network] } });
    expect(made.status).toBe(200);
    expect(made.json.refId).toBe(a.refId);
    const historyA = await client.api('GET', '/history', { profileKey: a.profileKey });
    expect(historyA.json.history.map((h: { id: string }) => h.id)).toContain(made.json.id);
    const historyPrimary = await client.api('GET', '/history');
    expect(historyPrimary.json.history.map((h: { id: string }) => h.id)).not.toContain(made.json.id);
    const ledger = await client.control('GET', '/ledger');
    const entry = ledger.json.find((e: { ids: string[] }) => e.ids.includes(made.json.id));
    expect(entry).toMatchObject({ kind: 'post.create', profileRefId: a.refId });
  });

  it('"The API key must still be sent": a Profile-Key without the API key is 401, code 102', async () => {
    const { a } = twoUserProfiles(world);
    expectError(await client.api('GET', '/user', { noAuth: true, profileKey: a.profileKey }), 401, 102);
    expectError(await client.api('GET', '/user', { noAuth: true, profileKey: a.profileKey, headers: { authorization: 'Bearer wrong' } }), 401, 102);
  });

  it('an unknown Profile-Key is 401, code 103 (a known one is 200)', async () => {
    const { a } = twoUserProfiles(world);
    expect((await client.api('GET', '/user', { profileKey: a.profileKey })).status).toBe(200);
    expectError(await client.api('GET', '/user', { profileKey: 'AAAAAAA-BBBBBBB-CCCCCCC-DDDDDDD' }), 401, 103);
    // The API key is not a profile key.
    expectError(await client.api('GET', '/user', { profileKey: client.sandbox.apiKey }), 401, 103);
  });

  for (const plan of ['basic', 'premium', 'launch'] as const) {
    it(`"user profile (Business and Enterprise plans only)": a Profile-Key on the ${plan} plan is 403, code 120, naming the Business plan`, async () => {
      const sandbox = sandboxOn(plan);
      const w = await sandbox.snapshot();
      expect(w.plan).toBe(plan);
      const [user] = userProfiles(w);
      if (!user?.profileKey) throw new Error('no user profile');
      const reply = await sandbox.api('GET', '/user', { profileKey: user.profileKey });
      expectError(reply, 403, 120);
      expect(reply.json.message).toMatch(/Business plan/);
      // "Premium plans send only the API key": without the Profile-Key the same request is fine.
      const plain = await sandbox.api('GET', '/user');
      expect(plain.status).toBe(200);
      expect(plain.json.refId).toBe(primary(w).refId);
    });
  }

  for (const plan of ['business', 'enterprise'] as const) {
    it(`a Profile-Key on the ${plan} plan is allowed`, async () => {
      const sandbox = plan === 'business' ? client : sandboxOn(plan);
      const w = await sandbox.snapshot();
      expect(w.plan).toBe(plan);
      const [user] = userProfiles(w);
      if (!user?.profileKey) throw new Error('no user profile');
      const reply = await sandbox.api('GET', '/user', { profileKey: user.profileKey });
      expect(reply.status).toBe(200);
      expect(reply.json.refId).toBe(user.refId);
    });
  }

  it('user profiles (POST/GET /profiles) need the Business plan: 403, code 120 on premium, 200 on business', async () => {
    const refused = await sandboxOn('premium').api('GET', '/profiles');
    expectError(refused, 403, 120);
    expect(refused.json.message).toMatch(/Business plan/);
    const allowed = await client.api('GET', '/profiles');
    expect(allowed.status).toBe(200);
    expect(allowed.json.profiles.length).toBe(userProfiles(world).length);
  });
});

describe('"the comments operations are available on the Premium, Launch, Business and Enterprise plans"', () => {
  function commentCalls(w: World): [string, string, unknown?][] {
    const postId = servicePostOf(w, primary(w).refId);
    return [
      ['GET', `/comments/${postId}`],
      ['GET', `/comments?id=${postId}`],
      ['POST', `/comments/${postId}`, { comment: 'Thanks for reading!' }],
      ['POST', '/comments/reply/nonexistent', { platforms: ['facebook'], comment: 'hi' }],
      ['DELETE', '/comments/nonexistent'],
    ];
  }

  it('on the basic plan every comments operation is 403, code 120, naming the Premium plan', async () => {
    const sandbox = sandboxOn('basic');
    const w = await sandbox.snapshot();
    for (const [method, path, body] of commentCalls(w)) {
      const reply = await sandbox.api(method, path, { body, x: true });
      expectError(reply, 403, 120);
      expect(reply.json.message).toMatch(/Premium plan/);
    }
    // Nothing was written on the basic plan.
    expect((await sandbox.control('GET', '/ledger')).json).toEqual([]);
    // Operations outside the comments family are not gated on basic.
    expect((await sandbox.api('GET', '/history')).status).toBe(200);
  });

  for (const plan of ['premium', 'launch', 'enterprise'] as const) {
    it(`on the ${plan} plan the comments operations are allowed`, async () => {
      const sandbox = sandboxOn(plan);
      const w = await sandbox.snapshot();
      const postId = servicePostOf(w, primary(w).refId);
      const read = await sandbox.api('GET', `/comments/${postId}`, { x: true });
      expect(read.status).toBe(200);
      expect(read.json.status).toBe('success');
      const made = await sandbox.api('POST', `/comments/${postId}`, { body: { comment: `A comment on ${plan}` }, x: true });
      expect(made.status).toBe(200);
      expect(made.json.status).toBe('success');
      // Past the gate, the ordinary answers: an unknown comment id is 404, not 403.
      expectError(await sandbox.api('DELETE', '/comments/nonexistent'), 404, 114);
    });
  }
});
