// Issue 22's wiring, end to end in the core: the sync server, one sandbox, and two app cores (two
// data directories, two members), each reaching the team server through its own TCP proxy. A
// triage made through one core's bridge reaches the other core's store and its `items.stateChanged`
// event; decisions made on both sides of a partition converge once it heals; `team.status` says
// who, where, and whether the server is reachable; a sent reply closes the comment on both; two
// replies to one comment during a partition end with one in the sandbox's ledger and the other held.
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/shared/bridge/contract.ts';
import type { ItemState } from '../../../src/shared/domain/itemState.ts';
import { openTeamWorkspace } from '../../../src/main/core/team/teamWorkspace.ts';
import type { AppRig } from '../app/appHarness.ts';
import { TeamCores, WORKSPACE } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const ANN_PHONE = { ...ANN, device: 'phone' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

let team: TeamCores;

type StatesChanged = EventPayload<'items.stateChanged'>;

/** The latest state a core's `items.stateChanged` told for this item (what its screen shows). */
function toldState(rig: AppRig, key: string): ItemState | null {
  const told = (rig.eventsNamed('items.stateChanged') as StatesChanged[]).flatMap((payload) => payload.items.filter((item) => item.key === key));
  return told.at(-1)?.state ?? null;
}

/** The team log's change documents of an item on the server, read as its admin. */
async function changesOnServer(key: string): Promise<{ who: string; device: string; field: string }[]> {
  const docs = await team.documents<{ who: string; device: string; change: { field: string } }>(`change:${key}:`);
  return docs
    .map((doc) => ({ who: doc.who, device: doc.device, field: doc.change.field }))
    .sort((a, b) => `${a.who}${a.field}`.localeCompare(`${b.who}${b.field}`));
}

const laptop = () => team.core(ANN.device);
const desktop = () => team.core(BOB.device);

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB, ANN_PHONE]);
  for (const who of [ANN, BOB]) await team.startCore(who);
}, 60_000);

afterAll(async () => {
  await team?.close();
});

describe('two app cores on one team workspace', () => {
  it('says in team.status who and where this device is, and that the server is reachable', async () => {
    const status = await laptop().until('the laptop up to date', async () => {
      const answer = await laptop().call('team.status', {});
      return answer.replication === 'up-to-date' ? answer : null;
    });
    expect(status).toMatchObject({ joined: true, problem: null, workspace: WORKSPACE, member: 'ann', device: 'laptop', serverReachable: true, present: [] });
    expect(JSON.stringify(status)).not.toContain(ANN.password);
  });

  it('shows a triage made on one core in the other core’s store and event, and never shares it back as its own', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 0);
    await laptop().call('inbox.triage', { keys: [key], done: true, addLabels: ['billing'] });
    const seen = await desktop().until('the desktop told of the triage', () => {
      const state = toldState(desktop(), key);
      return state?.done === true && state.labels.includes('billing') ? state : null;
    });
    expect(seen).toMatchObject({ done: true, labels: ['billing'] });
    // And back: the desktop's decision reaches the laptop.
    await desktop().call('inbox.triage', { keys: [key], removeLabels: ['billing'], addLabels: ['refund'] });
    const back = await laptop().until('the laptop told of the label', () => {
      const state = toldState(laptop(), key);
      return state?.labels.includes('refund') === true ? state : null;
    });
    expect(back).toMatchObject({ done: true, labels: ['refund'] });
    // What each core applied from the other was not shared back as its own: the team's log holds
    // exactly the decisions made, each by its author on its device.
    await laptop().until('nothing more to share', async () => ((await laptop().call('team.status', {})).replication === 'up-to-date' ? true : null));
    expect(await changesOnServer(key)).toEqual([
      { who: 'ann', device: 'laptop', field: 'done' },
      { who: 'ann', device: 'laptop', field: 'labels' },
      { who: 'bob', device: 'desktop', field: 'labels' },
    ]);
    // (An echo would also have been refused by the workspace as not this device's, and logged.)
    for (const rig of [laptop(), desktop()]) expect(rig.logs.filter((log) => /team/i.test(log.message))).toEqual([]);
  });

  it('converges decisions made on both sides of a partition once it heals', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 1);
    team.proxies.get(BOB.device)!.cut();
    await desktop().until('the desktop offline', async () => ((await desktop().call('team.status', {})).serverReachable ? null : true));
    await laptop().call('inbox.triage', { keys: [key], addLabels: ['quote'] });
    await desktop().call('inbox.triage', { keys: [key], addLabels: ['urgent'], done: true });
    team.proxies.get(BOB.device)!.heal();
    const bothLabels = (state: ItemState | null) => state !== null && state.labels.includes('quote') && state.labels.includes('urgent');
    await laptop().until('the laptop has both labels', () => bothLabels(toldState(laptop(), key)));
    await desktop().until('the desktop has both labels', () => bothLabels(toldState(desktop(), key)));
    const { unread: _laptopUnread, ...onLaptop } = toldState(laptop(), key)!;
    const { unread: _desktopUnread, ...onDesktop } = toldState(desktop(), key)!;
    expect(onLaptop).toEqual(onDesktop);
    expect(onLaptop).toMatchObject({ done: true });
  }, 60_000);

  it('closes a comment answered on one core on both, through the sent reply', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 3);
    const { item } = await laptop().call('answer.send', { key: key, text: 'Thanks, we are on it!' });
    await laptop().until('the reply sent', async () =>
      (await laptop().call('outbox.list', {})).items.some((sent) => sent.id === item.id && sent.state === 'sent') ? true : null,
    );
    for (const rig of [laptop(), desktop()]) await rig.until('the comment closed', () => toldState(rig, key)?.done === true);
    expect(toldState(desktop(), key)).toMatchObject({ done: true });
    expect((await laptop().ledger('comment.reply')).filter((entry) => entry.text === 'Thanks, we are on it!')).toHaveLength(1);
  }, 60_000);

  it('sends one reply when both answer the same comment during a partition, and holds the other', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 4);
    const texts = { laptop: 'Ann here: the invoice is on its way.', desktop: 'Bob here: we will send the invoice.' };
    team.proxies.get(BOB.device)!.cut();
    const fromDesktop = (await desktop().call('answer.send', { key: key, text: texts.desktop })).item;
    const outboxItem = async (rig: AppRig, id: string) => (await rig.call('outbox.list', {})).items.find((item) => item.id === id) ?? null;
    // Cut off from the team server, the desktop cannot take the claim: it holds, never sends.
    const waiting = await desktop().until('the desktop holding its reply', async () => {
      const item = await outboxItem(desktop(), fromDesktop.id);
      return item?.lastError?.code === 'team-unreachable' ? item : null;
    });
    expect(waiting.state).toBe('waiting');
    const fromLaptop = (await laptop().call('answer.send', { key: key, text: texts.laptop })).item;
    await laptop().until('the laptop’s reply sent', async () => ((await outboxItem(laptop(), fromLaptop.id))?.state === 'sent' ? true : null));
    team.proxies.get(BOB.device)!.heal();
    const held = await desktop().until('the desktop told Ann answered', async () => {
      const item = await outboxItem(desktop(), fromDesktop.id);
      return item?.lastError?.code === 'team-answered' ? item : null;
    });
    expect(held).toMatchObject({ state: 'failed', lastError: { message: 'ann already answered this comment, so yours was not sent.' } });
    const replies = (await laptop().ledger('comment.reply')).filter((entry) => entry.text === texts.laptop || entry.text === texts.desktop);
    expect(replies.map((entry) => entry.text)).toEqual([texts.laptop]);
  }, 90_000);

  it('gives an item stored after the team decided about it the team’s state', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 2);
    await laptop().call('inbox.triage', { keys: [key], done: true, addLabels: ['invoice'] });
    // A new device of Ann's whose team copy already has the decision (it replicated once), started
    // while the team server is out of its reach: the comment is stored only after the fold is
    // there, so nothing but the store's "item started" tells the connection about it.
    const phoneDir = join(team.root, ANN_PHONE.device);
    const proxy = team.proxies.get(ANN_PHONE.device)!;
    const copy = await openTeamWorkspace({
      serverUrl: proxy.url,
      workspace: WORKSPACE,
      member: ANN_PHONE.member,
      device: ANN_PHONE.device,
      credentials: { username: ANN_PHONE.member, password: ANN_PHONE.password },
      dataDir: phoneDir,
      retry: { firstMs: 50, longestMs: 400 },
    });
    await laptop().until(
      'the phone’s copy has the decision',
      () => copy.item(key)?.state.done === true && copy.item(key)?.state.labels.includes('invoice') === true,
    );
    await copy.close();
    proxy.cut();
    const phone = await team.startCore(ANN_PHONE);
    const told = await phone.until('the phone told of the team’s state', () => {
      const state = toldState(phone, key);
      return state?.done === true ? state : null;
    });
    expect(told).toMatchObject({ done: true, labels: ['invoice'] });
    expect((await phone.call('team.status', {})).serverReachable).toBe(false);
  }, 90_000);
});
