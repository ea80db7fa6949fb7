// The payload of the bridge event "item state changed" (issue 21): the keys of the items whose state
// was written and their states now, so a window shows a change made elsewhere (another window, the
// sync reopening a conversation, later another device) without reading its list again. A sweep of a
// whole view changes many thousands: past ITEM_STATES_EVENT_MAX the states are left out and `more`
// says to read again.
import { z } from 'zod';
import { ItemStateSchema } from '../domain/itemState.ts';
import { InboxItemKeySchema } from '../domain/keys.ts';

export const ITEM_STATES_EVENT_MAX = 500;

export const ItemStatesChangedPayload = z.object({
  items: z.array(z.object({ key: InboxItemKeySchema, state: ItemStateSchema })).max(ITEM_STATES_EVENT_MAX),
  more: z.boolean(),
});
