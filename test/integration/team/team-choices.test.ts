// Issue 22's presence and claims, end to end in the core (the rig of support/teamCores.ts: the sync
// server, one sandbox, two app cores each through its own TCP proxy to the team server): "Ann is
// replying" reaches Bob's core as an event and goes when she stops; a reply held because Ann
// answered first is sent anyway (two replies in the ledger, the choice in the team's audit by its
// author) or discarded (one); two direct messages to the same turn of a conversation during a
// partition end with one in the ledger and the other held for the same choice.
import type { InboxRow } from '../../../src/shared/domain/inbox.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/shared/bridge/contract.ts';
import { REPLY_BY_SOCIAL_ID_NETWORKS } from '../../../src/shared/networks.ts';
import type { AppRig } from '../app/appHarness.ts';
import { TEAM_TUNING, TeamCores } from './support/teamCores.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };
/** How long main waits for another word from a composer before its person stops "replying" (a minute in the app). */
const QUIET_MS = 5_000;
/** How long a write that could not ask the team server waits here (TEAM_TUNING; the app waits 5 s). */
const UNREACHABLE_RETRY_MS_IN_TESTS = TEAM_TUNING.teamUnreachableRetryMs ?? 0;

let team: TeamCores;

const startCore = (who: typeof ANN) => team.startCore(who, { tuning: { ...TEAM_TUNING, teamQuietMs: QUIET_MS } });

/** The team log's event documents of an item on the server, read as its admin. */
async function eventsOnServer(key: string): Promise<{ who: string; device: string; event: string }[]> {
  const docs = await team.documents<{ who: string; device: string; event: string }>(`event:${key}:`);
  return docs.map((doc) => ({ who: doc.who, device: doc.device, event: doc.event }));
}

/** Only comments the service can answer (not youtube's, for instance). */
const answerable = (row: InboxRow): boolean => (REPLY_BY_SOCIAL_ID_NETWORKS as readonly string[]).includes(row.platform);

const laptop = () => team.core(ANN.device);
const desktop = () => team.core(BOB.device);

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB]);
  for (const who of [ANN, BOB]) await startCore(who);
}, 60_000);

afterAll(async () => {
  await team?.close();
});

type PresenceChanged = EventPayload<'team.presenceChanged'>;

/** What a core's `team.presenceChanged` told last (what its screen shows), or null before any. */
function toldPresence(rig: AppRig): PresenceChanged['present'] | null {
  return (rig.eventsNamed('team.presenceChanged') as PresenceChanged[]).at(-1)?.present ?? null;
}

const outboxItem = async (rig: AppRig, id: string) => (await rig.call('outbox.list', {})).items.find((item) => item.id === id) ?? null;

/** Both answer `key` while Bob's core is cut off from the team server: Ann's goes, Bob's is held for his choice. */
async function bothAnswer(key: string, texts: { laptop: string; desktop: string }, send: (rig: AppRig, text: string) => Promise<{ id: string }>) {
  team.proxies.get(BOB.device)!.cut();
  const fromDesktop = await send(desktop(), texts.desktop);
  const waiting = await desktop().until('the desktop waiting for the team server', async () => {
    const item = await outboxItem(desktop(), fromDesktop.id);
    return item?.lastError?.code === 'team-unreachable' ? item : null;
  });
  const fromLaptop = await send(laptop(), texts.laptop);
  await laptop().until('the laptop’s answer sent', async () => ((await outboxItem(laptop(), fromLaptop.id))?.state === 'sent' ? true : null));
  team.proxies.get(BOB.device)!.heal();
  // It asks the team server again after the tests' short wait (TEAM_TUNING), not the app's 5 s.
  expect((waiting.nextAttemptAt ?? Infinity) - waiting.updated).toBeLessThanOrEqual(UNREACHABLE_RETRY_MS_IN_TESTS);
  const held = await desktop().until('the desktop holding its answer for a choice', async () => {
    const item = await outboxItem(desktop(), fromDesktop.id);
    return item?.heldBy ? item : null;
  });
  return { held, fromLaptop };
}

const reply = async (rig: AppRig, key: string, text: string) => (await rig.call('answer.send', { key: key, text })).item;

describe('presence and the held answer’s choice, between two app cores', () => {
  it('tells the other core who is replying to what, and that they stopped', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 0, answerable);
    await laptop().call('team.composing', { itemKey: key });
    const present = await desktop().until('the desktop told Ann is replying', () => {
      const told = toldPresence(desktop());
      return told?.some((entry) => entry.itemKey === key) === true ? told : null;
    });
    expect(present).toEqual([{ member: 'ann', device: 'laptop', itemKey: key, until: expect.any(Number) as number }]);
    // The same in team.status, for a window that opens later.
    expect((await desktop().call('team.status', {})).present.map((entry) => entry.member)).toEqual(['ann']);
    // Ann's own core is not told about herself on this device.
    expect(toldPresence(laptop()) ?? []).toEqual([]);
    await laptop().call('team.composing', { itemKey: null });
    await desktop().until('the desktop told Ann stopped', () => (toldPresence(desktop())?.length === 0 ? true : null));
    expect((await desktop().call('team.status', {})).present).toEqual([]);
  }, 60_000);

  it('takes a composer that fell silent (a window closed without a word) as stopped', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 3, answerable);
    await laptop().call('team.composing', { itemKey: key });
    await desktop().until('the desktop told Ann is replying', () => (toldPresence(desktop())?.some((entry) => entry.itemKey === key) ? true : null));
    // No further word from Ann's composer, and no null either: after the quiet time she is gone.
    await desktop().until('the desktop told Ann stopped', () => (toldPresence(desktop())?.length === 0 ? true : null));
    expect((await desktop().call('team.status', {})).present).toEqual([]);
  }, 60_000);

  it('holds a reply Ann answered first with who and when, and sends it anyway on Bob’s choice, recorded as his', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 1, answerable);
    const texts = { laptop: 'Ann: the invoice is on its way.', desktop: 'Bob: and a discount for the wait.' };
    const { held } = await bothAnswer(key, texts, (rig, text) => reply(rig, key, text));
    expect(held).toMatchObject({ state: 'failed', heldBy: { who: 'ann', device: 'laptop', at: expect.any(Number) as number } });
    const sent = (await desktop().call('outbox.sendAnyway', { id: held.id })).item;
    expect(sent.state).toBe('queued');
    await desktop().until('the desktop’s reply sent anyway', async () => ((await outboxItem(desktop(), held.id))?.state === 'sent' ? true : null));
    const replies = (await laptop().ledger('comment.reply')).filter((entry) => entry.text === texts.laptop || entry.text === texts.desktop);
    expect(replies.map((entry) => entry.text).sort()).toEqual([texts.desktop, texts.laptop].sort());
    // The choice is in the team's audit, by its author on his device.
    const audit = await desktop().until('the choice on the team server', async () => {
      const events = await eventsOnServer(key);
      return events.some((entry) => entry.event === 'reply-sent-anyway') ? events : null;
    });
    expect(audit.filter((entry) => entry.event === 'reply-sent-anyway')).toEqual([{ who: 'bob', device: 'desktop', event: 'reply-sent-anyway' }]);
    // Sent anyway once: not again.
    expect((await desktop().invoke('outbox.sendAnyway', { id: held.id })).ok).toBe(false);
  }, 90_000);

  it('keeps Bob’s choice to send anyway when his app quits before the reply went', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 4, answerable);
    const texts = { laptop: 'Ann: the parcel is at the depot.', desktop: 'Bob: you can pick it up today.' };
    const { held } = await bothAnswer(key, texts, (rig, text) => reply(rig, key, text));
    // The service fails every request (the write's outcome is then unknown: it waits and checks first).
    await laptop().control('PUT', '/faults', { errorRate: 1 });
    await desktop().call('outbox.sendAnyway', { id: held.id });
    await desktop().until('the reply waiting for the service', async () => ((await outboxItem(desktop(), held.id))?.state === 'waiting' ? true : null));
    // Bob's app quits before the reply went, and starts again with the service back: the choice stands.
    await team.closeCore(desktop());
    await laptop().control('DELETE', '/faults');
    await startCore(BOB);
    await desktop().until('the reply sent anyway after the restart', async () => ((await outboxItem(desktop(), held.id))?.state === 'sent' ? true : null));
    const replies = (await laptop().ledger('comment.reply')).filter((entry) => entry.text === texts.laptop || entry.text === texts.desktop);
    expect(replies.map((entry) => entry.text).sort()).toEqual([texts.desktop, texts.laptop].sort());
  }, 90_000);

  it('discards a held reply: Ann’s is the only one', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 5, answerable);
    const texts = { laptop: 'Ann: we have refunded you.', desktop: 'Bob: a refund is coming.' };
    const { held } = await bothAnswer(key, texts, (rig, text) => reply(rig, key, text));
    const discarded = (await desktop().call('outbox.cancel', { id: held.id })).item;
    expect(discarded.state).toBe('cancelled');
    // Nothing goes later either: give the outbox a few turns.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const replies = (await laptop().ledger('comment.reply')).filter((entry) => entry.text === texts.laptop || entry.text === texts.desktop);
    expect(replies.map((entry) => entry.text)).toEqual([texts.laptop]);
    expect((await eventsOnServer(key)).filter((entry) => entry.event === 'reply-sent-anyway')).toEqual([]);
  }, 90_000);

  it('claims a direct message’s turn: two messages to the same turn during a partition, one in the ledger', async () => {
    const conversation = await laptop().until(
      'a conversation waiting for an answer',
      async () => (await laptop().call('inbox.closingSoon', {})).rows[0] ?? null,
    );
    const key = conversation.key;
    await desktop().until('the conversation on the desktop', async () => ((await desktop().invoke('inbox.item', { key })).ok ? true : null));
    const texts = { laptop: 'Ann: your order ships today.', desktop: 'Bob: it ships this afternoon.' };
    const send = async (rig: AppRig, text: string) => (await rig.call('answer.send', { key: key, text })).item;
    const { held } = await bothAnswer(key, texts, send);
    expect(held).toMatchObject({ kind: 'message', state: 'failed', heldBy: { who: 'ann', device: 'laptop' } });
    expect(held.lastError?.message).toBe('ann already answered in this conversation, so yours was not sent.');
    const messages = (await laptop().ledger('message.send')).filter((entry) => entry.text === texts.laptop || entry.text === texts.desktop);
    expect(messages.map((entry) => entry.text)).toEqual([texts.laptop]);
  }, 90_000);
});
