// npm run bench:live: live updates through the team's server (issue 32, decision 0072). Real time,
// the app's own poll pace, the sandbox's seeded world (five profiles, 300 requests per 5 minutes
// each) behind a proxy that counts the requests per profile. The sync server runs as its own
// process with the workspace's events database; the test HTTPS front (test/support/hookFront.ts)
// stands in for the team's Caddy route; every client profile registers it for `comments` and
// `messages` in the sandbox, which delivers its signed events there. Two app cores in the
// workspace. Once both first syncs are done, over LIVE_BENCH_MINUTES (default 5) minutes, 30
// outside comments (on a fresh post of each client profile in turn) and 10 direct messages are
// made, evenly spaced. Measured: per device, the time from each being made in the sandbox to its
// "new comments" / "new messages" event from that device's store (median, p95), the requests per
// profile scaled to 5 minutes, and the 429s. Prints a markdown section for BENCHMARKS.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, startSandbox, type WorldView } from '../../src/sandbox/index.ts';
import { MESSAGE_NETWORKS, PROFILE_KEY_HEADER, X_KEY_HEADER, X_SECRET_HEADER } from '../../src/shared/networks.ts';
import { AppRig, worldOf } from '../integration/app/appHarness.ts';
import { MemoryVault } from '../integration/app/memoryVault.ts';
import { perProfile, startCountingProxy } from '../support/countingProxy.ts';
import { startHookFront } from '../support/hookFront.ts';
import { startSyncServerProcess } from '../support/syncServerProcess.ts';

const MINUTES = Number(process.env.LIVE_BENCH_MINUTES ?? 5);
const COMMENTS = 30;
const MESSAGES = 10;
const WORKSPACE = 'agency';
const HOOK_PASSWORD = 'bench-hook-password';
const MEMBERS = [
  { member: 'ann', device: 'laptop' },
  { member: 'bob', device: 'desktop' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: readonly number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;

function headersOf(sandbox: RunningSandbox, world: WorldView, profile: WorldView['profiles'][number]): Record<string, string> {
  return {
    authorization: `Bearer ${sandbox.apiKey}`,
    ...(profile.profileKey ? { [PROFILE_KEY_HEADER]: profile.profileKey } : {}),
    [X_KEY_HEADER]: world.xCredentials.key,
    [X_SECRET_HEADER]: world.xCredentials.secret,
    'content-type': 'application/json',
  };
}

async function control(sandbox: RunningSandbox, path: string, body: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const response = await fetch(`${sandbox.controlUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

const root = mkdtempSync(join(tmpdir(), 'live-bench-'));
const sandbox = await startSandbox({ port: 0 });
const counter = await startCountingProxy(sandbox.url);
const world = await worldOf(sandbox);
writeFileSync(join(root, 'members.json'), JSON.stringify({ ann: 'ann-password', bob: 'bob-password' }));
const server = await startSyncServerProcess({
  dataDir: join(root, 'server'),
  workspaces: [WORKSPACE],
  membersFile: join(root, 'members.json'),
  adminPassword: 'bench-admin',
  hookPassword: HOOK_PASSWORD,
});
const front = await startHookFront({ syncUrl: server.url, workspace: WORKSPACE, hookPassword: HOOK_PASSWORD });
const clients = world.profiles.filter((p) => p.profileKey !== null);
const rigs: AppRig[] = [];
try {
  // Settings → Team → Live updates' job (not built yet), done here through the service's registration.
  for (const profile of clients) {
    for (const action of ['comments', 'messages']) {
      const registered = await fetch(`${sandbox.url}/hook/webhook`, {
        method: 'POST',
        headers: headersOf(sandbox, world, profile),
        body: JSON.stringify({ action, url: front.url, secret: `bench-${action}` }),
      });
      if (registered.status !== 200) throw new Error(`registering ${action}: HTTP ${registered.status}`);
    }
  }
  const posts = await Promise.all(
    clients.map(async (profile) => {
      const platform = profile.platforms.find((p) => p !== 'twitter') ?? profile.platforms[0]!;
      const response = await fetch(`${sandbox.url}/post`, {
        method: 'POST',
        headers: headersOf(sandbox, world, profile),
        body: JSON.stringify({ post: `Fresh news from ${profile.title}`, platforms: [platform] }),
      });
      const body = (await response.json()) as { postIds: { id: string }[] };
      return { profileRefId: profile.refId, platform, socialId: body.postIds[0]!.id };
    }),
  );
  for (const who of MEMBERS) {
    const vault = new MemoryVault();
    await vault.setTeamPassword(server.url, WORKSPACE, who.member, `${who.member}-password`);
    rigs.push(
      await AppRig.start({
        dataDir: join(root, who.device),
        vault,
        factory: {
          running: [sandbox],
          start: async () => ({ url: `${counter.origin}/api`, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: async () => {} }),
        },
        tuning: {},
        team: { serverUrl: server.url, workspace: WORKSPACE, member: who.member, device: who.device },
      }),
    );
  }
  for (const rig of rigs) {
    await rig.until(
      'the first sync',
      async () => {
        const sync = (await rig.call('status.get', {})).sync;
        return sync.length === world.profiles.length && sync.every((p) => p.postsTotal > 0 && p.postsDone === p.postsTotal);
      },
      12_000,
    );
  }
  process.stderr.write('first syncs done\n');

  // What was made (a comment's key, or a conversation id for a message) and when; what arrived on each device.
  const made: { kind: 'comment' | 'message'; match: string; at: number }[] = [];
  const arrived = rigs.map(() => new Map<number, number>());
  const seen = rigs.map(() => 0);
  const stamp = () => {
    rigs.forEach((rig, index) => {
      for (const event of rig.events.slice(seen[index])) {
        if (event.name !== 'items.new') continue;
        const { keys, kind } = event.payload as { keys: string[]; kind: string };
        made.forEach((item, n) => {
          if (arrived[index]!.has(n)) return;
          const hit = item.kind === 'comment' ? keys.includes(item.match) : kind === 'conversation' && keys.some((key) => key.includes(item.match));
          if (hit) arrived[index]!.set(n, Date.now());
        });
      }
      seen[index] = rig.events.length;
    });
  };
  const total = COMMENTS + MESSAGES;
  const spacing = (MINUTES * 60_000) / total;
  const from = Date.now();
  const messagers = clients.filter((p) => p.platforms.some((n) => (MESSAGE_NETWORKS as readonly string[]).includes(n)));
  for (let n = 0; n < total; n++) {
    while (Date.now() < from + n * spacing) {
      stamp();
      await sleep(50);
    }
    // Every fourth item a message, the rest comments, so both are spread over the window.
    if (n % 4 === 3 && made.filter((m) => m.kind === 'message').length < MESSAGES) {
      // A new person writes (an X user id is digits); a profile with messaging off (361) passes to the next.
      for (let offset = 0; offset < messagers.length; offset++) {
        const profile = messagers[(n + offset) % messagers.length]!;
        const platform = profile.platforms.find((p) => (MESSAGE_NETWORKS as readonly string[]).includes(p))!;
        const from = { id: String(9_000_000_000 + n), name: `Person ${n}`, username: `person${n}` };
        const sent = await control(sandbox, '/messages', { profileRefId: profile.refId, platform, message: `Hello ${n}`, from });
        if (sent.status !== 200) continue;
        made.push({ kind: 'message', match: String(sent.json.conversationId), at: Date.now() });
        break;
      }
      continue;
    }
    const post = posts[n % posts.length]!;
    const reply = await control(sandbox, '/comments', {
      platform: post.platform,
      socialPostId: post.socialId,
      profileRefId: post.profileRefId,
      comment: `Question ${n}`,
    });
    made.push({ kind: 'comment', match: `${post.platform}:${String(reply.json.commentId)}`, at: Date.now() });
  }
  while (Date.now() < from + MINUTES * 60_000) {
    stamp();
    await sleep(50);
  }
  const to = Date.now();
  const lateUntil = to + 120_000;
  while (Date.now() < lateUntil && arrived.some((map) => map.size < made.length)) {
    stamp();
    await sleep(50);
  }
  const perFive = (count: number) => (count * 5 * 60_000) / (to - from);
  const requests = perProfile(counter.requests, from, to);
  const lines: string[] = [];
  lines.push('## Live updates through the team’s server (`npm run bench:live`)');
  lines.push('');
  lines.push(
    `Real time, the app's own poll pace, the sandbox's seeded world (five profiles, 300 requests per 5 minutes each), two app cores in one workspace of the sync server with its events database, the sandbox delivering its signed events to a test HTTPS front that stands in for Caddy (decision 0072). ${MINUTES} minutes after both first syncs: ${made.filter((m) => m.kind === 'comment').length} outside comments and ${made.filter((m) => m.kind === 'message').length} direct messages, evenly spaced.`,
  );
  lines.push('');
  lines.push('| device | kind | made | arrived | median | p95 |');
  lines.push('|---|---|---|---|---|---|');
  rigs.forEach((_, index) => {
    for (const kind of ['comment', 'message', 'both'] as const) {
      const items = made.map((item, n) => ({ item, n })).filter(({ item }) => kind === 'both' || item.kind === kind);
      const latencies = items.flatMap(({ item, n }) => (arrived[index]!.has(n) ? [arrived[index]!.get(n)! - item.at] : [])).sort((a, b) => a - b);
      lines.push(
        `| ${MEMBERS[index]!.device} | ${kind === 'both' ? 'all' : `${kind}s`} | ${items.length} | ${latencies.length} | ${(percentile(latencies, 50) / 1000).toFixed(1)} s | ${(percentile(latencies, 95) / 1000).toFixed(1)} s |`,
      );
    }
  });
  lines.push('');
  const all = [...requests.values()].reduce((sum, count) => sum + count, 0);
  lines.push(
    `Requests to the service per 5 minutes: ${perFive(all).toFixed(0)} for all five profiles (${[...requests.values()].map((count) => perFive(count).toFixed(0)).join(', ')} per profile). Answers of 429: ${counter.requests.filter((r) => r.status === 429).length}. Events the front passed on: ${front.forwarded.length} (${front.forwarded.filter((status) => status === 201).length} stored).`,
  );
  process.stdout.write(`${lines.join('\n')}\n`);
} finally {
  for (const rig of rigs) await rig.close();
  await front.stop();
  await counter.stop();
  await sandbox.close();
  server.child.kill('SIGTERM');
  rmSync(root, { recursive: true, force: true });
}
