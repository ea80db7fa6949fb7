// What the client tells its host about its traffic (for the status line, diagnostics and tests).
// Events name the account and profile by id and the request by method and path; never a key.
import type { ServiceErrorKind } from './errors.ts';

export interface RequestEvent {
  type: 'request';
  operation: string;
  accountId: string;
  profileId: string | undefined;
  method: string;
  path: string;
  /** The HTTP status, or undefined when no answer came. */
  status: number | undefined;
  durationMs: number;
  /** Set when the call failed. */
  error?: { kind: ServiceErrorKind; message: string };
}

export interface BudgetWaitEvent {
  type: 'budget-wait';
  operation: string;
  accountId: string;
  profileId: string | undefined;
  waitMs: number;
}

export interface BudgetPausedEvent {
  type: 'budget-paused';
  accountId: string;
  profileId: string | undefined;
  /** A 429 came back although the budget allowed the request; the profile waits this long. */
  pauseMs: number;
}

export type ServiceClientEvent = RequestEvent | BudgetWaitEvent | BudgetPausedEvent;

export type ServiceEventListener = (event: ServiceClientEvent) => void;
