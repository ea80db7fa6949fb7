// How item states and logged changes are kept in their tables: the rows' shapes, their decoding,
// the checks a key and a patch pass before anything is written, and the change ids.
import { parseReviewKey } from '../../../shared/domain/reviewItem.ts';
import { randomUUID } from 'node:crypto';
import { EMPTY_ITEM_STATE, type ItemChange, type ItemState, type ItemStateField } from '../../../shared/domain/itemState.ts';
import { StoreInputError } from './errors.ts';
import { isConversationKey, parseConversationKey, parseKey } from './keys.ts';
import { parseStringList } from './stringList.ts';

/** The fields to set; absent ones stay as they are. */
export type ItemStatePatch = Partial<ItemState>;

export interface StateRow {
  key: string;
  unread: number;
  done: number;
  snoozed_until: number | null;
  labels: string;
  note: string | null;
  assignee: string | null;
}

export interface ChangeRow {
  id: string;
  item_key: string;
  field: ItemStateField;
  from_value: string;
  to_value: string;
  who: string;
  device: string;
  at: number;
  undoes: string | null;
}

/** Each field's column in item_state. */
export const COLUMN_OF: Record<ItemStateField, string> = {
  unread: 'unread',
  done: 'done',
  snoozedUntil: 'snoozed_until',
  labels: 'labels',
  note: 'note',
  assignee: 'assignee',
};

/** A field's value as its column holds it (flags as 0/1, labels as JSON text). */
export function columnValue(field: ItemStateField, value: ItemState[ItemStateField]): string | number | null {
  if (field === 'unread' || field === 'done') return value ? 1 : 0;
  if (field === 'labels') return JSON.stringify(value);
  return value as string | number | null;
}

/** Digits of a change's place in its write: room for 10 million changes (a sweep writes at most 300,000). */
const PLACE_DIGITS = 7;

/**
 * The ids of one write's changes: random across devices (one UUID per write), after their time in
 * base 36, then their place in the write in decimal. Ids of one moment sort together, and a sweep's
 * thousands of rows follow each other in write order, so they are appended to the log's index side
 * by side instead of scattered among each other by a UUID apiece (decision 0076, fourth round). The
 * place is decimal so that the log's INSERT can make the same id from a row's place (decision 0089).
 */
export class ChangeIds {
  readonly prefix: string;
  #next = 0;

  constructor(at: number) {
    this.prefix = `${Math.floor(at).toString(36).padStart(9, '0')}-${randomUUID()}-`;
  }

  /** The next change's id. */
  next(): string {
    return this.at(this.#next++);
  }

  /** The id of the change at this place in the write. */
  at(place: number): string {
    return `${this.prefix}${String(place).padStart(PLACE_DIGITS, '0')}`;
  }
}

/** The id of the change at `place` (a number bound or computed in SQL) after `prefix`: ChangeIds.at in SQL. */
export function changeIdSql(prefix: string, place: string): string {
  return `${prefix} || printf('%0${PLACE_DIGITS}d', ${place})`;
}

/**
 * Where these ids are one write's, at places one after another (ChangeIds: one prefix, then the
 * places), that prefix and the first place, so SQL can make each id from its position in the list
 * (changeIdSql) instead of reading it; otherwise null. Each id is rebuilt and compared: exact.
 */
export function consecutiveIds(ids: readonly string[]): { prefix: string; first: number } | null {
  const [head] = ids;
  if (head === undefined || head.length <= PLACE_DIGITS) return null;
  const prefix = head.slice(0, -PLACE_DIGITS);
  const first = Number(head.slice(-PLACE_DIGITS));
  if (!Number.isSafeInteger(first) || first < 0) return null;
  for (let index = 0; index < ids.length; index += 1) {
    if (ids[index] !== `${prefix}${String(first + index).padStart(PLACE_DIGITS, '0')}`) return null;
  }
  return { prefix, first };
}

export function checkKey(key: string): void {
  // A review's key has its own grammar (shared/domain/reviewItem.ts).
  if (parseReviewKey(key) !== null) return;
  if (isConversationKey(key)) {
    if (parseConversationKey(key) === null) throw new StoreInputError(`Not a conversation key: ${String(key)}`);
  } else if (typeof key !== 'string' || parseKey(key) === null) {
    throw new StoreInputError(`Not a comment key: ${String(key)}`);
  }
}

/** The patch's fields, checked and in their stored form (a whole-ms snooze, labels without duplicates). */
export function cleanPatch(patch: ItemStatePatch): ItemStatePatch {
  const clean: ItemStatePatch = {};
  if (patch.unread !== undefined) clean.unread = patch.unread;
  if (patch.done !== undefined) clean.done = patch.done;
  if (patch.snoozedUntil !== undefined) {
    if (patch.snoozedUntil !== null && !Number.isFinite(patch.snoozedUntil))
      throw new StoreInputError(`snoozedUntil is not a time: ${String(patch.snoozedUntil)}`);
    clean.snoozedUntil = patch.snoozedUntil === null ? null : Math.floor(patch.snoozedUntil);
  }
  if (patch.labels !== undefined) {
    if (!Array.isArray(patch.labels) || patch.labels.some((label) => typeof label !== 'string')) throw new StoreInputError('labels must be a list of strings');
    clean.labels = [...new Set(patch.labels)];
  }
  if (patch.note !== undefined) {
    if (patch.note !== null && typeof patch.note !== 'string') throw new StoreInputError('A note is text');
    clean.note = patch.note;
  }
  if (patch.assignee !== undefined) {
    if (patch.assignee !== null && typeof patch.assignee !== 'string') throw new StoreInputError('An assignee is a name');
    clean.assignee = patch.assignee;
  }
  return clean;
}

export function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

export function stateOf(row: StateRow): ItemState {
  return {
    ...EMPTY_ITEM_STATE,
    unread: row.unread === 1,
    done: row.done === 1,
    snoozedUntil: row.snoozed_until,
    labels: parseStringList(row.labels),
    note: row.note,
    assignee: row.assignee,
  };
}

/** The chosen fields of a row read by their columns (as stateOf decodes them). */
export function fieldsOfRow(row: Record<string, unknown>, fields: readonly ItemStateField[]): Partial<ItemState> {
  const state: Partial<Record<ItemStateField, unknown>> = {};
  for (const field of fields) state[field] = fieldOfColumn(field, row[COLUMN_OF[field]]);
  return state as Partial<ItemState>;
}

/** A field's value from its column (flags from 0/1, labels from their JSON text). */
function fieldOfColumn(field: ItemStateField, value: unknown): unknown {
  if (field === 'unread' || field === 'done') return value === 1;
  if (field === 'labels') return parseStringList(value as string);
  return value;
}

/**
 * Whether a field's column holds the value a logged change set (its JSON text): as sameValue on the
 * decoded values, a flag compared without decoding either (most of a sweep's undo).
 */
export function columnHolds(field: ItemStateField, column: unknown, loggedText: string): boolean {
  if ((field === 'unread' || field === 'done') && (loggedText === 'true' || loggedText === 'false')) return (column === 1) === (loggedText === 'true');
  return sameValue(fieldOfColumn(field, column), loggedValue(loggedText));
}

export function changeOf(row: ChangeRow): ItemChange {
  const change = {
    id: row.id,
    itemKey: row.item_key,
    field: row.field,
    from: loggedValue(row.from_value) as never,
    to: loggedValue(row.to_value) as never,
    who: row.who,
    device: row.device,
    at: row.at,
  } as ItemChange;
  if (row.undoes !== null) change.undoes = row.undoes;
  return change;
}

/** A logged value (JSON text); flags and none, most of a sweep's, without the JSON parser. */
export function loggedValue(text: string): unknown {
  if (text === 'true') return true;
  if (text === 'false') return false;
  if (text === 'null') return null;
  return JSON.parse(text);
}

/**
 * Values for a statement that walks them with json_each. Strings go in well-formed, as a bound
 * value would (a lone surrogate becomes one replacement character either way; through JSON
 * unchanged it would become three), so a key written this way matches the same key bound directly.
 */
export function jsonList(values: readonly unknown[]): string {
  const text = JSON.stringify(values);
  // JSON.stringify writes a lone surrogate as a \uD800-\uDFFF escape; only then is the slower
  // walk over every string needed (an escaped backslash before such letters also takes it: still right).
  if (!LONE_SURROGATE_ESCAPE.test(text)) return text;
  return JSON.stringify(values, (_, value: unknown) => (typeof value === 'string' ? value.toWellFormed() : value));
}

const LONE_SURROGATE_ESCAPE = /\\u[dD][89a-fA-F]/;

/** A list cut into parts of at most `size` (each part one statement's worth). */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const batches: T[][] = [];
  for (let start = 0; start < items.length; start += size) batches.push(items.slice(start, start + size));
  return batches;
}
