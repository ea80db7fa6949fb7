// A sync server that sets its members and workspaces up after it starts listening (the CLI does, at
// every start) keeps members out until that is done: it answers 503, which replication retries.
// Before, a device that asked in that moment (a restart of the server over its data, with devices
// retrying every few hundred ms) got 401 for a member being rewritten, and PouchDB ends a
// replication for good on a 401: the device stopped syncing until the app restarted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startSyncServer } from '../../../src/syncServer/syncServer.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'sync-server-start-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const basic = (name: string, password: string) => `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;

it('tells members to come back (503) until its setup is done, lets the admin through meanwhile, then lets members in', async () => {
  const server = await startSyncServer({ dataDir, adminPassword: 'start-admin-password', openToMembers: false });
  try {
    const ask = (auth: string) => fetch(`${server.url}/agency`, { headers: { authorization: auth } });
    await server.addMember('ann', 'ann-password');
    await server.createWorkspace('agency', ['ann']);

    const early = await ask(basic('ann', 'ann-password'));
    expect(early.status).toBe(503);
    expect(await early.json()).toEqual({ error: 'service_unavailable', reason: 'The server is starting; try again in a moment.' });
    expect((await ask(basic('admin', 'start-admin-password'))).status).toBe(200);

    server.openToMembers();
    expect((await ask(basic('ann', 'ann-password'))).status).toBe(200);
    expect((await ask(basic('ann', 'wrong-password'))).status).toBe(401);
  } finally {
    await server.stop();
  }
});
