// The `z` key: every triage action returns a token, and the token takes back what the action
// changed. An undo is a change like any other (issue 21): the token keeps the ids of the changes the
// action wrote to the store's change log, and undo writes the inverse of each, only where the field
// still holds what the action set (a later decision, from here or elsewhere, stands). Kept in memory
// for the latest actions only: an undo is for the moment after, not for yesterday. A sweep of a
// whole view remembers every change it made, so the memory is bounded by changes too, not only by
// actions.
import { randomUUID } from 'node:crypto';

const REMEMBERED_ACTIONS = 50;
/** Over every remembered action; the latest action is always kept, however large. */
const REMEMBERED_CHANGES = 300_000;

export class TriageUndo {
  readonly #actions = new Map<string, readonly string[]>();
  readonly #maxActions: number;
  readonly #maxChanges: number;
  #changes = 0;

  constructor(limits: { actions?: number; changes?: number } = {}) {
    this.#maxActions = limits.actions ?? REMEMBERED_ACTIONS;
    this.#maxChanges = limits.changes ?? REMEMBERED_CHANGES;
  }

  /** The ids of the changes one action wrote; returns its token. */
  remember(changeIds: readonly string[]): string {
    const token = randomUUID();
    this.#actions.set(token, changeIds);
    this.#changes += changeIds.length;
    while (this.#actions.size > this.#maxActions || (this.#changes > this.#maxChanges && this.#actions.size > 1)) {
      const oldest = this.#actions.keys().next().value;
      if (oldest === undefined) break;
      this.#forget(oldest);
    }
    return token;
  }

  /** The action's change ids, once: a token cannot be undone twice. */
  take(token: string): readonly string[] | null {
    const ids = this.#actions.get(token) ?? null;
    this.#forget(token);
    return ids;
  }

  #forget(token: string): void {
    this.#changes -= this.#actions.get(token)?.length ?? 0;
    this.#actions.delete(token);
  }
}
