// The bridge's "item state changed" event from a committed write (createAppCore's listener): the
// items' states when the event carries them, read from a real SQLite store; for a sweep of more
// items than it carries, only that there is more to read, and no state read back at all (a sweep
// of 50,000 read every state again after its commit just to drop them).
import { afterEach, describe, expect, it } from 'vitest';
import { itemStatesWrittenPayload } from '../../../src/main/core/app/itemStatesChanged.ts';
import { WriteNotices } from '../../../src/main/core/store/writeNotices.ts';
import { ITEM_STATES_EVENT_MAX } from '../../../src/shared/bridge/itemStatesEvent.ts';
import type { ItemChange, ItemState } from '../../../src/shared/domain/itemState.ts';
import { comment, post, profile, seeded, type TempStore } from '../store/storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

/** A store of `count` comments, and every payload its writes make, with how often each read the states. */
function storeOf(count: number) {
  temp = seeded([profile('p-1', ['instagram'])]);
  const { store } = temp;
  store.upsertPosts([post('p-1', 'instagram', 'p1')]);
  store.ingestComments(
    'p-1',
    Array.from({ length: count }, (_, index) => comment({ socialCommentId: `c${String(index)}` })),
  );
  const told: { payload: ReturnType<typeof itemStatesWrittenPayload>; reads: number; sameMap: boolean }[] = [];
  store.onItemStatesChanged((statesNow, changes) => {
    let reads = 0;
    const counted = (): ReadonlyMap<string, ItemState> => {
      reads += 1;
      return statesNow();
    };
    const payload = itemStatesWrittenPayload(changes, counted);
    // A second listener of the same write is handed the same states, read once.
    told.push({ payload, reads, sameMap: reads === 0 || statesNow() === statesNow() });
  });
  return { store, told, keys: Array.from({ length: count }, (_, index) => `instagram:c${String(index)}`) };
}

describe('the item-state event of a committed write', () => {
  it('carries the states of the items a write changed, read once from the store after the commit', () => {
    const { store, told, keys } = storeOf(3);
    store.setTriage(keys.slice(0, 2), { done: true });
    expect(told).toHaveLength(1);
    expect(told[0]!.reads).toBe(1);
    expect(told[0]!.sameMap).toBe(true);
    expect(told[0]!.payload.more).toBe(false);
    expect(told[0]!.payload.items.map((item) => [item.key, item.state.done])).toEqual([
      [keys[0], true],
      [keys[1], true],
    ]);
  });

  it(`says only "more" for a sweep of more than ${String(ITEM_STATES_EVENT_MAX)} items, and reads no state back`, () => {
    const { store, told, keys } = storeOf(ITEM_STATES_EVENT_MAX + 1);
    store.setTriage(keys, { done: true });
    expect(told).toHaveLength(1);
    expect(told[0]!.payload).toEqual({ items: [], more: true });
    expect(told[0]!.reads).toBe(0);
  });

  it('counts items, not changes: a write of two fields on the event’s maximum of items still carries them', () => {
    const { store, told, keys } = storeOf(ITEM_STATES_EVENT_MAX);
    const changes: ItemChange[] = store.setTriage(keys, { done: true, unread: false });
    expect(changes).toHaveLength(2 * ITEM_STATES_EVENT_MAX);
    expect(told[0]!.payload.more).toBe(false);
    expect(told[0]!.payload.items).toHaveLength(ITEM_STATES_EVENT_MAX);
  });

  it('the store reads the states after a write only when a listener asks, once for all of them', () => {
    const asked: string[][] = [];
    const notices = new WriteNotices((keys) => {
      asked.push(keys);
      return new Map();
    });
    const change = { id: 'c1', itemKey: 'instagram:a', field: 'done', from: false, to: true, who: 'me', device: 'this device', at: 1 } as ItemChange;
    notices.onItemStatesChanged(() => undefined); // the team's listener: the changes alone
    notices.around(() => notices.changed([change]));
    expect(asked).toEqual([]);

    const seen: ReadonlyMap<string, ItemState>[] = [];
    notices.onItemStatesChanged((statesNow) => seen.push(statesNow()));
    notices.onItemStatesChanged((statesNow) => seen.push(statesNow()));
    notices.around(() => notices.changed([change]));
    expect(asked).toEqual([['instagram:a']]);
    expect(seen[0]).toBe(seen[1]);

    // Kept and called after the listeners were told, it refuses rather than give a later state as this write's.
    let kept: (() => ReadonlyMap<string, ItemState>) | undefined;
    notices.onItemStatesChanged((statesNow) => (kept = statesNow));
    notices.around(() => notices.changed([change]));
    expect(() => kept?.()).toThrow(/while its listeners are told/);
  });
});
