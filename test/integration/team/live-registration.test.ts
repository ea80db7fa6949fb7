// Settings → Team → Live updates (decision 0083): one command registers the workspace's event address
// for new comments and messages on every client through the service's webhook registration (the
// sandbox, over HTTP), the panel learns per client what is registered, the address never comes back
// in full (it is the proxy route's secret), a client's own receiver is left alone, and one command
// takes back only what live updates registered. A real app core in a team on the real sync server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSyncServer } from '../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../src/syncServer/teamAdmin.ts';
import { startSandbox } from '../../../src/sandbox/index.ts';
import { AppRig, worldOf } from '../app/appHarness.ts';
import { MemoryVault } from '../app/memoryVault.ts';

const SECRET_PATH = 'k3Jx9-secret-route-0123456789abcdef';
const ADDRESS = `https://127.0.0.1:9/hooks/${SECRET_PATH}`;
const OWN_RECEIVER = 'https://example.com/my-own-receiver';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

let rig: AppRig;
let solo: AppRig;
let factory: NonNullable<Parameters<typeof AppRig.start>[0]>['factory'];
let teamSettings: { serverUrl: string; workspace: string; member: string; device: string };
beforeAll(async () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'live-registration-'));
  cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
  const server = await startSyncServer({ dataDir: join(dataDir, 'server'), adminPassword: 'admin-password' });
  cleanups.push(() => server.stop());
  const admin = teamAdmin(server.url, { name: 'admin', password: 'admin-password' });
  await admin.addMember('ann', 'ann-password');
  await admin.createWorkspace('agency', ['ann']);
  const vault = new MemoryVault();
  await vault.setTeamPassword(server.url, 'agency', 'ann', 'ann-password');
  // One sandbox for both runs of the core (a restart keeps the service's registrations, as the real one does).
  const sandbox = await startSandbox({ port: 0 });
  cleanups.push(() => sandbox.close());
  const world = await worldOf(sandbox);
  factory = {
    running: [sandbox],
    start: async () => ({ url: sandbox.url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: async () => {} }),
  };
  teamSettings = { serverUrl: server.url, workspace: 'agency', member: 'ann', device: 'laptop' };
  rig = await AppRig.start({ dataDir: join(dataDir, 'ann'), vault, factory, team: teamSettings });
  cleanups.push(() => rig.close());
  solo = await AppRig.start({ dataDir: join(dataDir, 'solo') });
  cleanups.push(() => solo.close());
  await rig.until('joined', async () => (await rig.call('team.status', {})).joined);
}, 60_000);

describe('live updates from Settings → Team', () => {
  it('registers comments and messages on every client, leaves an own receiver alone, shows only the host, and takes back only its own', async () => {
    const profiles = await rig.until('clients', async () => {
      const list = await rig.call('profiles.list', {});
      return list.profiles.length >= 2 ? list.profiles : null;
    });
    const [first, second] = profiles;
    // The person's own receiver for the first client's comments, registered before.
    await rig.call('webhooks.register', { profileId: first!.profileId, action: 'comments', url: OWN_RECEIVER });

    const on = await rig.call('team.liveUpdatesOn', { address: ADDRESS });
    expect(on.addressHost).toBe('127.0.0.1:9');
    expect(on.clients).toHaveLength(profiles.length);
    const firstView = on.clients.find((c) => c.profileId === first!.profileId)!;
    expect(firstView).toMatchObject({ comments: 'other', messages: 'ours', problem: null });
    expect(on.clients.find((c) => c.profileId === second!.profileId)).toMatchObject({ comments: 'ours', messages: 'ours', problem: null });

    // What the service holds: the address for the second client, the own receiver kept for the first.
    const secondHooks = await rig.call('webhooks.list', { profileId: second!.profileId });
    expect(secondHooks.webhooks).toEqual(
      expect.arrayContaining([
        { action: 'comments', url: 'https://127.0.0.1:9/…' },
        { action: 'messages', url: 'https://127.0.0.1:9/…' },
      ]),
    );
    expect((await rig.call('webhooks.list', { profileId: first!.profileId })).webhooks).toContainEqual({ action: 'comments', url: OWN_RECEIVER });
    // The panel's view asks again and finds the same; nothing the screen gets holds the route's secret.
    const view = await rig.call('team.liveUpdates', {});
    expect(view.clients.map((c) => [c.comments, c.messages])).toEqual(on.clients.map((c) => [c.comments, c.messages]));
    expect(JSON.stringify(rig.answers)).not.toContain(SECRET_PATH);
    expect((await rig.call('team.liveEventTimes', {})).clients.every((c) => c.lastEventAt === null)).toBe(true);

    // Turned on again without typing: the saved address, nothing registered twice.
    const again = await rig.call('team.liveUpdatesOn', {});
    expect(again.clients.map((c) => [c.comments, c.messages])).toEqual(on.clients.map((c) => [c.comments, c.messages]));

    // After a restart on the same vault: the Webhooks panel still sees only the host (the address is
    // recalled from the vault when the team is set), and it is taken back without typing it again.
    await rig.close();
    rig = await AppRig.start({ dataDir: rig.dataDir, vault: rig.vault, factory, team: teamSettings });
    await rig.until('joined again', async () => (await rig.call('team.status', {})).joined);
    await rig.until('the address recalled', async () =>
      (await rig.call('webhooks.list', { profileId: second!.profileId })).webhooks.some((w) => w.url === 'https://127.0.0.1:9/…'),
    );
    expect(JSON.stringify(rig.answers)).not.toContain(SECRET_PATH);

    const off = await rig.call('team.liveUpdatesOff', {});
    expect(off.clients.every((c) => c.comments !== 'ours' && c.messages !== 'ours')).toBe(true);
    expect(off.clients.find((c) => c.profileId === first!.profileId)).toMatchObject({ comments: 'other', messages: 'none' });
    expect((await rig.call('webhooks.list', { profileId: second!.profileId })).webhooks).toEqual([]);
    expect((await rig.call('webhooks.list', { profileId: first!.profileId })).webhooks).toEqual([{ action: 'comments', url: OWN_RECEIVER }]);
  }, 60_000);

  it('refuses in words: an address that is not https, and a device in no team', async () => {
    const plain = await rig.invoke('team.liveUpdatesOn', { address: 'http://127.0.0.1:9/hooks/x' });
    expect(plain.ok).toBe(false);
    expect(!plain.ok && plain.error.message).toMatch(/https:\/\//);
    const alone = await solo.invoke('team.liveUpdatesOn', { address: ADDRESS });
    expect(alone.ok).toBe(false);
    expect(!alone.ok && alone.error.message).toBe('Live updates need a team: join one above first.');
    expect(await solo.call('team.liveUpdates', {})).toEqual({ inTeam: false, addressHost: null, clients: [] });
  }, 30_000);
});
