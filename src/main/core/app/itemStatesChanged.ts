// The bridge event "item state changed", from what the store says it wrote: the items' states now,
// or, for a sweep larger than the event carries, only that there is more to read.
import type { EventPayload } from '../../../shared/bridge/contract.ts';
import { ITEM_STATES_EVENT_MAX } from '../../../shared/bridge/itemStatesEvent.ts';
import type { ItemChange, ItemState } from '../../../shared/domain/itemState.ts';

/**
 * The event for a committed write of these changes: the states are read (`statesNow`) only when the
 * event carries them, so a sweep of more items than it carries reads none back.
 */
export function itemStatesWrittenPayload(changes: readonly ItemChange[], statesNow: () => ReadonlyMap<string, ItemState>): EventPayload<'items.stateChanged'> {
  if (new Set(changes.map((change) => change.itemKey)).size > ITEM_STATES_EVENT_MAX) return { items: [], more: true };
  return itemStatesChangedPayload(statesNow());
}

export function itemStatesChangedPayload(states: ReadonlyMap<string, ItemState>): EventPayload<'items.stateChanged'> {
  if (states.size > ITEM_STATES_EVENT_MAX) return { items: [], more: true };
  return { items: [...states].map(([key, state]) => ({ key, state })), more: false };
}
