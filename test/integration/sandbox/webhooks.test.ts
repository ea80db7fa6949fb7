// Webhook registration: POST /hook/webhook (service-api.md), GET and DELETE /hook/webhook and
// POST /hook/webhook/secret (public-facts.md), per profile.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_ACTIONS } from '../../../src/shared/networks.ts';
import { openSandbox, type SandboxClient, userProfiles, type World } from './harness.ts';

let client: SandboxClient;
let world: World;

beforeAll(async () => {
  client = await openSandbox({ rateLimit: 1_000_000 });
  world = await client.snapshot();
});
afterAll(() => client.sandbox.close());

const register = (body: Record<string, unknown>, profileKey?: string | null) => client.api('POST', '/hook/webhook', { body, profileKey });
const list = (profileKey?: string | null) => client.api('GET', '/hook/webhook', { profileKey });

async function ledger() {
  return (await client.control('GET', '/ledger')).json as { kind: string; ids: string[]; text: string | null; profileRefId: string }[];
}

describe('POST /hook/webhook {action, url, secret?}: {status: success, action, url, refId}', () => {
  it('the result has exactly status, action, url and the refId of the profile', async () => {
    const primary = world.profiles.find((p) => p.profileKey === null)!;
    const reply = await register({ action: 'social', url: 'https://hooks.example.com/social' });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'success', action: 'social', url: 'https://hooks.example.com/social', refId: primary.refId });
  });

  it('each of the 8 actions is accepted: feed, social, scheduled, batch, messages, mentions, comments, automations', async () => {
    expect([...WEBHOOK_ACTIONS].sort()).toEqual(['automations', 'batch', 'comments', 'feed', 'mentions', 'messages', 'scheduled', 'social']);
    for (const action of WEBHOOK_ACTIONS) {
      const reply = await register({ action, url: `https://hooks.example.com/${action}` });
      expect(reply.status, action).toBe(200);
      expect(reply.json.action).toBe(action);
    }
  });

  it('an unknown action is 400, and a missing one', async () => {
    for (const body of [
      { action: 'likes', url: 'https://hooks.example.com/x' },
      { action: 'Comments', url: 'https://hooks.example.com/x' },
      { url: 'https://hooks.example.com/x' },
    ]) {
      const reply = await register(body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.json.status).toBe('error');
    }
  });

  it('"valid URL beginning with https://": http:// is 400, not a URL is 400, no url is 400', async () => {
    for (const url of ['http://hooks.example.com/x', 'not a url', 'hooks.example.com/x', 'ftp://hooks.example.com/x', 'https://', '']) {
      const reply = await register({ action: 'feed', url });
      expect(reply.status, url).toBe(400);
      expect(reply.json.status).toBe('error');
    }
    const missing = await register({ action: 'feed' });
    expect(missing.status).toBe(400);
  });

  it('a refused registration changes nothing', async () => {
    const before = (await list()).json;
    await register({ action: 'feed', url: 'http://insecure.example.com/' });
    expect((await list()).json).toEqual(before);
  });

  it('the ledger records webhook.register without the secret', async () => {
    await register({ action: 'batch', url: 'https://hooks.example.com/batch2', secret: 'very-secret-value' });
    const entries = (await ledger()).filter((e) => e.kind === 'webhook.register');
    expect(entries.at(-1)!.ids).toEqual(['batch', 'https://hooks.example.com/batch2']);
    expect(JSON.stringify(await ledger())).not.toContain('very-secret-value');
  });
});

describe('GET /hook/webhook: {status: success, <action>: url, …, updated}', () => {
  it('lists each registered action with its URL, and when the registrations were last changed', async () => {
    const profile = userProfiles(world)[0]!;
    const empty = await list(profile.profileKey);
    expect(empty.status).toBe(200);
    expect(empty.json.status).toBe('success');
    for (const action of WEBHOOK_ACTIONS) expect(empty.json).not.toHaveProperty(action);
    await register({ action: 'comments', url: 'https://hooks.example.com/c' }, profile.profileKey);
    await register({ action: 'messages', url: 'https://hooks.example.com/m' }, profile.profileKey);
    const reply = await list(profile.profileKey);
    expect(reply.json).toMatchObject({ status: 'success', comments: 'https://hooks.example.com/c', messages: 'https://hooks.example.com/m' });
    expect(Object.keys(reply.json).sort()).toEqual(['comments', 'messages', 'status', 'updated']);
    expect(Number.isNaN(Date.parse(reply.json.updated))).toBe(false);
  });

  it('registering an action again replaces its URL', async () => {
    const profile = userProfiles(world)[1]!;
    await register({ action: 'feed', url: 'https://hooks.example.com/old' }, profile.profileKey);
    await register({ action: 'feed', url: 'https://hooks.example.com/new' }, profile.profileKey);
    expect((await list(profile.profileKey)).json.feed).toBe('https://hooks.example.com/new');
  });
});

describe('DELETE /hook/webhook {action}: {status: success, action}', () => {
  it('unregisters the action; GET no longer lists it; the ledger has webhook.unregister', async () => {
    const profile = userProfiles(world)[2]!;
    await register({ action: 'mentions', url: 'https://hooks.example.com/mentions' }, profile.profileKey);
    await register({ action: 'scheduled', url: 'https://hooks.example.com/scheduled' }, profile.profileKey);
    const reply = await client.api('DELETE', '/hook/webhook', { body: { action: 'mentions' }, profileKey: profile.profileKey });
    expect(reply.status).toBe(200);
    expect(reply.json).toEqual({ status: 'success', action: 'mentions' });
    const listed = (await list(profile.profileKey)).json;
    expect(listed).not.toHaveProperty('mentions');
    expect(listed.scheduled).toBe('https://hooks.example.com/scheduled');
    expect((await ledger()).filter((e) => e.kind === 'webhook.unregister').at(-1)!.ids).toEqual(['mentions']);
  });

  it('an action that is not registered is 404; an unknown action 400', async () => {
    const profile = userProfiles(world)[2]!;
    const missing = await client.api('DELETE', '/hook/webhook', { body: { action: 'automations' }, profileKey: profile.profileKey });
    expect(missing.status).toBe(404);
    expect(missing.json).toMatchObject({ status: 'error', code: 114 });
    const unknown = await client.api('DELETE', '/hook/webhook', { body: { action: 'likes' }, profileKey: profile.profileKey });
    expect(unknown.status).toBe(400);
  });
});

describe('POST /hook/webhook/secret {secret}: the profile-wide signing secret', () => {
  it('accepted with a secret (ledger webhook.secret, secret not logged); empty or missing is 400', async () => {
    const reply = await client.api('POST', '/hook/webhook/secret', { body: { secret: 'rotate-me-123' } });
    expect(reply.status).toBe(200);
    expect(reply.json.status).toBe('success');
    expect((await ledger()).at(-1)!.kind).toBe('webhook.secret');
    expect(JSON.stringify(await ledger())).not.toContain('rotate-me-123');
    for (const body of [{ secret: '' }, {}, { secret: 42 }]) {
      const refused = await client.api('POST', '/hook/webhook/secret', { body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
    }
  });
});

describe('webhooks are per profile (Profile-Key)', () => {
  it('a user profile’s registration carries its refId and is not seen by the primary profile nor another user profile', async () => {
    const [a, b] = userProfiles(world).slice(-2) as [World['profiles'][number], World['profiles'][number]];
    const primaryBefore = (await list()).json;
    const reply = await register({ action: 'automations', url: 'https://hooks.example.com/only-a' }, a.profileKey);
    expect(reply.json.refId).toBe(a.refId);
    expect((await list(a.profileKey)).json.automations).toBe('https://hooks.example.com/only-a');
    expect((await list(b.profileKey)).json).not.toHaveProperty('automations');
    expect((await list()).json.automations).toBe(primaryBefore.automations);
    const deleted = await client.api('DELETE', '/hook/webhook', { body: { action: 'automations' }, profileKey: b.profileKey });
    expect(deleted.status).toBe(404);
    expect((await list(a.profileKey)).json.automations).toBe('https://hooks.example.com/only-a');
  });
});
