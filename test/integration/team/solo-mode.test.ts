// Team mode vs solo multi-device mode (issue 22, a per-workspace setting), in the core: the sync
// server, one sandbox, and an app core reaching the team server through a TCP proxy (the setup of
// two-cores.test.ts). With the server cut off, a reply in solo mode ("just my own devices") goes
// out and the status, the log and the reply's own outbox item (its card) carry the warning; in team
// mode the next reply is held, never sent unconfirmed, and goes once the server is back, unwarned.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningSandbox, startSandbox } from '../../../src/sandbox/index.ts';
import { SENT_UNCHECKED_WARNING } from '../../../src/main/core/app/teamConnection.ts';
import { startSyncServer, type SyncServer } from '../../../src/syncServer/syncServer.ts';
import { teamAdmin } from '../../../src/syncServer/teamAdmin.ts';
import { startTcpProxy, type TcpProxy } from '../../support/tcpProxy.ts';
import { AppRig, FAST_TUNING, worldOf } from '../app/appHarness.ts';
import { MemoryVault } from '../app/memoryVault.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };

let root: string;
let server: SyncServer;
let sandbox: RunningSandbox;
let proxy: TcpProxy;
let rig: AppRig;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'team-solo-mode-'));
  server = await startSyncServer({ dataDir: join(root, 'server'), adminPassword: 'admin-password' });
  const admin = teamAdmin(server.url, { name: 'admin', password: 'admin-password' });
  await admin.addMember(ANN.member, ANN.password);
  await admin.createWorkspace('agency', [ANN.member]);
  proxy = await startTcpProxy({ host: '127.0.0.1', port: Number(new URL(server.url).port) });
  sandbox = await startSandbox({ port: 0 });
  rig = await AppRig.start({
    dataDir: join(root, 'laptop'),
    vault: new MemoryVault(),
    factory: {
      running: [sandbox],
      async start() {
        const world = await worldOf(sandbox);
        return { url: sandbox.url, apiKey: sandbox.apiKey, xCredentials: world.xCredentials, close: async () => {} };
      },
    },
    tuning: { ...FAST_TUNING, teamRetry: { firstMs: 50, longestMs: 400 } },
  });
  await rig.call('team.configure', { serverUrl: proxy.url, workspace: 'agency', member: ANN.member, device: ANN.device, password: ANN.password, mode: 'solo' });
}, 60_000);

afterAll(async () => {
  await rig?.close();
  await proxy?.stop();
  await sandbox?.close();
  await server?.stop();
  rmSync(root, { recursive: true, force: true });
});

async function comment(index: number): Promise<string> {
  return rig.until('comments in the inbox', async () => {
    const rows = (await rig.call('inbox.page', { filter: { kind: 'comment', view: 'all' }, limit: 50 })).rows.filter(
      (row) => row.platform === 'instagram' || row.platform === 'facebook',
    );
    return rows[index]?.key ?? null;
  });
}

const outboxItem = async (id: string) => (await rig.call('outbox.list', {})).items.find((item) => item.id === id) ?? null;
const inLedger = async (text: string) => (await rig.ledger('comment.reply')).filter((entry) => entry.text === text).length;

describe('a reply while the team server cannot be reached', () => {
  it('in solo mode goes out, with the warning in the status and the log', async () => {
    await rig.until('up to date', async () => ((await rig.call('team.status', {})).replication === 'up-to-date' ? true : null));
    const key = await comment(0);
    proxy.cut();
    await rig.until('the server unreachable', async () => ((await rig.call('team.status', {})).serverReachable ? null : true));
    const text = 'Thanks! Sent from my laptop while the team server was away.';
    const { item } = await rig.call('reply.send', { commentKey: key, text });
    await rig.until('the reply sent', async () => ((await outboxItem(item.id))?.state === 'sent' ? true : null));
    expect(await inLedger(text)).toBe(1);
    const status = await rig.call('team.status', {});
    expect(status).toMatchObject({ mode: 'solo', serverReachable: false, sentUnchecked: { count: 1 } });
    expect(status.unreachableSince).not.toBeNull();
    expect(rig.logs.filter((log) => log.message === SENT_UNCHECKED_WARNING)).toHaveLength(1);
    // The reply's own item says it, as listed and as the event that told the screen it was sent.
    expect(await outboxItem(item.id)).toMatchObject({ state: 'sent', sentUnchecked: true });
    const told = rig
      .eventsNamed('outbox.changed')
      .map((event) => event as { item?: { id: string; state: string; sentUnchecked?: boolean } })
      .filter((event) => event.item?.id === item.id && event.item.state === 'sent');
    expect(told.at(-1)?.item?.sentUnchecked).toBe(true);
  }, 60_000);

  it('in team mode is held, not sent, until the server is back', async () => {
    expect(await rig.call('team.setMode', { mode: 'team' })).toMatchObject({ mode: 'team' });
    const key = await comment(1);
    const text = 'Thanks! This one waits for the team server.';
    const { item } = await rig.call('reply.send', { commentKey: key, text });
    const held = await rig.until('the reply held', async () => {
      const now = await outboxItem(item.id);
      return now?.lastError?.code === 'team-unreachable' ? now : null;
    });
    expect(held.state).toBe('waiting');
    expect(await inLedger(text)).toBe(0);
    expect((await rig.call('team.status', {})).sentUnchecked).toMatchObject({ count: 1 });
    proxy.heal();
    await rig.until('the reply sent once the server is back', async () => ((await outboxItem(item.id))?.state === 'sent' ? true : null));
    expect(await inLedger(text)).toBe(1);
    // Checked with the server before it went: its card does not warn.
    expect((await outboxItem(item.id))?.sentUnchecked).toBe(false);
  }, 60_000);
});
