// A live pull whose connection dies without a reset (a laptop's network gone, a NAT that forgot it:
// nothing arrives, nothing is closed) must not wait on it forever: PouchDB applies no timeout of its
// own, so the workspace ends a connection silent for longer than its limit (the server writes a
// heartbeat into a waiting pull's answer four times within it), and the replication retries on a
// new one. A relay makes the dead link: the connections open at that moment go silent for good.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { openTeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import { startSyncServer } from '../../../src/syncServer/syncServer.ts';
import { startRecordingRelay } from './support/recordingRelay.ts';

const root = mkdtempSync(join(tmpdir(), 'team-silent-connection-'));

afterAll(() => rmSync(root, { recursive: true, force: true }));

/** Waits until `check` holds (a guard against hangs, not a speed target). */
async function eventually(what: string, check: () => boolean): Promise<void> {
  for (let waited = 0; waited < 20_000; waited += 25) {
    if (check()) return;
    await new Promise((done) => setTimeout(done, 25));
  }
  throw new Error(`never happened: ${what}`);
}

it('a pull waiting on a connection that went silent gives it up and catches up on a new one', async () => {
  const server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: 'silent-admin-password' });
  await server.addMember('ann', 'ann-password');
  await server.addMember('bob', 'bob-password');
  await server.createWorkspace('agency', ['ann', 'bob']);
  const relay = await startRecordingRelay(() => Number(new URL(server.url).port));
  const open = (member: string, device: string, through: string) =>
    openTeamWorkspace({
      serverUrl: through,
      workspace: 'agency',
      member,
      device,
      credentials: { username: member, password: `${member}-password` },
      dataDir: join(root, device),
      retry: { firstMs: 50, longestMs: 300 },
      silenceLimitMs: 1500,
    });
  const laptop = await open('ann', 'laptop', server.url);
  const desktop = await open('bob', 'desktop', relay.url);
  try {
    await laptop.record([{ id: 'c1', itemKey: 'facebook:s1', field: 'done', from: false, to: true, who: 'ann', device: 'laptop', at: 1 }]);
    await eventually('the first change arrives', () => desktop.item('facebook:s1')?.state.done === true);
    await eventually('the desktop is waiting for more', () => desktop.replicationState() === 'up-to-date');

    relay.stallOpen();
    await laptop.record([{ id: 'c2', itemKey: 'facebook:s2', field: 'assignee', from: null, to: 'bob', who: 'ann', device: 'laptop', at: 2 }]);
    await eventually('the change made after the link died arrives', () => desktop.item('facebook:s2')?.state.assignee === 'bob');
    expect(desktop.item('facebook:s1')?.state.done).toBe(true);
  } finally {
    await laptop.close();
    await desktop.close();
    await relay.stop();
    await server.stop();
  }
});
