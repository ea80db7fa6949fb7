// Claims and held answers that no member, no behind device and no failed winner can bend (issue 28,
// items 2, 11, 12 and 13; decision 0067), between two app cores on the sync server (support/teamCores.ts):
// - Bob's device starts alone and joins from Settings → Team (`team.configure`): Send anyway works
//   there (the core looks the team up at each call, not once at start);
// - a claim Ann wrote by hand without its fields holds Bob's reply for "ann" (or "someone in the
//   team") with Send anyway and Discard, never "team unreachable";
// - a conversation Bob's device is a message behind on, answered by both: one message in the ledger;
// - Ann wins a claim and her reply then fails for good (the service answers 400) or she discards
//   it: Bob's device is told, and his held reply goes, once; Ann trying hers again is held in turn.
import type { EventPayload } from '../../../src/shared/bridge/contract.ts';
import type { InboxRow } from '../../../src/shared/domain/inbox.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPLY_BY_SOCIAL_ID_NETWORKS } from '../../../src/shared/networks.ts';
import type { AppRig } from '../app/appHarness.ts';
import { ADMIN, TEAM_TUNING, TeamCores, WORKSPACE } from './support/teamCores.ts';
import { asConversation } from '../../support/itemReads.ts';

const ANN = { member: 'ann', device: 'laptop', password: 'ann-password' };
const BOB = { member: 'bob', device: 'desktop', password: 'bob-password' };

/** Direct messages read every second or two (a person's new message reaches the device that polls soon). */
const TUNING = { ...TEAM_TUNING, sync: { ...TEAM_TUNING.sync, messagePolicy: { listMs: 1_000, activeMs: 1_000, recentMs: 1_000, quietMs: 2_000 } } };

let team: TeamCores;
const laptop = () => team.core(ANN.device);
const desktop = () => team.core(BOB.device);

beforeAll(async () => {
  team = await TeamCores.start([ANN, BOB]);
  await team.startCore(ANN, { tuning: TUNING });
  // Bob's device starts alone: it joins from Settings → Team in the first test.
  await team.startCore(BOB, { joined: false, tuning: TUNING });
}, 60_000);

afterAll(async () => {
  await team?.close();
});

/** Only comments the service can answer. */
const answerable = (row: InboxRow): boolean => (REPLY_BY_SOCIAL_ID_NETWORKS as readonly string[]).includes(row.platform);
const outboxItem = async (rig: AppRig, id: string) => (await rig.call('outbox.list', {})).items.find((item) => item.id === id) ?? null;
const reply = async (rig: AppRig, key: string, text: string) => (await rig.call('answer.send', { key: key, text })).item;

/** The texts among `texts` the sandbox posted as `kind` (its ledger: what the networks got). */
async function inLedger(kind: 'comment.reply' | 'message.send', texts: readonly string[]): Promise<string[]> {
  return (await laptop().ledger(kind)).filter((entry) => entry.text !== null && texts.includes(entry.text)).map((entry) => entry.text!);
}

/** The team log's events of an item on the server, read as its admin. */
async function eventsOnServer(key: string): Promise<{ who: string; event: string }[]> {
  return (await team.documents<{ who: string; event: string }>(`event:${key}:`)).map((doc) => ({ who: doc.who, event: doc.event }));
}

/**
 * A claim written straight to the server with its admin's password, as a server that did not refuse
 * it would keep it (the validation function refuses a claim without its fields: this is the app's
 * side, which must cope with one that got through anyway).
 */
async function writeClaimAsAdmin(key: string, body: Record<string, unknown>): Promise<void> {
  const response = await fetch(`${team.server.url}/${WORKSPACE}/${encodeURIComponent(`claim:${key}`)}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64')}` },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`the claim was not written: ${response.status} ${await response.text()}`);
}

/**
 * Ann wins the claim and her reply is on its way (the service slow, then refusing it for good: 400);
 * Bob's reply to the same comment is held behind hers; Bob's device is then cut off from the team
 * while hers fails, so that it learns of the failure only when it is back.
 */
async function bobHeldBehindAnnsFailure(key: string, texts: { ann: string; bob: string }) {
  await laptop().control('PUT', '/faults', { latencyMs: 6_000, errorRate: 1, status: 400 });
  const fromAnn = await reply(laptop(), key, texts.ann);
  await laptop().until('Ann’s reply claimed and on its way', async () => ((await outboxItem(laptop(), fromAnn.id))?.state === 'sending' ? true : null));
  const fromBob = await reply(desktop(), key, texts.bob);
  const held = await desktop().until('Bob’s reply held behind Ann’s', async () => {
    const item = await outboxItem(desktop(), fromBob.id);
    return item?.heldBy ? item : null;
  });
  expect(held.heldBy).toMatchObject({ who: 'ann', device: 'laptop' });
  team.proxies.get(BOB.device)!.cut();
  const failed = await laptop().until('Ann’s reply refused by the service', async () => {
    const item = await outboxItem(laptop(), fromAnn.id);
    return item?.state === 'failed' ? item : null;
  });
  await laptop().control('DELETE', '/faults');
  expect(failed.heldBy ?? null).toBeNull();
  return { fromBob, fromAnn };
}

/** Whether Bob's device told the screen his reply's winner gave up (its card, its toast) before sending it. */
function toldGaveUp(id: string, state: 'failed' | 'discarded'): boolean {
  return desktop()
    .eventsNamed('outbox.changed')
    .some((event) => {
      const change = event as EventPayload<'outbox.changed'>;
      return change.kind !== 'removed' && change.item.id === id && change.item.heldBy?.answer?.state === state;
    });
}

/** With Bob's copy of the conversation stopped, the person writes again, Ann's device learns it, and both answer. */
async function answerBothOnce(key: string, inWorld: { conversationId: string; profileRefId: string; platform: string }): Promise<void> {
  const newest = 'Hello? Is the blue one still available?';
  await laptop().control('POST', '/messages', {
    profileRefId: inWorld.profileRefId,
    platform: inWorld.platform,
    conversationId: inWorld.conversationId,
    message: newest,
  });
  await laptop().call('sync.refresh', { profileId: inWorld.profileRefId });
  // Ann's device polls the profile (it took the lease first) and reads messages every second or two here (TUNING).
  await laptop().until(
    'Ann’s device has the newest message',
    async () =>
      (await laptop().call('inbox.item', { key }).then(asConversation)).conversation.messages.some((message) => message.text === newest) ? true : null,
    3_000,
  );
  const behind = (await desktop().call('inbox.item', { key }).then(asConversation)).conversation.messages;
  expect(behind.some((message) => message.text === newest)).toBe(false);
  // Both answer at once: Ann to the newest message she knows, Bob to the one before it.
  const texts = { ann: 'Ann: yes, the blue one is in stock.', bob: 'Bob: we have it in blue.' };
  const [fromAnn, fromBob] = await Promise.all([
    laptop().call('answer.send', { key: key, text: texts.ann }),
    desktop().call('answer.send', { key: key, text: texts.bob }),
  ]);
  const done = (rig: AppRig, id: string) =>
    rig.until('the message sent or held', async () => {
      const item = await outboxItem(rig, id);
      return item?.state === 'sent' || item?.heldBy ? item : null;
    });
  const outcomes = [await done(laptop(), fromAnn.item.id), await done(desktop(), fromBob.item.id)];
  expect(outcomes.filter((item) => item.state === 'sent')).toHaveLength(1);
  expect(await inLedger('message.send', [texts.ann, texts.bob])).toHaveLength(1);
}

describe('held answers between two app cores', () => {
  it('sends a held reply anyway on a device that joined from Settings → Team after starting alone (item 11)', async () => {
    expect((await desktop().call('team.status', {})).joined).toBe(false);
    const joined = await desktop().call('team.configure', {
      serverUrl: team.proxies.get(BOB.device)!.url,
      workspace: WORKSPACE,
      member: BOB.member,
      device: BOB.device,
      mode: 'team',
      password: BOB.password,
    });
    expect(joined).toMatchObject({ joined: true, member: 'bob' });
    await desktop().until('Bob’s device up to date with the team', async () =>
      (await desktop().call('team.status', {})).replication === 'up-to-date' ? true : null,
    );
    const key = await team.commentOnBoth(laptop(), desktop(), 0, answerable);
    const texts = { ann: 'Ann: the invoice is attached.', bob: 'Bob: and the receipt too.' };
    team.proxies.get(BOB.device)!.cut();
    const fromBob = await reply(desktop(), key, texts.bob);
    await desktop().until('Bob’s reply waiting for the team server', async () =>
      (await outboxItem(desktop(), fromBob.id))?.lastError?.code === 'team-unreachable' ? true : null,
    );
    const fromAnn = await reply(laptop(), key, texts.ann);
    await laptop().until('Ann’s reply sent', async () => ((await outboxItem(laptop(), fromAnn.id))?.state === 'sent' ? true : null));
    team.proxies.get(BOB.device)!.heal();
    await desktop().until('Bob’s reply held', async () => ((await outboxItem(desktop(), fromBob.id))?.heldBy ? true : null));
    // Send anyway: the team joined later is the one asked (before, "not in a team now").
    const answer = await desktop().invoke('outbox.sendAnyway', { id: fromBob.id });
    expect(answer).toMatchObject({ ok: true });
    await desktop().until('Bob’s reply sent anyway', async () => ((await outboxItem(desktop(), fromBob.id))?.state === 'sent' ? true : null));
    expect((await inLedger('comment.reply', [texts.ann, texts.bob])).sort()).toEqual([texts.ann, texts.bob].sort());
  }, 120_000);

  it('holds a reply for the member of a claim it cannot read, never as "team unreachable", with Send anyway and Discard (item 2)', async () => {
    const withWho = await team.commentOnBoth(laptop(), desktop(), 1, answerable);
    const withNobody = await team.commentOnBoth(laptop(), desktop(), 2, answerable);
    // Ann (or a server that let it through) leaves claims without their fields.
    await writeClaimAsAdmin(`reply:${withWho}`, { kind: 'claim', who: 'ann' });
    await writeClaimAsAdmin(`reply:${withNobody}`, { kind: 'claim' });
    const texts = { first: 'Bob: yes, we ship to Norway.', second: 'Bob: the shop opens at nine.' };
    const first = await reply(desktop(), withWho, texts.first);
    const second = await reply(desktop(), withNobody, texts.second);
    const settled = async (id: string) =>
      desktop().until('Bob’s reply held or waiting', async () => {
        const item = await outboxItem(desktop(), id);
        return item?.lastError?.code === 'team-answered' || item?.lastError?.code === 'team-unreachable' ? item : null;
      });
    const heldForAnn = await settled(first.id);
    expect(heldForAnn).toMatchObject({ state: 'failed', lastError: { code: 'team-answered' }, heldBy: { who: 'ann', device: null, at: null } });
    const heldForSomeone = await settled(second.id);
    expect(heldForSomeone).toMatchObject({ state: 'failed', lastError: { code: 'team-answered' }, heldBy: { who: null, device: null, at: null } });
    expect(heldForSomeone.lastError?.message).toBe('Someone in the team already answered this comment, so yours was not sent.');
    // The server is reachable, and the status says so.
    expect((await desktop().call('team.status', {})).serverReachable).toBe(true);
    // The person's choice works on both.
    await desktop().call('outbox.sendAnyway', { id: first.id });
    await desktop().call('outbox.cancel', { id: second.id });
    await desktop().until('the first sent anyway', async () => ((await outboxItem(desktop(), first.id))?.state === 'sent' ? true : null));
    expect(await inLedger('comment.reply', [texts.first, texts.second])).toEqual([texts.first]);
  }, 120_000);

  it('answers a conversation once when Bob’s device is a message behind (item 12)', async () => {
    const conversation = await laptop().until(
      'a conversation waiting for an answer',
      async () => (await laptop().call('inbox.closingSoon', {})).rows[0] ?? null,
    );
    const key = conversation.key;
    await desktop().until('the conversation on Bob’s device', async () => ((await desktop().invoke('inbox.item', { key })).ok ? true : null));
    const world = (await laptop().control('GET', '/world')) as { conversations: { conversationId: string; profileRefId: string; platform: string }[] };
    const inWorld = world.conversations.find((entry) => entry.conversationId === conversation.conversation?.conversationId);
    if (!inWorld) throw new Error('the conversation is not in the sandbox world');
    // Bob's copy stops where it is (his sync rests); the person writes again; Ann's device learns it.
    const core = desktop().core;
    core.pauseSync();
    try {
      await answerBothOnce(key, inWorld);
    } finally {
      core.resumeSync();
    }
  }, 240_000);

  it('sends Bob’s held reply once Ann’s failed for good, once, and holds Ann’s retry behind it (item 13)', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 3, answerable);
    const texts = { ann: 'Ann: your refund is on its way.', bob: 'Bob: we have refunded you today.' };
    const { fromBob, fromAnn } = await bobHeldBehindAnnsFailure(key, texts);
    team.proxies.get(BOB.device)!.heal();
    // Bob's device learns Ann's reply will not go: told (the card quotes it), then his goes.
    await desktop().until('Bob’s reply sent', async () => ((await outboxItem(desktop(), fromBob.id))?.state === 'sent' ? true : null));
    expect(toldGaveUp(fromBob.id, 'failed')).toBe(true);
    expect(await inLedger('comment.reply', [texts.ann, texts.bob])).toEqual([texts.bob]);
    // Nobody was overruled: nothing "sent anyway" in the audit.
    expect((await eventsOnServer(key)).filter((entry) => entry.event === 'reply-sent-anyway')).toEqual([]);
    // Ann tries hers again: Bob answered in the round after hers, so hers is held for her choice.
    await laptop().call('outbox.retry', { id: fromAnn.id });
    const annHeld = await laptop().until('Ann’s retry held or sent', async () => {
      const item = await outboxItem(laptop(), fromAnn.id);
      return item?.heldBy || item?.state === 'sent' ? item : null;
    });
    expect(annHeld).toMatchObject({ state: 'failed', heldBy: { who: 'bob', device: 'desktop' } });
    // Her card quotes Bob's reply once his device's status arrives; it may first arrive as "on its
    // way" (his outbox's status before the send's), so wait for the sent one (CI once read pending).
    const quoted = await laptop().until('Ann’s held card quoting Bob’s sent reply', async () => {
      const answer = (await outboxItem(laptop(), fromAnn.id))?.heldBy?.answer ?? null;
      return answer?.state === 'sent' ? answer : null;
    });
    expect(quoted).toEqual({ state: 'sent', text: texts.bob });
    expect(await inLedger('comment.reply', [texts.ann, texts.bob])).toEqual([texts.bob]);
  }, 120_000);

  it('sends Bob’s held reply once Ann discarded hers (item 13)', async () => {
    const key = await team.commentOnBoth(laptop(), desktop(), 4, answerable);
    const texts = { ann: 'Ann: the table is booked for eight.', bob: 'Bob: see you at eight tonight.' };
    const { fromBob, fromAnn } = await bobHeldBehindAnnsFailure(key, texts);
    await laptop().call('outbox.cancel', { id: fromAnn.id });
    team.proxies.get(BOB.device)!.heal();
    await desktop().until('Bob’s reply sent', async () => ((await outboxItem(desktop(), fromBob.id))?.state === 'sent' ? true : null));
    expect(toldGaveUp(fromBob.id, 'discarded')).toBe(true);
    expect(await inLedger('comment.reply', [texts.ann, texts.bob])).toEqual([texts.bob]);
  }, 120_000);
});
