// npm run bench:team: the team inbox's engine on loopback (issue 22's targets).
// 1. A change recorded on one device, visible (folded, through the subscription) on the other:
//    p50/p95 over 150 changes, one at a time, both devices live-replicating with the sync server.
// 2. First replication of 100,000 item states: the server holds one change for each of 100,000
//    items; a new device opens the workspace and is timed until it has folded all of them.
// 3. The fold of 10,000 changes: 1,000 items with 10 changes each (chains of what each author
//    had seen, a concurrent pair on every fifth item), best and median of 7 runs.
// The first replication and the reopen also say the CPU time this process spent on them
// (process.cpuUsage: its LevelDB threads included, the sync server's process not), which a loaded
// machine stretches less than the wall clock.
// Prints a markdown section for BENCHMARKS.md. The sync server binds 127.0.0.1 and is stopped at the end.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ItemChange } from '../../src/shared/domain/itemState.ts';
import { foldTeamLog } from '../../src/main/core/team/fold.ts';
import { formatStamp } from '../../src/main/core/team/hybridClock.ts';
import type { TeamLogEntry } from '../../src/main/core/team/teamLog.ts';
import { openTeamWorkspace, type TeamWorkspace } from '../../src/main/core/team/teamWorkspace.ts';
import { startSyncServerProcess } from '../support/syncServerProcess.ts';
import { seedDoneChanges, untilFolded } from './team/bigWorkspace.ts';

const CHANGES_TIMED = 150;
const ITEMS_REPLICATED = Number(process.env.TEAM_BENCH_ITEMS ?? 100_000);
const FOLD_ITEMS = 1_000;
const FOLD_CHANGES_PER_ITEM = 10;

/** CPU time of this process since `since`, in ms. */
function cpuMsSince(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const root = mkdtempSync(join(tmpdir(), 'team-bench-'));
// The sync server in its own process, started as `npm run sync-server` starts it: as a team's
// server would be, it does not share the devices' event loop.
writeFileSync(join(root, 'members.json'), JSON.stringify({ ann: 'ann-password', bob: 'bob-password' }));
const server = await startSyncServerProcess({
  dataDir: join(root, 'server'),
  workspaces: ['bench', 'big'],
  membersFile: join(root, 'members.json'),
  adminPassword: 'bench-admin-password',
});
const serverProcess = server.child;

function open(member: string, device: string, workspace: string): Promise<TeamWorkspace> {
  return openTeamWorkspace({
    serverUrl: server.url,
    workspace,
    member,
    device,
    credentials: { username: member, password: `${member}-password` },
    dataDir: join(root, device),
  });
}

// 1. Latency of one change, device to device.
const laptop = await open('ann', 'laptop', 'bench');
const desktop = await open('bob', 'desktop', 'bench');
const latencies: number[] = [];
for (let index = 0; index < CHANGES_TIMED; index += 1) {
  const itemKey = `facebook:latency${index}`;
  const change: ItemChange = { id: `l${index}`, itemKey, field: 'done', from: false, to: true, who: 'ann', device: 'laptop', at: Date.now() };
  const seen = new Promise<void>((resolve) => {
    const stop = desktop.subscribe((update) => {
      if (update.items.some((item) => item.itemKey === itemKey && item.state.done)) {
        stop();
        resolve();
      }
    });
  });
  const start = performance.now();
  await laptop.record([change]);
  await seen;
  latencies.push(performance.now() - start);
}
await laptop.close();
await desktop.close();
latencies.sort((a, b) => a - b);
process.stderr.write(`latency done: p95 ${percentile(latencies, 95).toFixed(0)} ms\n`);

// 2. First replication of 100,000 item states.
const admin = `Basic ${Buffer.from('admin:bench-admin-password').toString('base64')}`;
const seedStart = performance.now();
await seedDoneChanges(server.url, 'big', admin, ITEMS_REPLICATED);
const seedMs = performance.now() - seedStart;
process.stderr.write(`seeded in ${(seedMs / 1000).toFixed(1)} s\n`);
const firstCpu = process.cpuUsage();
const firstStart = performance.now();
const newcomer = await open('bob', 'newcomer', 'big');
await untilFolded(newcomer, ITEMS_REPLICATED);
const firstReplicationMs = performance.now() - firstStart;
const firstReplicationCpuMs = cpuMsSince(firstCpu);
const reopenCpu = process.cpuUsage();
const reopenStart = performance.now();
await newcomer.close();
const reopened = await open('bob', 'newcomer', 'big');
const reopenCount = reopened.items().length;
const reopenMs = performance.now() - reopenStart;
const reopenCpuMs = cpuMsSince(reopenCpu);
await reopened.close();

// 3. The fold of 10,000 changes.
const entries: TeamLogEntry[] = [];
for (let item = 0; item < FOLD_ITEMS; item += 1) {
  const itemKey = `twitter:fold${item}`;
  let previous: string[] = [];
  for (let step = 0; step < FOLD_CHANGES_PER_ITEM; step += 1) {
    const who = step % 2 === 0 ? 'ann' : 'bob';
    const id = `f${item}-${step}`;
    const field = (['done', 'snoozedUntil', 'assignee', 'labels', 'note'] as const)[step % 5] ?? 'done';
    const values = { done: [false, true], snoozedUntil: [null, 1000 * step], assignee: [null, who], labels: [[], [`l${step}`]], note: [null, `n${step}`] }[
      field
    ];
    const hlc = formatStamp(1_000 + step, 0, who);
    entries.push({
      kind: 'change',
      id,
      itemKey,
      hlc,
      // Every fifth item has a concurrent pair (both saw the same earlier entry).
      seen: item % 5 === 0 && step === 5 ? previous.slice(0, 1) : previous,
      who,
      device: `${who}-device`,
      change: { id, itemKey, field, from: values[0], to: values[1], who, device: `${who}-device`, at: 1_000 + step } as ItemChange,
    });
    previous = [id];
  }
}
const foldTimes: number[] = [];
let folded = 0;
for (let run = 0; run < 7; run += 1) {
  const start = performance.now();
  folded = foldTeamLog(entries, 'ann').length;
  foldTimes.push(performance.now() - start);
}
foldTimes.sort((a, b) => a - b);

serverProcess.kill('SIGTERM');
await new Promise((resolve) => serverProcess.once('exit', resolve));
rmSync(root, { recursive: true, force: true });

const ms = (value: number) => `${value.toFixed(0)} ms`;
const p50 = percentile(latencies, 50);
const p95 = percentile(latencies, 95);
console.log(`## Team inbox engine (npm run bench:team)

Loopback: the sync server (express-pouchdb on LevelDB, its own process) and the devices' PouchDB (LevelDB) copies in the bench's process.

| What | Figure | Target |
| --- | --- | --- |
| A change on one device visible on the other (${CHANGES_TIMED} changes, one at a time) | p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(latencies.at(-1) ?? Number.NaN)} | p95 < 2 s: ${p95 < 2000 ? 'met' : 'missed'} |
| First replication of ${ITEMS_REPLICATED.toLocaleString('en')} item states to a new device (until all are folded) | ${(firstReplicationMs / 1000).toFixed(1)} s (CPU ${(firstReplicationCpuMs / 1000).toFixed(1)} s) | < 30 s: ${firstReplicationMs < 30_000 ? 'met' : 'missed'} |
| The same device opened again (${reopenCount.toLocaleString('en')} items from its own copy) | ${ms(reopenMs)} (CPU ${ms(reopenCpuMs)}) | |
| The fold of ${entries.length.toLocaleString('en')} changes (${folded} items) | best ${ms(foldTimes[0] ?? Number.NaN)}, median ${ms(percentile(foldTimes, 50))} | < 200 ms: ${(percentile(foldTimes, 50) ?? Infinity) < 200 ? 'met' : 'missed'} |

(Seeding the server with the ${ITEMS_REPLICATED.toLocaleString('en')} changes took ${(seedMs / 1000).toFixed(1)} s and is not counted.)`);
