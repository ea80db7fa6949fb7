// GET /user and the user profiles: POST /profiles, GET /profiles, the Profile-Key header
// (service-api.md, Authentication 2–3; public-facts.md, "Operations beside those in service-api.md").
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandbox, type SandboxClient, userProfiles, type World } from './harness.ts';

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

describe('GET /user: {activeSocialAccounts, displayNames, refId, title} of the profile the request is for', () => {
  it('the primary profile with the API key alone', async () => {
    const primary = world.profiles.find((p) => p.profileKey === null)!;
    const reply = await client.api('GET', '/user');
    expect(reply.status).toBe(200);
    expect(reply.json.refId).toBe(primary.refId);
    expect(reply.json.title).toBe(primary.title);
    expect([...reply.json.activeSocialAccounts].sort()).toEqual([...primary.platforms].sort());
    expect(Array.isArray(reply.json.displayNames)).toBe(true);
    expect(reply.json.displayNames.map((d: { platform: string }) => d.platform).sort()).toEqual([...primary.platforms].sort());
  });

  it('a user profile with its Profile-Key: its own refId, title and networks', async () => {
    for (const profile of userProfiles(world)) {
      const reply = await client.api('GET', '/user', { profileKey: profile.profileKey });
      expect(reply.status).toBe(200);
      expect(reply.json.refId).toBe(profile.refId);
      expect(reply.json.title).toBe(profile.title);
      expect([...reply.json.activeSocialAccounts].sort()).toEqual([...profile.platforms].sort());
    }
  });

  it('an unknown Profile-Key is 401 (code 103)', async () => {
    const reply = await client.api('GET', '/user', { profileKey: 'AAAAAAA-BBBBBBB-CCCCCCC-DDDDDDD' });
    expect(reply.status).toBe(401);
    expect(reply.json).toMatchObject({ status: 'error', code: 103 });
  });

  it('a profile key sent as the bearer, without the API key, is 401 code 102', async () => {
    const profile = userProfiles(world)[0]!;
    const reply = await client.api('GET', '/user', { noAuth: true, headers: { authorization: `Bearer ${profile.profileKey}` } });
    expect(reply.status).toBe(401);
    expect(reply.json.code).toBe(102);
  });
});

describe('"user profile (Business and Enterprise plans only)": a Profile-Key on a lower plan is 403 code 120 naming Business', () => {
  let premium: SandboxClient;
  beforeAll(async () => {
    premium = await openSandbox({ plan: 'premium' });
  });
  afterAll(() => premium.sandbox.close());

  it('GET /user with a Profile-Key on premium: 403, code 120, the message names the Business plan', async () => {
    const profile = userProfiles(await premium.snapshot())[0]!;
    const reply = await premium.api('GET', '/user', { profileKey: profile.profileKey });
    expect(reply.status).toBe(403);
    expect(reply.json).toMatchObject({ status: 'error', code: 120 });
    expect(reply.json.message).toMatch(/Business/);
  });

  it('GET /user with the API key alone works on premium', async () => {
    const reply = await premium.api('GET', '/user');
    expect(reply.status).toBe(200);
    expect(reply.json.refId).toBe((await premium.snapshot()).profiles.find((p) => p.profileKey === null)!.refId);
  });

  it('POST /profiles and GET /profiles on premium: 403 code 120 naming Business', async () => {
    const created = await premium.api('POST', '/profiles', { body: { title: 'Not on this plan' } });
    expect(created.status).toBe(403);
    expect(created.json.code).toBe(120);
    expect(created.json.message).toMatch(/Business/);
    const listed = await premium.api('GET', '/profiles');
    expect(listed.status).toBe(403);
    expect(listed.json.code).toBe(120);
  });

  it('enterprise has user profiles too', async () => {
    const enterprise = await openSandbox({ plan: 'enterprise' });
    try {
      const profile = userProfiles(await enterprise.snapshot())[0]!;
      const reply = await enterprise.api('GET', '/user', { profileKey: profile.profileKey });
      expect(reply.status).toBe(200);
      expect(reply.json.refId).toBe(profile.refId);
    } finally {
      await enterprise.sandbox.close();
    }
  });
});

describe('POST /profiles {title}: {status, title, refId, profileKey}', () => {
  it('creates a profile whose key works as Profile-Key at once; the ledger has profile.create', async () => {
    const reply = await client.api('POST', '/profiles', { body: { title: 'Corner Florist' } });
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.json).sort()).toEqual(['profileKey', 'refId', 'status', 'title']);
    expect(reply.json).toMatchObject({ status: 'success', title: 'Corner Florist' });
    expect(world.profiles.map((p) => p.refId)).not.toContain(reply.json.refId);
    const user = await client.api('GET', '/user', { profileKey: reply.json.profileKey });
    expect(user.status).toBe(200);
    expect(user.json.refId).toBe(reply.json.refId);
    expect(user.json.title).toBe('Corner Florist');
    expect(user.json.activeSocialAccounts).toEqual([]);
    const ledger = (await client.control('GET', '/ledger')).json as { kind: string; ids: string[] }[];
    expect(ledger.filter((e) => e.kind === 'profile.create').map((e) => e.ids)).toContainEqual([reply.json.refId]);
  });

  it('with a Profile-Key (on behalf of a user profile) it is refused: 400', async () => {
    const reply = await client.api('POST', '/profiles', { body: { title: 'Nested Client' }, profileKey: userProfiles(world)[0]!.profileKey });
    expect(reply.status).toBe(400);
    expect(reply.json.status).toBe('error');
    const listed = (await client.api('GET', '/profiles')).json.profiles as { title: string }[];
    expect(listed.map((p) => p.title)).not.toContain('Nested Client');
  });

  it('a title that exists is 400 (code 115), whatever its case', async () => {
    const existing = userProfiles(world)[0]!.title;
    for (const title of [existing, existing.toUpperCase()]) {
      const reply = await client.api('POST', '/profiles', { body: { title } });
      expect(reply.status).toBe(400);
      expect(reply.json).toMatchObject({ status: 'error', code: 115 });
    }
  });

  it('an empty or blank title is 400 (code 108); none at all 400 (code 104)', async () => {
    for (const title of ['', '  ']) {
      const reply = await client.api('POST', '/profiles', { body: { title } });
      expect(reply.status).toBe(400);
      expect(reply.json.code).toBe(108);
    }
    const missing = await client.api('POST', '/profiles', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe(104);
  });
});

describe('GET /profiles: {profiles: [{title, refId, activeSocialAccounts}]}, the user profiles', () => {
  it('lists every user profile (not the primary), a new one included', async () => {
    const created = await client.api('POST', '/profiles', { body: { title: 'Harbor Kayaks' } });
    expect(created.status).toBe(200);
    const reply = await client.api('GET', '/profiles');
    expect(reply.status).toBe(200);
    const profiles = reply.json.profiles as { title: string; refId: string; activeSocialAccounts: string[] }[];
    for (const p of profiles) {
      expect(typeof p.title).toBe('string');
      expect(typeof p.refId).toBe('string');
      expect(Array.isArray(p.activeSocialAccounts)).toBe(true);
    }
    const primary = world.profiles.find((p) => p.profileKey === null)!;
    expect(profiles.map((p) => p.refId)).not.toContain(primary.refId);
    for (const profile of userProfiles(world)) {
      const listed = profiles.find((p) => p.refId === profile.refId);
      expect(listed?.title).toBe(profile.title);
      expect([...listed!.activeSocialAccounts].sort()).toEqual([...profile.platforms].sort());
    }
    expect(profiles.find((p) => p.refId === created.json.refId)).toMatchObject({ title: 'Harbor Kayaks', activeSocialAccounts: [] });
  });
});
