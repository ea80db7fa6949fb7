// The team server going away and coming back (its process stopped, then started again on the same
// port and data): devices keep working offline, retry with backoff, and catch up by themselves,
// from their checkpoints (not the workspace's beginning), and no rejection goes unhandled (Vitest
// fails a run with one). `npm run test:team-restart` runs it 20 times in a row.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openTeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import { startRecordingRelay } from './support/recordingRelay.ts';

const repo = resolve(import.meta.dirname, '../../..');
const root = mkdtempSync(join(tmpdir(), 'team-server-restart-'));
let running: ChildProcess | null = null;

async function startServer(port: number): Promise<string> {
  const child = spawn(
    process.execPath,
    [
      '--disable-warning=ExperimentalWarning',
      'src/syncServer/cli.ts',
      '--port',
      String(port),
      '--data-dir',
      join(root, 'server'),
      '--workspace',
      'agency',
      '--members-file',
      join(root, 'members.json'),
    ],
    { cwd: repo, env: { ...process.env, SYNC_ADMIN_PASSWORD: 'restart-admin-password' }, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  running = child;
  child.stdout.setEncoding('utf8');
  return new Promise((done, fail) => {
    child.stdout.once('data', (line: string) => done(line.trim()));
    child.once('exit', (code) => fail(new Error(`the sync server ended (${code})`)));
  });
}

async function stopServer(): Promise<void> {
  const child = running;
  if (child?.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGTERM');
  await exited;
}

async function eventually(what: string, check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 25) {
    if (check()) return;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`never happened: ${what}`);
}

afterAll(async () => {
  await stopServer();
  rmSync(root, { recursive: true, force: true });
});

it('catches up by itself after the server was away, from where it was', async () => {
  writeFileSync(join(root, 'members.json'), JSON.stringify({ ann: 'ann-password', bob: 'bob-password' }));
  const url = await startServer(0);
  const port = Number(new URL(url).port);
  // The devices reach it through a relay that keeps the request lines, to see where they read from.
  const front = await startRecordingRelay(() => port);
  const open = (member: string, device: string) =>
    openTeamWorkspace({
      serverUrl: front.url,
      workspace: 'agency',
      member,
      device,
      credentials: { username: member, password: `${member}-password` },
      dataDir: join(root, device),
      retry: { firstMs: 50, longestMs: 300 },
    });
  const laptop = await open('ann', 'laptop');
  const desktop = await open('bob', 'desktop');
  try {
    await laptop.record([{ id: 'c1', itemKey: 'facebook:s1', field: 'done', from: false, to: true, who: 'ann', device: 'laptop', at: 1 }]);
    await eventually('the first change arrives', () => desktop.item('facebook:s1')?.state.done === true);
    // Both idle before the server goes: each replication has written its checkpoint (on a loaded
    // machine the first change can arrive before the other direction's first checkpoint).
    await eventually('both are up to date', () => laptop.replicationState() === 'up-to-date' && desktop.replicationState() === 'up-to-date');

    front.clear();
    await stopServer();
    await laptop.record([{ id: 'c2', itemKey: 'facebook:s2', field: 'assignee', from: null, to: 'bob', who: 'ann', device: 'laptop', at: 2 }]);
    await eventually('the laptop knows it is offline', () => laptop.replicationState() === 'offline');
    expect(desktop.item('facebook:s2')).toBeNull();

    await startServer(port);
    await eventually('the change made while the server was away arrives', () => desktop.item('facebook:s2')?.state.assignee === 'bob');
    await eventually('both are up to date again', () => laptop.replicationState() === 'up-to-date' && desktop.replicationState() === 'up-to-date');
    // Both directions went on from their checkpoints: nobody read the workspace's changes from the start again.
    const changesReads = front.requests().filter((line) => line.includes('/agency/_changes'));
    expect(changesReads.length).toBeGreaterThan(0);
    expect(changesReads.filter((line) => /[?&]since=0(&|$)/.test(line))).toEqual([]);
  } finally {
    await laptop.close();
    await desktop.close();
    await front.stop();
  }
});
