// The one port that writes an inbox item's state (read, done, snooze, labels, note, assignee): every
// write reads the state as it is, writes what differs, and appends one change per field that moved
// to the change log, in the caller's transaction. Nothing else writes `item_state` after an item is
// first stored (ingest starts it; deletion forgets it), so the log says every decision that was made.
//
// An undo is a change too: the inverse of the one it takes back (`inverseOf`), written only where
// the field still holds what that change set. If someone changed it since, that later decision stands.
import { randomUUID } from 'node:crypto';
import { EMPTY_ITEM_STATE, type ItemChange, type ItemState, type ItemStateField, inverseOf } from '../../../shared/domain/itemState.ts';
import { StoreInputError } from './errors.ts';
import { isConversationKey, parseConversationKey, parseKey } from './keys.ts';
import type { Statements } from './statements.ts';
import { parseStringList } from './stringList.ts';

/** Who made a change, and where. Outside a team: the person ("me") on this device. */
export interface ChangeActor {
  who: string;
  device: string;
}

export const ME_ON_THIS_DEVICE: ChangeActor = Object.freeze({ who: 'me', device: 'this device' });
/** The one write the sync makes: a new message by the person reopens their conversation. */
export const THE_SYNC: ChangeActor = Object.freeze({ who: 'the sync', device: 'this device' });

/** The fields to set; absent ones stay as they are. */
export type ItemStatePatch = Partial<ItemState>;

interface StateRow {
  key: string;
  unread: number;
  done: number;
  snoozed_until: number | null;
  labels: string;
  note: string | null;
  assignee: string | null;
}

interface ChangeRow {
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

  /** The states of these keys; keys with no stored item are left out. */
  get(keys: readonly string[]): Map<string, ItemState> {
    const states = new Map<string, ItemState>();
    const select = this.#statements.get('SELECT * FROM item_state WHERE key = ?');
    for (const key of new Set(keys)) {
      const row = select.get(key) as StateRow | undefined;
      if (row !== undefined) states.set(key, stateOf(row));
    }
    return states;
  }

  /** A new item's first state (ingest): a fresh one, whatever an earlier item of that key left. Not a decision, not logged. */
  start(key: string, unread: boolean): void {
    this.#statements
      .get(
        `INSERT INTO item_state (key, unread) VALUES (?, ?)
         ON CONFLICT (key) DO UPDATE SET unread = excluded.unread, done = 0, snoozed_until = NULL, labels = '[]', note = NULL, assignee = NULL`,
      )
      .run(key, unread ? 1 : 0);
    this.#started(key);
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
    const changes: ItemChange[] = [];
    for (const [key, state] of this.get(keys)) {
      const moved: ItemChange[] = [];
      for (const field of fields) {
        const to = wanted[field];
        if (sameValue(state[field], to)) continue;
        moved.push({ id: changeId(at), itemKey: key, field, from: state[field], to, who: actor.who, device: actor.device, at } as ItemChange);
      }
      if (moved.length === 0) continue;
      this.#write(key, { ...state, ...wanted });
      changes.push(...moved);
    }
    return this.#log(changes);
  }

  /**
   * Call inside a transaction. Writes the inverse of each logged change (ids) whose field still
   * holds what that change set; the rest are left (a later decision stands). Returns what it wrote.
   */
  undo(ids: readonly string[], actor: ChangeActor): ItemChange[] {
    const at = this.#now();
    const inverses: ItemChange[] = [];
    const states = new Map<string, ItemState>();
    for (const change of this.changes(ids)) {
      const state = states.get(change.itemKey) ?? this.get([change.itemKey]).get(change.itemKey);
      if (state === undefined || !sameValue(state[change.field], change.to)) continue;
      const inverse = inverseOf(change, { id: changeId(at), at, who: actor.who, device: actor.device });
      states.set(change.itemKey, { ...state, [change.field]: inverse.to });
      inverses.push(inverse);
    }
    for (const [key, state] of states) this.#write(key, state);
    return this.#log(inverses);
  }

  /** Logged changes by id, in the ids' order; unknown ids are left out. */
  changes(ids: readonly string[]): ItemChange[] {
    const select = this.#statements.get('SELECT * FROM item_changes WHERE id = ?');
    return ids.flatMap((id) => {
      const row = select.get(id) as ChangeRow | undefined;
      return row === undefined ? [] : [changeOf(row)];
    });
  }

  /** An item's log, oldest first. */
  history(key: string): ItemChange[] {
    const rows = this.#statements.get('SELECT * FROM item_changes WHERE item_key = ? ORDER BY at, rowid').all(key) as unknown as ChangeRow[];
    return rows.map(changeOf);
  }

  #write(key: string, state: ItemState): void {
    this.#statements
      .get('UPDATE item_state SET unread = ?, done = ?, snoozed_until = ?, labels = ?, note = ?, assignee = ? WHERE key = ?')
      .run(state.unread ? 1 : 0, state.done ? 1 : 0, state.snoozedUntil, JSON.stringify(state.labels), state.note, state.assignee, key);
  }

  #log(changes: ItemChange[]): ItemChange[] {
    const insert = this.#statements.get(
      'INSERT INTO item_changes (id, item_key, field, from_value, to_value, who, device, at, undoes) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
    );
    for (const change of changes) {
      insert.run(
        change.id,
        change.itemKey,
        change.field,
        JSON.stringify(change.from),
        JSON.stringify(change.to),
        change.who,
        change.device,
        change.at,
        change.undoes ?? null,
      );
    }
    if (changes.length > 0) this.#written(changes);
    return changes;
  }
}

/**
 * A change's id: random (unique across devices), after its time in base 36, so ids of one moment
 * sort together and a sweep's thousands of rows are appended to the log's index, not scattered in it.
 */
function changeId(at: number): string {
  return `${Math.floor(at).toString(36).padStart(9, '0')}-${randomUUID()}`;
}

function checkKey(key: string): void {
  if (isConversationKey(key)) {
    if (parseConversationKey(key) === null) throw new StoreInputError(`Not a conversation key: ${String(key)}`);
  } else if (typeof key !== 'string' || parseKey(key) === null) {
    throw new StoreInputError(`Not a comment key: ${String(key)}`);
  }
}

/** The patch's fields, checked and in their stored form (a whole-ms snooze, labels without duplicates). */
function cleanPatch(patch: ItemStatePatch): ItemStatePatch {
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

function sameValue(a: unknown, b: unknown): boolean {
  return Array.isArray(a) || Array.isArray(b) ? JSON.stringify(a) === JSON.stringify(b) : a === b;
}

function stateOf(row: StateRow): ItemState {
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

function changeOf(row: ChangeRow): ItemChange {
  return {
    id: row.id,
    itemKey: row.item_key,
    field: row.field,
    from: JSON.parse(row.from_value) as never,
    to: JSON.parse(row.to_value) as never,
    who: row.who,
    device: row.device,
    at: row.at,
    ...(row.undoes === null ? {} : { undoes: row.undoes }),
  };
}
