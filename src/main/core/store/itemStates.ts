// The one port that writes an inbox item's state (read, done, snooze, labels, note, assignee): every
// write reads the state as it is, writes what differs, and appends one change per field that moved
// to the change log, in the caller's transaction. Nothing else writes `item_state` after an item is
// first stored (ingest starts it; deletion forgets it), so the log says every decision that was made.
//
// An undo is a change too: the inverse of the one it takes back (`inverseOf`), written only where
// the field still holds what that change set. If someone changed it since, that later decision stands.
//
// Writes go in batches (decision 0076): a sweep of a whole view (50,000 items) reads the states,
// writes them and appends its log with one statement per batch of keys each, not three per item;
// the triggers on item_state carry each row to the inbox projection as before.
import { type ItemChange, type ItemState, type ItemStateField, inverseOf } from '../../../shared/domain/itemState.ts';
import {
  type ChangeRow,
  ChangeIds,
  changeIdSql,
  changeOf,
  checkKey,
  cleanPatch,
  columnHolds,
  consecutiveIds,
  fieldsOfRow,
  COLUMN_OF,
  columnValue,
  inBatches,
  jsonList,
  type ItemStatePatch,
  loggedValue,
  sameValue,
  type StateRow,
  stateOf,
} from './itemStateRows.ts';
import { StoreInputError } from './errors.ts';
import type { Statements } from './statements.ts';

export type { ItemStatePatch } from './itemStateRows.ts';

/** Who made a change, and where. Outside a team: the person ("me") on this device. */
export interface ChangeActor {
  who: string;
  device: string;
}

export const ME_ON_THIS_DEVICE: ChangeActor = Object.freeze({ who: 'me', device: 'this device' });
/** The one write the sync makes: a new message by the person reopens their conversation. */
export const THE_SYNC: ChangeActor = Object.freeze({ who: 'the sync', device: 'this device' });

/** Keys (or log rows) per statement: a JSON list SQLite walks with json_each, a few hundred KB at most. */
const BATCH = 5_000;

export class ItemStates {
  readonly #statements: Statements;
  readonly #now: () => number;
  readonly #written: (changes: ItemChange[]) => void;
  readonly #started: (key: string) => void;

  /**
   * `written` hears every change the port wrote, `started` every item it started (the store tells
   * its listeners once the transaction is in).
   */
  constructor(statements: Statements, now: () => number, written: (changes: ItemChange[]) => void, started: (key: string) => void = () => {}) {
    this.#statements = statements;
    this.#now = now;
    this.#written = written;
    this.#started = started;
  }

  /** The states of these keys, in the keys' order; keys with no stored item are left out. */
  get(keys: readonly string[]): Map<string, ItemState> {
    const unique = [...new Set(keys)];
    const rows = new Map<string, StateRow>();
    const select = this.#statements.get('SELECT s.* FROM json_each(?) j JOIN item_state s ON s.key = j.value');
    for (const batch of inBatches(unique, BATCH)) {
      for (const row of select.all(jsonList(batch)) as unknown as StateRow[]) rows.set(row.key, row);
    }
    const states = new Map<string, ItemState>();
    for (const key of unique) {
      const row = rows.get(key);
      if (row !== undefined) states.set(key, stateOf(row));
    }
    return states;
  }

  /**
   * Only these fields of each key's state, in the keys' order (keys with no stored item left out):
   * a sweep that sets done reads one column, not seven and their labels' JSON.
   */
  #fieldsOf(keys: readonly string[], fields: readonly ItemStateField[]): Map<string, Partial<ItemState>> {
    const unique = [...new Set(keys)];
    const columns = fields.map((field) => `s.${COLUMN_OF[field]}`).join(', ');
    const select = this.#statements.get(`SELECT s.key, ${columns} FROM json_each(?) j JOIN item_state s ON s.key = j.value`);
    const rows = new Map<string, Record<string, unknown>>();
    for (const batch of inBatches(unique, BATCH)) {
      for (const row of select.all(jsonList(batch)) as Record<string, unknown>[]) rows.set(row.key as string, row);
    }
    const states = new Map<string, Partial<ItemState>>();
    for (const key of unique) {
      const row = rows.get(key);
      if (row !== undefined) states.set(key, fieldsOfRow(row, fields));
    }
    return states;
  }

  /**
   * New items' first states (ingest), one statement per batch: fresh ones, whatever an earlier item
   * of the same key left. Not a decision, not logged.
   */
  start(items: readonly { key: string; unread: boolean }[]): void {
    const insert = this.#statements.get(
      `INSERT INTO item_state (key, unread) SELECT j.value ->> 0, j.value ->> 1 FROM json_each(?) j WHERE true
       ON CONFLICT (key) DO UPDATE SET unread = excluded.unread, done = 0, snoozed_until = NULL, labels = '[]', note = NULL, assignee = NULL`,
    );
    for (const batch of inBatches(items, BATCH)) insert.run(jsonList(batch.map((item) => [item.key, item.unread ? 1 : 0])));
    for (const item of items) this.#started(item.key);
  }

  /** The item left the store (deleted on its network): its state goes; its log stays. */
  forget(key: string): void {
    this.#statements.get('DELETE FROM item_state WHERE key = ?').run(key);
  }

  /**
   * Call inside a transaction. Sets the patch on every key the store knows (others are skipped;
   * malformed keys are refused before anything is written) and returns the changes written: one per
   * item and field whose value moved.
   */
  set(keys: readonly string[], patch: ItemStatePatch, actor: ChangeActor): ItemChange[] {
    for (const key of keys) checkKey(key);
    const wanted = cleanPatch(patch);
    const fields = Object.keys(wanted) as ItemStateField[];
    if (fields.length === 0) return [];
    const at = this.#now();
    const ids = new ChangeIds(at);
    const changes: ItemChange[] = [];
    const moving: string[] = [];
    for (const [key, state] of this.#fieldsOf(keys, fields)) {
      let moved = false;
      for (const field of fields) {
        const to = wanted[field];
        if (sameValue(state[field], to)) continue;
        changes.push({ id: ids.next(), itemKey: key, field, from: state[field], to, who: actor.who, device: actor.device, at } as ItemChange);
        moved = true;
      }
      if (moved) moving.push(key);
    }
    // Every key that moved takes the whole patch, as a key whose other fields held it already would.
    this.#writeSame(moving, wanted);
    return this.#log(changes, ids);
  }

  /**
   * Call inside a transaction. Writes the inverse of each logged change (ids) whose field still
   * holds what that change set; the rest are left (a later decision stands). Returns what it wrote.
   */
  undo(ids: readonly string[], actor: ChangeActor): ItemChange[] {
    const at = this.#now();
    const newIds = new ChangeIds(at);
    // One read gives each change with its item's field as it is now (decision 0089, sixth round):
    // a sweep's undo builds no object per change it reads, only the inverses it writes.
    const { unique, undone } = this.#undoneWithState(ids);
    /**
     * What each item's undo writes, field by field: a second change of the same item and field is
     * checked against what the first wrote back, not against the read.
     */
    const writes = new Map<string, ItemStatePatch>();
    const inverses: ItemChange[] = [];
    for (let place = 0; place < unique.length; place += 1) {
      const row = undone[place];
      if (row === undefined) continue;
      const key = row[UNDONE_KEY] as string;
      const field = row[UNDONE_FIELD] as ItemStateField;
      const toText = row[UNDONE_TO] as string;
      let write = writes.get(key);
      const holds =
        write !== undefined && field in write
          ? sameValue((write as Record<ItemStateField, unknown>)[field], loggedValue(toText))
          : columnHolds(field, row[UNDONE_NOW], toText);
      if (!holds) continue;
      const undoneChange = { id: unique[place] as string, itemKey: key, field, from: loggedValue(row[UNDONE_FROM] as string), to: loggedValue(toText) };
      const inverse = inverseOf(undoneChange as Pick<ItemChange, 'id' | 'itemKey' | 'field' | 'from' | 'to'>, {
        id: newIds.next(),
        at,
        who: actor.who,
        device: actor.device,
      });
      if (write === undefined) writes.set(key, (write = {}));
      (write as Record<ItemStateField, unknown>)[field] = inverse.to;
      inverses.push(inverse);
    }
    // Items that take back the same values are written together (a sweep's undo: one group).
    const groups = new Map<string, { patch: ItemStatePatch; keys: string[] }>();
    for (const [key, write] of writes) {
      const signature = patchSignature(write);
      let group = groups.get(signature);
      if (group === undefined) groups.set(signature, (group = { patch: write, keys: [] }));
      group.keys.push(key);
    }
    for (const { patch, keys } of groups.values()) this.#writeSame(keys, patch);
    return this.#log(inverses, newIds);
  }

  /**
   * The logged changes of these ids whose item is stored, as rows (see UNDONE_*) with the field's
   * column now: `undone[i]` is the change of `unique[i]` (the ids, each once, in their first order),
   * none where the id is unknown or its item gone.
   */
  #undoneWithState(ids: readonly string[]): { unique: string[]; undone: (unknown[] | undefined)[] } {
    const now = `CASE c.field ${Object.entries(COLUMN_OF)
      .map(([field, column]) => `WHEN '${field}' THEN s.${column}`)
      .join(' ')} END`;
    const select = this.#statements.get(
      `SELECT j.key, c.item_key, c.field, c.from_value, c.to_value, ${now}
       FROM json_each(?) j JOIN item_changes c ON c.id = j.value JOIN item_state s ON s.key = c.item_key`,
    );
    select.setReturnArrays(true);
    const unique = [...new Set(ids)];
    // Placed by their place in the list, whatever order the join returns them in.
    const undone = new Array<unknown[] | undefined>(unique.length);
    let offset = 0;
    for (const batch of inBatches(unique, BATCH)) {
      for (const row of select.all(jsonList(batch)) as unknown as unknown[][]) undone[offset + (row[0] as number)] = row;
      offset += batch.length;
    }
    return { unique, undone };
  }

  /** An item's log, oldest first. */
  history(key: string): ItemChange[] {
    const rows = this.#statements.get('SELECT * FROM item_changes WHERE item_key = ? ORDER BY at, rowid').all(key) as unknown as ChangeRow[];
    return rows.map(changeOf);
  }

  /** The same fields and values on every key: one UPDATE per batch (the triggers carry each row to the inbox). */
  #writeSame(keys: readonly string[], patch: ItemStatePatch): void {
    if (keys.length === 0) return;
    const fields = (Object.keys(patch) as ItemStateField[]).sort();
    const update = this.#statements.get(
      `UPDATE item_state SET ${fields.map((field) => `${COLUMN_OF[field]} = ?`).join(', ')} WHERE key IN (SELECT value FROM json_each(?))`,
    );
    const values = fields.map((field) => columnValue(field, patch[field] ?? null));
    for (const batch of inBatches(keys, BATCH)) update.run(...values, jsonList(batch));
  }

  /**
   * Appends a write's changes to the log (the change at place i has the id `ids.at(i)`). Changes of
   * one field to one value (a sweep's, its undo's, each field's of a patch) are one group, written
   * with one INSERT per batch: field, value, who, device and time bound once, each row's id and
   * rowid made from its place, so the log's row order is the write's whatever the groups' order; the
   * rows are a list of keys, with their places, from values and the changes they take back only
   * where those are not implied (decision 0089).
   */
  #log(changes: ItemChange[], ids: ChangeIds): ItemChange[] {
    if (changes.length === 0) return changes;
    const groups = new Map<string, number[]>();
    let previous: ItemChange | undefined;
    let group: number[] = [];
    changes.forEach((change, place) => {
      // The ids made in SQL must be those the caller, undo and the team hear of: set and undo number
      // their changes in order, and a change elsewhere would be logged under an id nobody knows.
      if (change.id !== ids.at(place)) throw new StoreInputError("A change is not at its place in the write's ids");
      // Most changes are in the group of the one before (a sweep's all are): no signature needed.
      if (previous === undefined || !sameGroup(previous, change)) {
        const signature = groupSignature(change);
        group = groups.get(signature) ?? [];
        groups.set(signature, group);
      }
      group.push(place);
      previous = change;
    });
    const { base } = this.#statements.get('SELECT coalesce(max(rowid), 0) + 1 AS base FROM item_changes').get() as { base: number };
    for (const places of groups.values()) this.#logGroup(changes, places, ids, base);
    this.#written(changes);
    return changes;
  }

  /** One group of a write's changes (see #log): `places` in the write, ascending. */
  #logGroup(changes: readonly ItemChange[], places: readonly number[], ids: ChangeIds, base: number): void {
    const first = changes[places[0] as number] as ItemChange;
    const placed = (places.at(-1) as number) - (places[0] as number) !== places.length - 1;
    const fromVaries = places.some((place) => !sameValue((changes[place] as ItemChange).from, first.from));
    const undoing = first.undoes !== undefined;
    // An undo of a sweep takes back one write's changes in their order: the changes it undoes are
    // made from their place too, as the rows' own ids are, not carried in the rows (decision 0089).
    const undone = undoing ? consecutiveIds(places.map((place) => (changes[place] as ItemChange).undoes as string)) : null;
    const undoesListed = undoing && undone === null;
    // A row: its key alone, or [key, then its place, from and undoes where each is not implied].
    const parts = [...(placed ? ['place'] : []), ...(fromVaries ? ['from'] : []), ...(undoesListed ? ['undoes'] : [])];
    const part = (name: string): string => `(j.value ->> ${parts.indexOf(name) + 1})`;
    const place = placed ? part('place') : ':first + j.key';
    const undoes = undone !== null ? changeIdSql(':undonePrefix', ':undoneFirst + j.key') : undoesListed ? part('undoes') : 'NULL';
    const insert = this.#statements.get(
      `INSERT INTO item_changes (rowid, id, item_key, field, from_value, to_value, who, device, at, undoes)
       SELECT :base + ${place}, ${changeIdSql(':prefix', place)}, ${parts.length > 0 ? 'j.value ->> 0' : 'j.value'}, :field,
         ${fromVaries ? part('from') : ':from'}, :to, :who, :device, :at, ${undoes}
       FROM json_each(:rows) j`,
    );
    const fixed = {
      base,
      prefix: ids.prefix,
      field: first.field,
      ...(fromVaries ? {} : { from: JSON.stringify(first.from) }),
      to: JSON.stringify(first.to),
      who: first.who,
      device: first.device,
      at: first.at,
    };
    const rowOf = (index: number): unknown => {
      const change = changes[index] as ItemChange;
      if (parts.length === 0) return change.itemKey;
      return [change.itemKey, ...(placed ? [index] : []), ...(fromVaries ? [JSON.stringify(change.from)] : []), ...(undoesListed ? [change.undoes] : [])];
    };
    for (let start = 0; start < places.length; start += BATCH) {
      const batch = places.slice(start, start + BATCH);
      insert.run({
        ...fixed,
        ...(placed ? {} : { first: batch[0] as number }),
        ...(undone === null ? {} : { undonePrefix: undone.prefix, undoneFirst: undone.first + start }),
        rows: jsonList(batch.map(rowOf)),
      });
    }
  }
}

/** The columns of a row #undoneWithState reads (the first is its place in its batch). */
const UNDONE_KEY = 1;
const UNDONE_FIELD = 2;
const UNDONE_FROM = 3;
const UNDONE_TO = 4;
const UNDONE_NOW = 5;

/** Two changes the log writes in one group: the same field, value, author and time, both undoing or neither. */
function sameGroup(a: ItemChange, b: ItemChange): boolean {
  return (
    a.field === b.field &&
    a.who === b.who &&
    a.device === b.device &&
    a.at === b.at &&
    (a.undoes === undefined) === (b.undoes === undefined) &&
    sameValue(a.to, b.to)
  );
}

/** Equal for changes that sameGroup takes as one group. */
function groupSignature(change: ItemChange): string {
  const parts = [change.field, change.undoes === undefined ? 0 : 1, change.who, change.device, change.at, JSON.stringify(change.to)];
  return JSON.stringify(parts);
}

/** Equal for two patches with the same fields and values, whatever order their fields were set in. */
function patchSignature(patch: ItemStatePatch): string {
  const fields = Object.keys(patch) as ItemStateField[];
  const [only] = fields;
  if (fields.length === 1 && only !== undefined) {
    const value = patch[only];
    // The common case (one field, a flag, a time or none): no JSON. Text and lists go through JSON,
    // so a note "null" is not taken for no note.
    const plain = value === null || typeof value === 'boolean' || typeof value === 'number';
    return `${only}=${plain ? String(value) : JSON.stringify(value)}`;
  }
  return JSON.stringify(fields.sort().map((field) => [field, patch[field]]));
}
