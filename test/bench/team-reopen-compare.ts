// Compares how long a device takes to open its own copy again on several trees of this repository
// side by side (issue 28's "nothing slower", decision 0085): seeds the server once with
// TEAM_BENCH_ITEMS item states (100,000 by default), replicates one device's copy with this tree, then
// runs ROUNDS rounds in which each tree (TREES, comma-separated paths; a worktree of an older commit
// needs this file's team/ folder copied in) opens that copy REOPENS times in a fresh process
// (team/reopenInTree.ts), the order of the trees reversed every other round. Prints each open's wall
// and CPU time with the load average, then the medians per tree. On a loaded machine the CPU time is
// the steadier figure.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openTeamWorkspace } from '../../src/main/core/team/teamWorkspace.ts';
import { startSyncServerProcess } from '../support/syncServerProcess.ts';
import { seedDoneChanges, untilFolded } from './team/bigWorkspace.ts';

const ITEMS = Number(process.env.TEAM_BENCH_ITEMS ?? 100_000);
const ROUNDS = Number(process.env.ROUNDS ?? 2);
const REOPENS = Number(process.env.REOPENS ?? 3);
const TREES = (process.env.TREES ?? resolve(import.meta.dirname, '../..')).split(',').map((tree) => resolve(tree));

const root = mkdtempSync(join(tmpdir(), 'team-reopen-compare-'));
writeFileSync(join(root, 'members.json'), JSON.stringify({ bob: 'bob-password' }));
const server = await startSyncServerProcess({
  dataDir: join(root, 'server'),
  workspaces: ['big'],
  membersFile: join(root, 'members.json'),
  adminPassword: 'bench-admin',
});
await seedDoneChanges(server.url, 'big', `Basic ${Buffer.from('admin:bench-admin').toString('base64')}`, ITEMS);
const dataDir = join(root, 'newcomer');
const first = await openTeamWorkspace({
  serverUrl: server.url,
  workspace: 'big',
  member: 'bob',
  device: 'newcomer',
  credentials: { username: 'bob', password: 'bob-password' },
  dataDir,
});
await untilFolded(first, ITEMS);
await first.close();

const child = resolve(import.meta.dirname, 'team/reopenInTree.ts');
const samples = new Map<string, { wallMs: number; cpuMs: number }[]>();
for (let round = 0; round < ROUNDS; round += 1) {
  for (const tree of round % 2 === 0 ? TREES : [...TREES].reverse()) {
    const load = readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
    const run = spawnSync(process.execPath, ['--disable-warning=ExperimentalWarning', child, tree, server.url, dataDir, String(ITEMS), String(REOPENS)], {
      encoding: 'utf8',
    });
    if (run.status !== 0) throw new Error(`${tree}: ${run.stderr}`);
    const opens = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { wallMs: number; cpuMs: number });
    samples.set(tree, [...(samples.get(tree) ?? []), ...opens]);
    console.log(`${tree} (load ${load}): ${opens.map((open) => `${(open.wallMs / 1000).toFixed(2)} s (CPU ${(open.cpuMs / 1000).toFixed(2)} s)`).join(', ')}`);
  }
}

/** The median (the mean of the middle two for an even count). */
function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length / 2;
  return Number.isInteger(middle) ? ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2 : (sorted[Math.floor(middle)] ?? NaN);
}
for (const [tree, opens] of samples) {
  const wall = median(opens.map((open) => open.wallMs)) / 1000;
  const cpu = median(opens.map((open) => open.cpuMs)) / 1000;
  console.log(`${tree}: ${opens.length} opens of ${ITEMS.toLocaleString('en')} items, median ${wall.toFixed(2)} s (CPU ${cpu.toFixed(2)} s)`);
}
server.child.kill('SIGTERM');
await new Promise((done) => server.child.once('exit', done));
rmSync(root, { recursive: true, force: true });
