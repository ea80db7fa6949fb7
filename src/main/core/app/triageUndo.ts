// The `z` key: every triage action returns a token, and the token puts back what the action
// changed (each comment's unread, done, snooze and labels as they were). Kept in memory for the
// latest actions only: an undo is for the moment after, not for yesterday. A sweep of a whole view
// remembers every comment it changed, so the memory is bounded by comments too, not only by actions.
import { randomUUID } from 'node:crypto';
import type { CommentKey, TriagePatch } from '../store/types.ts';

const REMEMBERED_ACTIONS = 50;
/** Over every remembered action; the latest action is always kept, however large. */
const REMEMBERED_COMMENTS = 300_000;

export interface TriageRestore {
  key: CommentKey;
  before: Required<TriagePatch>;
}

export class TriageUndo {
  readonly #actions = new Map<string, TriageRestore[]>();
  readonly #maxActions: number;
  readonly #maxComments: number;
  #comments = 0;

  constructor(limits: { actions?: number; comments?: number } = {}) {
    this.#maxActions = limits.actions ?? REMEMBERED_ACTIONS;
    this.#maxComments = limits.comments ?? REMEMBERED_COMMENTS;
  }

  remember(restores: TriageRestore[]): string {
    const token = randomUUID();
    this.#actions.set(token, restores);
    this.#comments += restores.length;
    while (this.#actions.size > this.#maxActions || (this.#comments > this.#maxComments && this.#actions.size > 1)) {
      const oldest = this.#actions.keys().next().value;
      if (oldest === undefined) break;
      this.#forget(oldest);
    }
    return token;
  }

  /** The action's restores, once: a token cannot be undone twice. */
  take(token: string): TriageRestore[] | null {
    const restores = this.#actions.get(token) ?? null;
    this.#forget(token);
    return restores;
  }

  #forget(token: string): void {
    this.#comments -= this.#actions.get(token)?.length ?? 0;
    this.#actions.delete(token);
  }
}
