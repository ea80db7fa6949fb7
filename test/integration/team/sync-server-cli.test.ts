// `npm run sync-server -- --port 0 --data-dir DIR` as a program: it prints its URL (loopback),
// creates the workspace and members it is given, never prints the admin password, and stops on SIGTERM.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSyncServerProcess } from '../../support/syncServerProcess.ts';

const root = mkdtempSync(join(tmpdir(), 'sync-server-cli-'));
let child: ChildProcess | null = null;

afterAll(() => {
  // Even when an assertion failed before the SIGTERM, the server does not outlive the test.
  if (child?.exitCode === null) child.kill('SIGKILL');
  rmSync(root, { recursive: true, force: true });
});

it('prints its URL, serves the workspace to its members and stops on SIGTERM', async () => {
  writeFileSync(join(root, 'members.json'), JSON.stringify({ ann: 'ann-password' }));
  const server = await startSyncServerProcess({
    dataDir: join(root, 'data'),
    workspaces: ['agency'],
    membersFile: join(root, 'members.json'),
    adminPassword: 'cli-admin-password',
  });
  const started = server.child;
  child = started;
  const url = server.url;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  const ann = `Basic ${Buffer.from('ann:ann-password').toString('base64')}`;
  expect((await fetch(`${url}/agency`, { headers: { authorization: ann } })).status).toBe(200);
  expect((await fetch(`${url}/agency`)).status).toBe(401);
  const exited = new Promise<number | null>((done) => started.once('exit', done));
  started.kill('SIGTERM');
  expect(await exited).toBe(0);
  expect(server.printed()).not.toContain('cli-admin-password');
});
