// Issue 22's "Done when": with two devices the service sees about the requests of one, and never a
// 429 (decision 0060). The sync server, one sandbox behind a proxy that counts what the service is
// asked per profile, and two app cores (two data directories, two members) on one account, each
// reaching the team server through its own TCP proxy. The laptop alone is measured over a window
// once its first sync is done; then the desktop joins, and the same window with both costs about
// what the laptop alone did: the desktop reads the profiles from what the laptop shares. A comment
// made in the sandbox reaches both stores; when the laptop stops, the desktop takes the profiles
// over once their leases run out, and a new comment still reaches it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { PROFILE_KEY_HEADER, X_KEY_HEADER, X_SECRET_HEADER } from '../../../src/shared/networks.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../src/syncServer/teamAdmin.ts';
import { type CountingProxy, perProfile, startCountingProxy } from '../../support/countingProxy.ts';
import { shortOrLong } from '../../support/longForm.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.ts';
import { AppRig, FAST_TUNING, type SandboxWorld, worldOf } from '../app/appHarness.ts';
import { MemoryVault } from '../app/memoryVault.ts';

const WORKSPACE = 'agency';
const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
/**
 * The window each device count is taken over (real time: the polls' intervals are scaled down below):
 * 30 s under `npm run test:long`, 15 s in `npm test`, which still holds several of every scaled-down
 * poll: measured twice, a profile's ratio stayed within 0.58 to 1.08 with 15 s windows; a desktop made to
 * poll too doubled the count even in 12 s windows (2.05 in all, every profile over 1.8; decision 0080).
 */
const WINDOW_MS = shortOrLong(15_000, 30_000);
/**
 * The sandbox's limit per profile: ten times the service's, so one device's steady polling (scaled
 * down below) stays far inside the budget and a second device that polled too would double the
 * count instead of meeting the ceiling.
 */
const RATE_LIMIT = 3000;
/**
 * Polls scaled down so a window holds many of them, each at a steady pace: hot and recent posts,
 * the post lists and the direct-message lists every few seconds; old posts and quiet conversations
 * at their usual hours-long intervals (after the first sync, not again during the test).
 */
const TUNING = {
  ...FAST_TUNING,
  teamRetry: { firstMs: 50, longestMs: 400 },
  sync: {
    ...FAST_TUNING.sync,
    policy: { hotMs: 2_000, activeMs: 6_000, retryMs: 2_000, maxRetryMs: 10_000 },
    messagePolicy: { listMs: 5_000, activeMs: 5_000 },
    discoveryIntervalMs: 5_000,
  },
};

let root: string;
let server: SyncServer;
let sandbox: RunningSandbox;
let counter: CountingProxy;
let world: SandboxWorld;
const proxies = new Map<string, TcpProxy>();
const rigs = new Map<string, AppRig>();
/** A post published just before the cores start: polled at the hot pace. */
let hotPost: { platform: string; socialId: string; profileRefId: string };

async function startCore(who: typeof ANN): Promise<AppRig> {
  const proxy = proxies.get(who.device)!;
  const vault = new MemoryVault();
  await vault.setTeamPassword(proxy.url, WORKSPACE, who.member, who.password);
  const rig = await AppRig.start({
    dataDir: join(root, who.device),
    vault,
    factory: {
      running: [sandbox],
      start: async () => ({ url: `${counter.origin}/api`, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: async () => {} }),
    },
    tuning: TUNING,
    team: { serverUrl: proxy.url, workspace: WORKSPACE, member: who.member, device: who.device },
  });
  rigs.set(who.device, rig);
  return rig;
}

/** Every profile's first sync is done: each has polled all its posts once. */
async function firstSyncDone(rig: AppRig): Promise<boolean> {
  const profiles = (await rig.call('status.get', {})).sync;
  return profiles.length === world.profiles.length && profiles.every((p) => p.postsTotal > 0 && p.postsDone === p.postsTotal);
}

async function hasComment(rig: AppRig, key: string): Promise<boolean> {
  return (await rig.invoke('inbox.item', { key })).ok;
}

async function commentInSandbox(text: string): Promise<string> {
  const response = await fetch(`${sandbox.controlUrl}/comments`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ platform: hotPost.platform, socialPostId: hotPost.socialId, profileRefId: hotPost.profileRefId, comment: text }),
  });
  const record = (await response.json()) as { commentId: string };
  return `${hotPost.platform}:${record.commentId}`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const total = (counts: Map<string, number>) => [...counts.values()].reduce((sum, n) => sum + n, 0);

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'team-rate-budget-'));
  server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: 'admin-password' });
  const admin = teamAdmin(server.url, { name: 'admin', password: 'admin-password' });
  await admin.addMember(ANN.member, ANN.password);
  await admin.addMember(BOB.member, BOB.password);
  await admin.createWorkspace(WORKSPACE, [ANN.member, BOB.member]);
  const target = { host: '127.0.0.1', port: Number(new URL(server.url).port) };
  for (const who of [ANN, BOB]) proxies.set(who.device, await startTcpProxy(target));
  sandbox = await startSandbox({ port: 0, rateLimit: RATE_LIMIT });
  counter = await startCountingProxy(sandbox.url);
  world = await worldOf(sandbox);
  const client = world.profiles.find((p) => !p.platforms.includes('twitter') && p.profileKey !== null && p.platforms.includes('facebook'))!;
  const published = await fetch(`${sandbox.url}/post`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.apiKey}`,
      [PROFILE_KEY_HEADER]: client.profileKey!,
      [X_KEY_HEADER]: world.xCredentials.key,
      [X_SECRET_HEADER]: world.xCredentials.secret,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ post: 'Our new autumn menu is here', platforms: ['facebook'] }),
  });
  const body = (await published.json()) as { postIds: { id: string; platform: string }[] };
  hotPost = { platform: 'facebook', socialId: body.postIds[0]!.id, profileRefId: client.refId };
}, 60_000);

afterAll(async () => {
  for (const rig of rigs.values()) await rig.close();
  for (const proxy of proxies.values()) await proxy.stop();
  await counter?.stop();
  await sandbox?.close();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('two devices of a workspace cost the service about what one does', () => {
  let alone: Map<string, number>;

  it('measures the laptop alone once its first sync is done', async () => {
    const laptop = await startCore(ANN);
    await laptop.until('the laptop’s first sync', () => firstSyncDone(laptop), 2400);
    const from = Date.now();
    await sleep(WINDOW_MS);
    alone = perProfile(counter.requests, from, Date.now());
    expect(alone.size).toBe(world.profiles.length);
    expect(total(alone)).toBeGreaterThan(20);
  }, 240_000);

  it('costs about the same with the desktop too, which reads the profiles from the workspace', async () => {
    const desktop = await startCore(BOB);
    // The desktop's store fills from what the laptop shared, not from the service.
    await desktop.until('the desktop’s inbox filled', () => firstSyncDone(desktop), 2400);
    const from = Date.now();
    await sleep(WINDOW_MS);
    const both = perProfile(counter.requests, from, Date.now());
    // Per profile (those with enough requests for a ratio to mean something), and in all.
    const over = [...alone]
      .filter(([profileKey, count]) => count >= 10 && (both.get(profileKey) ?? 0) > 1.3 * count)
      .map(([profileKey, count]) => ({ profileKey, alone: count, both: both.get(profileKey) ?? 0 }));
    expect(over).toEqual([]);
    expect(total(both) / total(alone)).toBeLessThanOrEqual(1.3);
  }, 240_000);

  it('brings a comment made in the sandbox to both stores', async () => {
    const key = await commentInSandbox('Do you deliver on Sundays?');
    for (const [device, rig] of rigs) await rig.until(`the comment on the ${device}`, () => hasComment(rig, key), 1200);
    for (const rig of rigs.values()) expect(await hasComment(rig, key)).toBe(true);
  }, 120_000);

  it('lets the desktop poll by itself while it cannot reach the team server', async () => {
    const desktop = rigs.get(BOB.device)!;
    proxies.get(BOB.device)!.cut();
    try {
      // Nothing can reach it through the team server now: it must read the service itself.
      const key = await commentInSandbox('Can I order a cake for Friday?');
      await desktop.until('the comment on the cut-off desktop', () => hasComment(desktop, key), 1200);
      expect(await hasComment(desktop, key)).toBe(true);
    } finally {
      proxies.get(BOB.device)!.heal();
    }
  }, 120_000);

  it('lets the desktop take the profiles over when the laptop stops, and keeps its inbox fresh', async () => {
    const laptop = rigs.get(ANN.device)!;
    rigs.delete(ANN.device);
    await laptop.close();
    const stoppedAt = Date.now();
    const key = await commentInSandbox('Is the pumpkin bread vegan?');
    const desktop = rigs.get(BOB.device)!;
    await desktop.until('the comment on the desktop', () => hasComment(desktop, key), 1200);
    expect(await hasComment(desktop, key)).toBe(true);
    // It read the service itself: the laptop was gone.
    expect(total(perProfile(counter.requests, stoppedAt, Date.now()))).toBeGreaterThan(0);
  }, 120_000);

  it('never met a 429', () => {
    expect(counter.requests.length).toBeGreaterThan(0);
    expect(counter.requests.filter((request) => request.status === 429)).toEqual([]);
  });
});
