// What a write changed that others follow: the item states the port wrote and the items first
// stored, collected while the write's transaction is open and told to listeners once it is
// committed (never for a write that rolled back).
import type { ItemChange, ItemState } from '../../../shared/domain/itemState.ts';
import { StoreInputError } from './errors.ts';
import type { ItemStatesListener } from './types.ts';

export class WriteNotices {
  /** The current states of items, read after the commit for the listeners. */
  readonly #statesOf: (keys: string[]) => Map<string, ItemState>;
  /** Changes the port wrote in the open transaction: told to listeners once it is committed. */
  #written: ItemChange[] = [];
  /** Items started (first stored) in the write under way, told after its commit. */
  #started: string[] = [];
  readonly #startListeners: ((keys: readonly string[]) => void)[] = [];
  readonly #stateListeners: ItemStatesListener[] = [];

  constructor(statesOf: (keys: string[]) => Map<string, ItemState>) {
    this.#statesOf = statesOf;
  }

  onItemStatesChanged(listener: ItemStatesListener): void {
    this.#stateListeners.push(listener);
  }

  onItemsStarted(listener: (keys: readonly string[]) => void): void {
    this.#startListeners.push(listener);
  }

  /** The item state port wrote these changes in the open transaction. */
  changed(changes: readonly ItemChange[]): void {
    for (const change of changes) this.#written.push(change);
  }

  /** The item was first stored in the open transaction. */
  started(key: string): void {
    this.#started.push(key);
  }

  /** Runs a write (its transaction inside `commit`) and, once it is in, tells what it changed. */
  around<T>(commit: () => T): T {
    this.#written = [];
    this.#started = [];
    const result = commit();
    const written = this.#written;
    const started = this.#started;
    this.#written = [];
    this.#started = [];
    if (written.length > 0) this.#tellStates(written);
    if (started.length > 0) this.#tellStarted(started);
    return result;
  }

  /** After the commit: the keys of the items first stored, to every listener (a team's state for them). */
  #tellStarted(keys: string[]): void {
    for (const listener of this.#startListeners) {
      try {
        listener(keys);
      } catch {
        // a listener's failure must not undo a write that is in
      }
    }
  }

  /** After the commit: the new states of the items that changed, to every listener (the bridge event). */
  #tellStates(changes: ItemChange[]): void {
    if (this.#stateListeners.length === 0) return;
    // The states as this write left them, read once if a listener asks, and only while they are told:
    // kept and called later, the read would give a later state (or a closed store's error) as this one.
    let states: Map<string, ItemState> | undefined;
    let told = false;
    const statesNow = (): Map<string, ItemState> => {
      if (told) throw new StoreInputError("A write's states are read while its listeners are told, not after");
      return (states ??= this.#statesOf(changes.map((change) => change.itemKey)));
    };
    for (const listener of this.#stateListeners) {
      try {
        listener(statesNow, changes);
      } catch {
        // A listener's failure (its read of the states too) must not undo a write that is in; the
        // others are still told.
      }
    }
    told = true;
  }
}
