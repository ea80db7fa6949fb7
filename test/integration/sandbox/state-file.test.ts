// The state file through the module: startSandbox({statePath}) loads the world from the file at
// start and saves it there at close(), so a sandbox started again on the same file goes on where
// the last one stopped: posts, outside comments, the ledger, deliveries and fresh ids. (The CLI's
// --state with SIGTERM/SIGINT and a corrupt file's exit code are in cli.test.ts.)
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { StateFileError } from '../../../src/sandbox/world/persist.ts';
import { openSandbox, type World } from './harness.ts';

const dir = mkdtempSync(join(tmpdir(), 'sandbox-state-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function primaryNetwork(world: World): string {
  const network = world.profiles.find((p) => p.profileKey === null)?.platforms.find((p) => p !== 'twitter');
  if (!network) throw new Error('the primary profile has no network but twitter');
  return network;
}

describe('state file: a sandbox started on the file of a closed one goes on where it stopped', () => {
  it('posts, outside comments, the ledger and the webhook deliveries come back; new ids and seqs follow on', async () => {
    const statePath = join(dir, 'goes-on.json');
    const first = await openSandbox({ statePath });
    const world = await first.snapshot();
    const network = primaryNetwork(world);
    const created = await first.api('POST', '/post', { body: { post: 'Kept in the file', platforms: [network] } });
    expect(created.status).toBe(200);
    const socialPostId = created.json.postIds[0].id as string;
    const injected = await first.control('POST', '/comments', { platform: network, socialPostId, comment: 'An outside comment, kept too' });
    expect(injected.status).toBe(200);
    // A webhook at an address that is not on this machine: recorded as not sent, no traffic.
    expect((await first.api('POST', '/hook/webhook', { body: { action: 'comments', url: 'https://hooks.example.invalid/in' } })).status).toBe(200);
    await first.control('POST', '/comments', { platform: network, socialPostId, comment: 'A second one, announced' });
    const before = await first.snapshot();
    const ledger = (await first.control('GET', '/ledger')).json as { seq: number }[];
    const deliveries = (await first.control('GET', '/deliveries')).json as unknown[];
    expect(deliveries.length).toBeGreaterThan(0);
    const comments = (await first.api('GET', `/comments/${created.json.id}`)).json;
    await first.sandbox.close();

    const second = await openSandbox({ statePath });
    expect(await second.snapshot()).toEqual(before);
    expect((await second.control('GET', '/ledger')).json).toEqual(ledger);
    expect((await second.control('GET', '/deliveries')).json).toEqual(deliveries);
    expect((await second.api('GET', `/comments/${created.json.id}`)).json).toEqual(comments);

    const next = await second.api('POST', '/post', { body: { post: 'Made after the reload', platforms: [network] } });
    expect(next.status).toBe(200);
    const knownIds = new Set(before.posts.flatMap((p) => [p.socialId, p.serviceId]));
    expect(knownIds.has(next.json.id)).toBe(false);
    expect(knownIds.has(next.json.postIds[0].id)).toBe(false);
    const after = (await second.control('GET', '/ledger')).json as { seq: number; kind: string }[];
    expect(after.at(-1)).toMatchObject({ seq: ledger.length + 1, kind: 'post.create' });
    await second.sandbox.close();
  });

  it('the file wins over --seed; the saved API key and plan stay unless given again', async () => {
    const statePath = join(dir, 'options.json');
    const first = await openSandbox({ statePath, seed: 1, apiKey: 'saved-key', plan: 'enterprise' });
    const seeded = await first.snapshot();
    await first.sandbox.close();

    const again = await openSandbox({ statePath, seed: 2 });
    const reloaded = await again.snapshot();
    expect(again.sandbox.apiKey).toBe('saved-key');
    expect(again.sandbox.plan).toBe('enterprise');
    expect(reloaded.plan).toBe('enterprise');
    expect(reloaded.posts.map((p) => p.socialId)).toEqual(seeded.posts.map((p) => p.socialId));
    await again.sandbox.close();

    const overridden = await openSandbox({ statePath, apiKey: 'new-key', plan: 'premium' });
    expect(overridden.sandbox.apiKey).toBe('new-key');
    expect((await overridden.snapshot()).plan).toBe('premium');
    await overridden.sandbox.close();
  });

  it('without a state file nothing is kept: a new sandbox of the same seed is the seeded world again', async () => {
    const first = await openSandbox({ seed: 5 });
    const network = primaryNetwork(await first.snapshot());
    const created = await first.api('POST', '/post', { body: { post: 'Gone at close', platforms: [network] } });
    await first.sandbox.close();
    const second = await openSandbox({ seed: 5 });
    const history = (await second.api('GET', '/history')).json.history as { id: string }[];
    expect(history.some((h) => h.id === created.json.id)).toBe(false);
    expect((await second.control('GET', '/ledger')).json).toEqual([]);
    await second.sandbox.close();
  });
});

describe('state file: a corrupt file is refused with a clear error naming it and is left untouched', () => {
  it('startSandbox rejects with StateFileError and the file keeps its bytes', async () => {
    const statePath = join(dir, 'corrupt.json');
    writeFileSync(statePath, 'garbage, not JSON');
    await expect(openSandbox({ statePath })).rejects.toThrow(StateFileError);
    await expect(openSandbox({ statePath })).rejects.toThrow(statePath);
    expect(readFileSync(statePath, 'utf8')).toBe('garbage, not JSON');
  });
});
