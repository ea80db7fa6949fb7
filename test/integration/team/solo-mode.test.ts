// Team mode vs solo multi-device mode (issue 22, a per-workspace setting), in the core: the sync
// server, one sandbox, and an app core reaching the team server through a TCP proxy (the rig of
// support/teamCores.ts). With the server cut off, a reply in solo mode ("just my own devices") goes
// out and the status, the log and the reply's own outbox item (its card) carry the warning; in team
// mode the next reply is held, never sent unconfirmed, and goes once the server is back, unwarned.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENT_UNCHECKED_WARNING } from '../../../src/main/core/app/teamConnection.ts';
import type { TcpProxy } from '../../support/tcpProxy.ts';
import type { AppRig } from '../app/appHarness.ts';
import { TeamCores, WORKSPACE } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };

let team: TeamCores;
let proxy: TcpProxy;
let rig: AppRig;

beforeAll(async () => {
  team = await TeamCores.start([ANN]);
  proxy = team.proxies.get(ANN.device)!;
  rig = await team.startCore(ANN, { joined: false });
  await rig.call('team.configure', {
    serverUrl: proxy.url,
    workspace: WORKSPACE,
    member: ANN.member,
    device: ANN.device,
    password: ANN.password,
    mode: 'solo',
  });
}, 60_000);

afterAll(async () => {
  await team?.close();
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
    const { item } = await rig.call('answer.send', { key: key, text });
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
    const { item } = await rig.call('answer.send', { key: key, text });
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
