// npm run bench:team-budget: what a team's devices cost the service, and how fresh each one's inbox
// is (issue 22, decision 0060). Real time, the app's own poll pace (no scaled-down policy), the
// sandbox's seeded world (five profiles) with the service's limit of 300 requests per 5 minutes
// per profile, reached through a proxy that counts the requests per profile.
// Three runs, each on a fresh sandbox (and team server):
// - one device: an app core alone (no team), as a freelancer with one computer;
// - two devices on their own: two app cores, no team, each reading everything (before decision 0060);
// - two devices in a team: two app cores (two members) in one workspace of the sync server (its own process).
// In each run a new post per client profile is published before the devices start; once every
// device's first sync is done, for BUDGET_BENCH_MINUTES (default 5) minutes, an outside comment is made every 10 s on one
// of them in turn. Measured over that window: the requests per profile (scaled to 5 minutes), the
// 429s, and per device the time from a comment being made in the sandbox to its "new comments" event
// from the device's store (median and p95). Prints a markdown section for BENCHMARKS.md.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RunningSandbox, startSandbox, type WorldView } from '../../src/sandbox/index.ts';
import { PROFILE_KEY_HEADER, X_KEY_HEADER, X_SECRET_HEADER } from '../../src/shared/networks.ts';
import { AppRig, worldOf } from '../integration/app/appHarness.ts';
import { MemoryVault } from '../integration/app/memoryVault.ts';
import { type CountingProxy, perProfile, startCountingProxy } from '../support/countingProxy.ts';
import { startSyncServerProcess } from '../support/syncServerProcess.ts';

const MINUTES = Number(process.env.BUDGET_BENCH_MINUTES ?? 5);
const COMMENT_EVERY_MS = 10_000;
const WORKSPACE = 'agency';
const MEMBERS = [
  { member: 'ann', device: 'laptop' },
  { member: 'bob', device: 'desktop' },
];

interface RunResult {
  label: string;
  devices: number;
  windowMs: number;
  perProfile: Map<string, number>;
  answers429: number;
  /** Per device: ms from each comment made to its event on that device (missing: never arrived). */
  freshness: { device: string; latencies: number[]; missing: number }[];
  comments: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function firstSyncDone(rig: AppRig, profiles: number): Promise<boolean> {
  const sync = (await rig.call('status.get', {})).sync;
  return sync.length === profiles && sync.every((p) => p.postsTotal > 0 && p.postsDone === p.postsTotal);
}

async function publish(sandbox: RunningSandbox, world: WorldView, profile: WorldView['profiles'][number]) {
  const platform = profile.platforms.find((p) => p !== 'twitter') ?? profile.platforms[0]!;
  const response = await fetch(`${sandbox.url}/post`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.apiKey}`,
      ...(profile.profileKey ? { [PROFILE_KEY_HEADER]: profile.profileKey } : {}),
      [X_KEY_HEADER]: world.xCredentials.key,
      [X_SECRET_HEADER]: world.xCredentials.secret,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ post: `Fresh news from ${profile.title}`, platforms: [platform] }),
  });
  const body = (await response.json()) as { postIds: { id: string; platform: string }[] };
  return { profileRefId: profile.refId, platform, socialId: body.postIds[0]!.id };
}

async function run(label: string, devices: number, team: boolean): Promise<RunResult> {
  const root = mkdtempSync(join(tmpdir(), 'team-budget-bench-'));
  const sandbox = await startSandbox({ port: 0 });
  const counter: CountingProxy = await startCountingProxy(sandbox.url);
  const world = await worldOf(sandbox);
  writeFileSync(join(root, 'members.json'), JSON.stringify({ ann: 'ann-password', bob: 'bob-password' }));
  const server = team
    ? await startSyncServerProcess({
        dataDir: join(root, 'server'),
        workspaces: [WORKSPACE],
        membersFile: join(root, 'members.json'),
        adminPassword: 'bench-admin',
      })
    : null;
  const rigs: AppRig[] = [];
  // Published before the devices start, so their first sync knows them: fresh posts, polled at the hot pace.
  const posts = await Promise.all(world.profiles.filter((p) => p.profileKey !== null).map((p) => publish(sandbox, world, p)));
  try {
    for (const who of MEMBERS.slice(0, devices)) {
      const vault = new MemoryVault();
      if (server) await vault.setTeamPassword(server.url, WORKSPACE, who.member, `${who.member}-password`);
      rigs.push(
        await AppRig.start({
          dataDir: join(root, who.device),
          vault,
          factory: {
            running: [sandbox],
            start: async () => ({ url: `${counter.origin}/api`, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: async () => {} }),
          },
          tuning: {},
          ...(server ? { team: { serverUrl: server.url, workspace: WORKSPACE, member: who.member, device: who.device } } : {}),
        }),
      );
    }
    for (const [index, rig] of rigs.entries()) {
      let told = 0;
      await rig.until(
        'the first sync',
        async () => {
          if (Date.now() - told > 30_000) {
            told = Date.now();
            const sync = (await rig.call('status.get', {})).sync;
            process.stderr.write(`${MEMBERS[index]!.device}: ${sync.map((p) => `${p.postsDone}/${p.postsTotal}`).join(' ')}\n`);
          }
          return firstSyncDone(rig, world.profiles.length);
        },
        12_000,
      );
    }
    process.stderr.write(`${label}: first sync done\n`);
    const made = new Map<string, number>();
    const arrived = rigs.map(() => new Map<string, number>());
    const seen = rigs.map(() => 0);
    const stamp = () => {
      rigs.forEach((rig, index) => {
        const events = rig.events;
        for (const event of events.slice(seen[index])) {
          if (event.name !== 'items.new') continue;
          for (const key of (event.payload as { keys: string[] }).keys) if (made.has(key) && !arrived[index]!.has(key)) arrived[index]!.set(key, Date.now());
        }
        seen[index] = events.length;
      });
    };
    const from = Date.now();
    const end = from + MINUTES * 60_000;
    let next = from;
    let turn = 0;
    while (Date.now() < end) {
      if (Date.now() >= next) {
        const post = posts[turn++ % posts.length]!;
        const response = await fetch(`${sandbox.controlUrl}/comments`, {
          method: 'POST',
          headers: { authorization: `Bearer ${sandbox.apiKey}`, 'content-type': 'application/json' },
          body: JSON.stringify({ platform: post.platform, socialPostId: post.socialId, profileRefId: post.profileRefId, comment: `Question ${turn}` }),
        });
        const record = (await response.json()) as { commentId: string };
        made.set(`${post.platform}:${record.commentId}`, Date.now());
        next += COMMENT_EVERY_MS;
      }
      stamp();
      await sleep(50);
    }
    const to = Date.now();
    // The last comments may still arrive: up to two minutes more, not counted in the requests.
    const lateUntil = to + 120_000;
    while (Date.now() < lateUntil && arrived.some((map) => map.size < made.size)) {
      stamp();
      await sleep(50);
    }
    return {
      label,
      devices,
      windowMs: to - from,
      perProfile: perProfile(counter.requests, from, to),
      answers429: counter.requests.filter((r) => r.status === 429).length,
      comments: made.size,
      freshness: rigs.map((_, index) => {
        const latencies = [...made].flatMap(([key, at]) => (arrived[index]!.has(key) ? [arrived[index]!.get(key)! - at] : [])).sort((a, b) => a - b);
        return { device: MEMBERS[index]!.device, latencies, missing: made.size - latencies.length };
      }),
    };
  } finally {
    for (const rig of rigs) await rig.close();
    await counter.stop();
    await sandbox.close();
    server?.child.kill('SIGTERM');
    rmSync(root, { recursive: true, force: true });
  }
}

const one = await run('one device', 1, false);
const apart = await run('two devices on their own', 2, false);
const two = await run('two devices in a team', 2, true);

const perFive = (result: RunResult, count: number) => (count * 5 * 60_000) / result.windowMs;
const keys = [...new Set([...one.perProfile.keys(), ...two.perProfile.keys()])].sort();
const name = (key: string, index: number) => (key === '' ? 'primary profile' : `client profile ${index}`);
const lines: string[] = [];
lines.push(`## The team's rate budget: requests and freshness with one and two devices (\`npm run bench:team-budget\`)`);
lines.push('');
lines.push(
  `Real time, the app's own poll pace, the sandbox's seeded world (five profiles, 300 requests per 5 minutes each), ${MINUTES} minutes per run after every device's first sync, an outside comment every 10 s on a new post of a client profile in turn. One device: an app core alone; two devices on their own: two app cores without a team, each reading everything; two devices in a team: two app cores in one workspace (decision 0060).`,
);
lines.push('');
lines.push('| profile | one device | two devices on their own | two devices in a team | in a team ÷ one |');
lines.push('|---|---|---|---|---|');
let clientIndex = 0;
for (const key of keys) {
  const a = perFive(one, one.perProfile.get(key) ?? 0);
  const b = perFive(two, two.perProfile.get(key) ?? 0);
  const c = perFive(apart, apart.perProfile.get(key) ?? 0);
  lines.push(`| ${name(key, key === '' ? 0 : ++clientIndex)} | ${a.toFixed(0)} | ${c.toFixed(0)} | ${b.toFixed(0)} | ${(b / a).toFixed(2)} |`);
}
const sum = (result: RunResult) =>
  perFive(
    result,
    [...result.perProfile.values()].reduce((s, n) => s + n, 0),
  );
lines.push(`| all five | ${sum(one).toFixed(0)} | ${sum(apart).toFixed(0)} | ${sum(two).toFixed(0)} | ${(sum(two) / sum(one)).toFixed(2)} |`);
lines.push('');
lines.push(`Requests per profile per 5 minutes. Answers of 429: ${one.answers429}, ${apart.answers429} and ${two.answers429}.`);
lines.push('');
lines.push('| run | device | comments | arrived | median | p95 |');
lines.push('|---|---|---|---|---|---|');
for (const result of [one, apart, two]) {
  for (const device of result.freshness) {
    lines.push(
      `| ${result.label} | ${device.device} | ${result.comments} | ${device.latencies.length} | ${(percentile(device.latencies, 50) / 1000).toFixed(1)} s | ${(percentile(device.latencies, 95) / 1000).toFixed(1)} s |`,
    );
  }
}
process.stdout.write(`${lines.join('\n')}\n`);
