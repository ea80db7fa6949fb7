// What the outbox refuses, typed, so the UI can say it in words: an action the item's state does
// not allow, input that could never be sent, a file that cannot be opened. Messages name items by
// their local id only; they never carry a key.
import type { OutboxState } from './types.ts';

export type OutboxErrorCode =
  /** No item with that id. */
  | 'not-found'
  /** The action is not allowed in the item's state. */
  | 'not-allowed'
  /** The reply could never be sent as it is (the service client's rules, a missing thread). */
  | 'invalid-input'
  /** The outbox was closed. */
  | 'closed'
  /** Another process has this outbox file open. */
  | 'locked'
  /** The file is not a readable outbox (corrupt, or not SQLite); it is left untouched. */
  | 'unreadable-file'
  /** The file was written by a newer version of the app. */
  | 'newer-file'
  /** The file could not be written (disk full, I/O error): the change did not happen. */
  | 'storage';

export class OutboxError extends Error {
  readonly code: OutboxErrorCode;

  constructor(code: OutboxErrorCode, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.code = code;
  }

  override get name(): string {
    return 'OutboxError';
  }
}

export class OutboxActionError extends OutboxError {
  readonly action: 'edit' | 'cancel' | 'retry' | 'remove';
  readonly itemId: string;
  readonly state: OutboxState | null;

  constructor(action: OutboxActionError['action'], itemId: string, state: OutboxState | null, why: string) {
    super(state === null ? 'not-found' : 'not-allowed', `Cannot ${action} reply ${itemId}: ${why}`);
    this.action = action;
    this.itemId = itemId;
    this.state = state;
  }
}

/** A write the person asked for: if the file refuses it, a typed 'storage' error, and nothing changed. */
export function writeOrRefuse<T>(what: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof OutboxError) throw error;
    throw new OutboxError('storage', `${what} could not be written (${error instanceof Error ? error.message : String(error)}); nothing was changed`, error);
  }
}

export interface InputIssue {
  path: string;
  message: string;
}

export class OutboxInputError extends OutboxError {
  readonly issues: readonly InputIssue[];

  constructor(issues: readonly InputIssue[]) {
    super('invalid-input', issues.map((issue) => (issue.path === '' ? issue.message : `${issue.path}: ${issue.message}`)).join('; '));
    this.issues = issues;
  }
}
