// The two ways a job of a profile's sync stops short without being a failed request: the profile
// cannot go on now (stopped, paused, offline, held), or the local store refused a call. Both are
// errors so a job's code can stop anywhere with `throw` and its caller decides what they mean.
import type { SyncErrorInfo } from './events.ts';

/** The job cannot go on now (stopped, paused, offline, held): it stays due and the loop re-plans. */
export class SyncInterrupted extends Error {}

/** A store call failed: reported, and the job is retried like any failed one. */
export class StoreFailure extends Error {
  readonly operation: string;

  constructor(operation: string, cause: unknown) {
    super(`The local store could not ${operation}: ${cause instanceof Error ? cause.message : String(cause)}`);
    this.operation = operation;
  }
}

/** Runs one store call; what it throws becomes a StoreFailure naming `operation`. */
export function storeCall<T>(operation: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    throw new StoreFailure(operation, error);
  }
}

export function storeInfo(error: StoreFailure): SyncErrorInfo {
  return { kind: 'store', message: error.message, operation: error.operation };
}
