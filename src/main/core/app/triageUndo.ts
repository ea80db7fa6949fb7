// The `z` key: every triage action returns a token, and the token puts back what the action
// changed (each comment's unread, done, snooze and labels as they were). Kept in memory for the
// latest actions only: an undo is for the moment after, not for yesterday.
import { randomUUID } from 'node:crypto';
import type { CommentKey, TriagePatch } from '../store/types.ts';

const REMEMBERED_ACTIONS = 50;

export interface TriageRestore {
  key: CommentKey;
  before: Required<TriagePatch>;
}

export class TriageUndo {
  readonly #actions = new Map<string, TriageRestore[]>();

  remember(restores: TriageRestore[]): string {
    const token = randomUUID();
    this.#actions.set(token, restores);
    while (this.#actions.size > REMEMBERED_ACTIONS) {
      const oldest = this.#actions.keys().next().value;
      if (oldest === undefined) break;
      this.#actions.delete(oldest);
    }
    return token;
  }

  /** The action's restores, once: a token cannot be undone twice. */
  take(token: string): TriageRestore[] | null {
    const restores = this.#actions.get(token) ?? null;
    this.#actions.delete(token);
    return restores;
  }
}
