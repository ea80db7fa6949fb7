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
  changeIds,
  changeOf,
  checkKey,
  cleanPatch,
  fieldsOfRow,
  COLUMN_OF,
  columnValue,
  inBatches,
  jsonList,
  type ItemStatePatch,
  sameValue,
  type StateRow,
  stateOf,
} from './itemStateRows.ts';
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
    const nextId = changeIds(at);
    const changes: ItemChange[] = [];
    const moving: string[] = [];
    for (const [key, state] of this.#fieldsOf(keys, fields)) {
      let moved = false;
      for (const field of fields) {
        const to = wanted[field];
        if (sameValue(state[field], to)) continue;
        changes.push({ id: nextId(), itemKey: key, field, from: state[field], to, who: actor.who, device: actor.device, at } as ItemChange);
        moved = true;
      }
      if (moved) moving.push(key);
    }
    // Every key that moved takes the whole patch, as a key whose other fields held it already would.
    this.#writeSame(moving, wanted);
    return this.#log(changes);
  }

  /**
   * Call inside a transaction. Writes the inverse of each logged change (ids) whose field still
   * holds what that change set; the rest are left (a later decision stands). Returns what it wrote.
   */
  undo(ids: readonly string[], actor: ChangeActor): ItemChange[] {
    const at = this.#now();
    const nextId = changeIds(at);
    const changes = this.changes(ids);
    // The port's own copies (read just now): each takes the undo's values as they are decided, so a
    // second change of the same item and field is checked against what the first wrote back.
    const states = this.get(changes.map((change) => change.itemKey));
    /** What each item's undo writes, field by field. */
    const writes = new Map<string, ItemStatePatch>();
    const inverses: ItemChange[] = [];
    for (const change of changes) {
      const state = states.get(change.itemKey);
      if (state === undefined || !sameValue(state[change.field], change.to)) continue;
      const inverse = inverseOf(change, { id: nextId(), at, who: actor.who, device: actor.device });
      (state as Record<ItemStateField, unknown>)[change.field] = inverse.to;
      let write = writes.get(change.itemKey);
      if (write === undefined) writes.set(change.itemKey, (write = {}));
      (write as Record<ItemStateField, unknown>)[change.field] = inverse.to;
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
    return this.#log(inverses);
  }

  /** Logged changes by id, in the ids' order; unknown ids are left out. */
  changes(ids: readonly string[]): ItemChange[] {
    const select = this.#statements.get('SELECT c.* FROM json_each(?) j JOIN item_changes c ON c.id = j.value');
    const rows = new Map<string, ChangeRow>();
    for (const batch of inBatches([...new Set(ids)], BATCH)) {
      for (const row of select.all(jsonList(batch)) as unknown as ChangeRow[]) rows.set(row.id, row);
    }
    return ids.flatMap((id) => {
      const row = rows.get(id);
      return row === undefined ? [] : [changeOf(row)];
    });
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

  /** Appends the changes to the log, one INSERT per batch. */
  #log(changes: ItemChange[]): ItemChange[] {
    const insert = this.#statements.get(
      `INSERT INTO item_changes (id, item_key, field, from_value, to_value, who, device, at, undoes)
       SELECT j.value ->> 0, j.value ->> 1, j.value ->> 2, j.value ->> 3, j.value ->> 4, j.value ->> 5, j.value ->> 6, j.value ->> 7, j.value ->> 8
       FROM json_each(?) j`,
    );
    for (const batch of inBatches(changes, BATCH)) {
      const rows = batch.map((change) => [
        change.id,
        change.itemKey,
        change.field,
        JSON.stringify(change.from),
        JSON.stringify(change.to),
        change.who,
        change.device,
        change.at,
        change.undoes ?? null,
      ]);
      insert.run(jsonList(rows));
    }
    if (changes.length > 0) this.#written(changes);
    return changes;
  }
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
