// What the person (or, in a team, the people) decided about one inbox item, and the change log that
// records each decision. One shape for every kind of item, keyed by the item's stable key (a comment
// key or a conversation key, never a local row id), so a log written on one device means the same on
// another. The store keeps the state and appends the changes (issue 21); the team inbox replicates the
// changes and folds them (issue 22). Undo is a change too: the inverse of the one it takes back.
import { z } from 'zod';
import { InboxItemKeySchema } from './keys.ts';

/** The fields of an item's state, each changed on its own. */
export const ITEM_STATE_FIELDS = ['unread', 'done', 'snoozedUntil', 'labels', 'note', 'assignee'] as const;
export type ItemStateField = (typeof ITEM_STATE_FIELDS)[number];

export interface ItemState {
  unread: boolean;
  done: boolean;
  /** Epoch ms until which the item is out of sight; null when not snoozed. */
  snoozedUntil: number | null;
  /** A set: no duplicates, order of first use. */
  labels: string[];
  /** A private note on the item; null when none. */
  note: string | null;
  /** The member the item is assigned to; null when nobody (always null outside a team). */
  assignee: string | null;
}

export const EMPTY_ITEM_STATE: Readonly<ItemState> = Object.freeze({
  unread: false,
  done: false,
  snoozedUntil: null,
  labels: [],
  note: null,
  assignee: null,
});

const MAX_LABELS = 50;
const MAX_LABEL_LENGTH = 100;
const MAX_NOTE_LENGTH = 10_000;
const MAX_NAME_LENGTH = 200;

const fieldValueSchemas = {
  unread: z.boolean(),
  done: z.boolean(),
  snoozedUntil: z.number().int().nonnegative().nullable(),
  labels: z.array(z.string().min(1).max(MAX_LABEL_LENGTH)).max(MAX_LABELS),
  note: z.string().max(MAX_NOTE_LENGTH).nullable(),
  assignee: z.string().min(1).max(MAX_NAME_LENGTH).nullable(),
} as const satisfies { [F in ItemStateField]: z.ZodType<ItemState[F]> };

/** An item's whole state, as read from anywhere outside this process (the bridge event, a file). */
export const ItemStateSchema = z.object(fieldValueSchemas);

/** One decision: who set which field of which item from what to what, when, on which device. */
export interface ItemChange<F extends ItemStateField = ItemStateField> {
  /** Unique across devices (a random id); the log's order is `at`, then `id`. */
  id: string;
  itemKey: string;
  field: F;
  from: ItemState[F];
  to: ItemState[F];
  /** The person: "me" on a device outside a team, the member's name in one. */
  who: string;
  /** The device that wrote it (its name in a team; "this device" outside one). */
  device: string;
  /** Epoch ms. */
  at: number;
  /** The change this one takes back, when it is an undo. */
  undoes?: string;
}

const changeBase = {
  id: z.string().min(1).max(MAX_NAME_LENGTH),
  itemKey: InboxItemKeySchema,
  who: z.string().min(1).max(MAX_NAME_LENGTH),
  device: z.string().min(1).max(MAX_NAME_LENGTH),
  at: z.number().int().nonnegative(),
  undoes: z.string().min(1).max(MAX_NAME_LENGTH).optional(),
};

function changeSchemaOf<F extends ItemStateField>(field: F) {
  const value = fieldValueSchemas[field];
  return z.object({ ...changeBase, field: z.literal(field), from: value, to: value });
}

/** A change as read from anywhere outside this process (a file, the bridge, another device). */
export const ItemChangeSchema = z.discriminatedUnion('field', [
  changeSchemaOf('unread'),
  changeSchemaOf('done'),
  changeSchemaOf('snoozedUntil'),
  changeSchemaOf('labels'),
  changeSchemaOf('note'),
  changeSchemaOf('assignee'),
]);

/** The change that takes `change` back: same item and field, from and to swapped (the store's undo reads only these parts of it). */
export function inverseOf(
  change: Pick<ItemChange, 'id' | 'itemKey' | 'field' | 'from' | 'to'>,
  taken: { id: string; at: number; who: string; device: string },
): ItemChange {
  return {
    id: taken.id,
    itemKey: change.itemKey,
    field: change.field,
    from: change.to,
    to: change.from,
    who: taken.who,
    device: taken.device,
    at: taken.at,
    undoes: change.id,
  };
}

/** The state after applying `change` to `state` (a new object; `state` is left as it was). */
export function applyChange(state: Readonly<ItemState>, change: ItemChange): ItemState {
  return { ...state, labels: [...state.labels], [change.field]: change.to };
}
