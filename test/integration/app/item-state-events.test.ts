// The bridge event "item state changed" (issue 21), through the core as a host builds it, against
// the real sandbox: a triage and its undo made through the core's dispatcher reach a subscriber of
// the core's events (another window, in the app) with the items' new states; a sweep larger than
// the event carries says "more" instead of listing them. (The sync's own write, a conversation
// reopened by a new message, is told through the same store listener: test/unit/store/item-states.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventPayload } from '../../../src/shared/bridge/contract.ts';
import { ITEM_STATES_EVENT_MAX } from '../../../src/shared/bridge/itemStatesEvent.ts';
import { AppRig, type SandboxWorld } from './appHarness.ts';

type StatesChanged = EventPayload<'items.stateChanged'>;

let rig: AppRig;
let world: SandboxWorld;

beforeAll(async () => {
  ({ rig, world } = await AppRig.startWithWorld());
}, 60_000);

afterAll(async () => {
  await rig?.close();
});

function statesOf(key: string): StatesChanged['items'][number]['state'][] {
  return (rig.eventsNamed('items.stateChanged') as StatesChanged[]).flatMap((payload) =>
    payload.items.filter((item) => item.key === key).map((item) => item.state),
  );
}

describe('the item state event', () => {
  it('tells a subscriber the new state of each item a triage and its undo changed', async () => {
    const conversation = world.conversations.find(
      (c) => c.platform === 'facebook' && c.status === 'active' && world.profiles.some((p) => p.refId === c.profileRefId && p.messagingEnabled),
    )!;
    const key = `dm:facebook:${conversation.conversationId}`;
    await rig.until('the conversation in the inbox', async () => ((await rig.invoke('inbox.item', { key })).ok ? true : null));

    const done = await rig.call('inbox.triage', { keys: [key], done: true, unread: false, addLabels: ['quote'] });
    expect(done.changed).toBe(1);
    expect(statesOf(key).at(-1)).toEqual({ unread: false, done: true, snoozedUntil: null, labels: ['quote'], note: null, assignee: null });
    const told = statesOf(key).length;
    await rig.call('inbox.undoTriage', { undoToken: done.undoToken });
    expect(statesOf(key)).toHaveLength(told + 1);
    expect(statesOf(key).at(-1)).toMatchObject({ done: false, labels: [] });
  });

  it('says "more" instead of listing the items of a sweep larger than the event carries', async () => {
    const filter = { view: 'all' as const, kind: 'comment' as const };
    const size = await rig.until('a view larger than the event', async () => {
      const answer = await rig.call('inbox.viewSize', { filter });
      return answer.count > ITEM_STATES_EVENT_MAX && answer.newest !== null ? answer : null;
    });
    const before = rig.eventsNamed('items.stateChanged').length;
    const swept = await rig.call('inbox.triageView', { filter, newest: size.newest!, count: size.count, unread: false });
    expect(swept.changed).toBeGreaterThan(ITEM_STATES_EVENT_MAX);
    expect(rig.eventsNamed('items.stateChanged').slice(before)).toEqual([{ items: [], more: true }]);
  }, 120_000);
});
