// A reduced entry of bench:team for profiling (`node --cpu-prof`): only the first replication of
// TEAM_BENCH_ITEMS item states (100,000 by default), the same device opened again REOPENS times, and
// the fold of 10,000 changes, each timed as bench:team times it. Runs on the tree before issue 28's
// trust work too (it uses only openTeamWorkspace and foldTeamLog; copy team/bigWorkspace.ts along), so
// the two can be compared.
// Each phase also says the CPU time this process spent on it (its LevelDB threads included; the
// sync server is its own process), which a loaded machine stretches less than the wall clock.
// TEAM_BENCH_PROFILE=<file>: a CPU profile of the reopens only (node:inspector, written as <file>),
// so the seeding and the first replication do not drown what a start costs.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Session } from 'node:inspector/promises';
import type { ItemChange } from '../../src/shared/domain/itemState.ts';
import { foldTeamLog } from '../../src/main/core/team/fold.ts';
import { formatStamp } from '../../src/main/core/team/hybridClock.ts';
import type { TeamLogEntry } from '../../src/main/core/team/teamLog.ts';
import { openTeamWorkspace, type TeamWorkspace } from '../../src/main/core/team/teamWorkspace.ts';
import { startSyncServerProcess } from '../support/syncServerProcess.ts';
import { seedDoneChanges, untilFolded } from './team/bigWorkspace.ts';

const ITEMS = Number(process.env.TEAM_BENCH_ITEMS ?? 100_000);
const REOPENS = Number(process.env.TEAM_BENCH_REOPENS ?? 3);
const PROFILE = process.env.TEAM_BENCH_PROFILE;

const root = mkdtempSync(join(tmpdir(), 'team-reopen-bench-'));
writeFileSync(join(root, 'members.json'), JSON.stringify({ bob: 'bob-password' }));
const server = await startSyncServerProcess({
  dataDir: join(root, 'server'),
  workspaces: ['big'],
  membersFile: join(root, 'members.json'),
  adminPassword: 'bench-admin',
});
const open = (): Promise<TeamWorkspace> =>
  openTeamWorkspace({
    serverUrl: server.url,
    workspace: 'big',
    member: 'bob',
    device: 'newcomer',
    credentials: { username: 'bob', password: 'bob-password' },
    dataDir: join(root, 'newcomer'),
  });

const admin = `Basic ${Buffer.from('admin:bench-admin').toString('base64')}`;
await seedDoneChanges(server.url, 'big', admin, ITEMS);

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};
const firstCpu = process.cpuUsage();
const firstStart = performance.now();
const newcomer = await open();
await untilFolded(newcomer, ITEMS);
const firstMs = performance.now() - firstStart;
const firstCpuMs = cpuMs(firstCpu);
await newcomer.close();
const reopenMs: number[] = [];
const reopenCpuMs: number[] = [];
const profiler = PROFILE ? new Session() : null;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
for (let run = 0; run < REOPENS; run += 1) {
  const cpu = process.cpuUsage();
  const start = performance.now();
  const reopened = await open();
  const count = reopened.items().length;
  reopenMs.push(performance.now() - start);
  reopenCpuMs.push(cpuMs(cpu));
  if (count !== ITEMS) throw new Error(`reopened with ${count} items`);
  await reopened.close();
}
if (profiler && PROFILE) {
  const { profile } = await profiler.post('Profiler.stop');
  writeFileSync(PROFILE, JSON.stringify(profile));
  profiler.disconnect();
}

const entries: TeamLogEntry[] = [];
for (let item = 0; item < 1_000; item += 1) {
  const itemKey = `twitter:fold${item}`;
  let previous: string[] = [];
  for (let step = 0; step < 10; step += 1) {
    const who = step % 2 === 0 ? 'ann' : 'bob';
    const id = `f${item}-${step}`;
    const field = (['done', 'snoozedUntil', 'assignee', 'labels', 'note'] as const)[step % 5] ?? 'done';
    const values = { done: [false, true], snoozedUntil: [null, 1000 * step], assignee: [null, who], labels: [[], [`l${step}`]], note: [null, `n${step}`] }[
      field
    ];
    const hlc = formatStamp(1_000 + step, 0, who);
    const change = { id, itemKey, field, from: values[0], to: values[1], who, device: `${who}-device`, at: 1_000 + step } as ItemChange;
    entries.push({
      kind: 'change',
      id,
      itemKey,
      hlc,
      seen: item % 5 === 0 && step === 5 ? previous.slice(0, 1) : previous,
      who,
      device: `${who}-device`,
      change,
    });
    previous = [id];
  }
}
const foldCpu = process.cpuUsage();
const foldMs: number[] = [];
for (let run = 0; run < 7; run += 1) {
  const start = performance.now();
  foldTeamLog(entries, 'ann');
  foldMs.push(performance.now() - start);
}
const foldCpuMs = cpuMs(foldCpu);
foldMs.sort((a, b) => a - b);

server.child.kill('SIGTERM');
await new Promise((resolve) => server.child.once('exit', resolve));
rmSync(root, { recursive: true, force: true });
const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
console.log(
  `first replication ${s(firstMs)} (CPU ${s(firstCpuMs)}); reopen ${reopenMs.map(s).join(', ')} (CPU ${reopenCpuMs.map(s).join(', ')}); ` +
    `fold best ${foldMs[0]?.toFixed(0)} ms, median ${foldMs[3]?.toFixed(0)} ms (CPU of the 7: ${foldCpuMs.toFixed(0)} ms)`,
);
