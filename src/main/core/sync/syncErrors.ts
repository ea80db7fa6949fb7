// What a failed request means for the sync: which event (if any) the user sees, and what the
// scheduler does next. The client's typed errors carry everything needed; messages are the
// client's own, which are built from redacted text, and errors of unknown origin are reported by
// their class name only, since their messages may carry anything.
import {
  AbortedError,
  HttpError,
  MissingCredentialsError,
  NetworkError,
  RateBudgetSpentError,
  RequestInvalidError,
  SchemaMismatchError,
  ServiceClientError,
  TimeoutError,
  UnreadableAnswerError,
} from '../service/errors.ts';
import { askForKey, KeyVaultError } from '../service/keyVaultError.ts';
import type { SyncErrorInfo } from './events.ts';

export type FailureReaction =
  /** No answer: the service cannot be reached; the job stays due until it can. */
  | { do: 'offline' }
  /** Cancelled by stop(): nothing to report. */
  | { do: 'stopped' }
  /** The budget is spent (or paused after a 429) until `retryAt`. */
  | { do: 'wait-budget'; retryAt: number | undefined }
  /** The whole profile waits: its keys or plan are refused. */
  | { do: 'hold-profile' }
  /** The request cannot include twitter (no X key pair, or the pair is refused). */
  | { do: 'without-twitter' }
  /** The post or network is unknown to the service now. */
  | { do: 'gone' }
  /** This job is tried again later, with backoff. */
  | { do: 'retry' };

export interface ClassifiedFailure {
  reaction: FailureReaction;
  /** What to tell the host, or undefined for failures that are part of normal operation. */
  report: SyncErrorInfo | undefined;
  /** The service answered (so it is reachable), even if with an error. */
  answered: boolean;
}

export function classifyFailure(error: unknown): ClassifiedFailure {
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return { reaction: { do: 'offline' }, report: undefined, answered: false };
  }
  if (error instanceof AbortedError) return { reaction: { do: 'stopped' }, report: undefined, answered: false };
  if (error instanceof RateBudgetSpentError) {
    return { reaction: { do: 'wait-budget', retryAt: error.retryAt }, report: undefined, answered: false };
  }
  if (error instanceof MissingCredentialsError) {
    return { reaction: { do: 'without-twitter' }, report: info('missing-credentials', error), answered: false };
  }
  if (error instanceof RequestInvalidError) return { reaction: { do: 'retry' }, report: info('invalid-request', error), answered: false };
  // An answer of the wrong shape, or one that is not the service's at all (a portal's HTML, a bomb,
  // a redirect): something answered, so the profile is online, but what it said is not news.
  if (error instanceof SchemaMismatchError || error instanceof UnreadableAnswerError) {
    return { reaction: { do: 'retry' }, report: info('bad-answer', error), answered: true };
  }
  if (error instanceof HttpError) return { ...classifyHttp(error), answered: true };
  if (error instanceof ServiceClientError) return { reaction: { do: 'retry' }, report: info('unexpected', error), answered: false };
  // No key in the vault (forgotten at a restart, or its keyring cannot open it): like a refused
  // key, only the person can fix it, so the profile waits and the report says where to enter it.
  if (error instanceof KeyVaultError && error.kind !== 'not-saved') {
    return { reaction: { do: 'hold-profile' }, report: { kind: 'auth', message: askForKey(error) }, answered: false };
  }
  const name = error instanceof Error ? error.constructor.name : typeof error;
  return { reaction: { do: 'retry' }, report: { kind: 'unexpected', message: `Unexpected ${name} while syncing` }, answered: false };
}

function classifyHttp(error: HttpError): Omit<ClassifiedFailure, 'answered'> {
  const { status, code } = error;
  if (status === 429) return { reaction: { do: 'wait-budget', retryAt: undefined }, report: info('rate-limited', error) };
  // 419: X headers missing; 272: the X pair is not the account's. Either way twitter waits for the user.
  if (status === 419 || code === 272) return { reaction: { do: 'without-twitter' }, report: info('missing-credentials', error) };
  if (status === 401) return { reaction: { do: 'hold-profile' }, report: info('auth', error) };
  if (status === 403) return { reaction: { do: 'hold-profile' }, report: info('forbidden', error) };
  // 404/114: unknown post; 109: the network is no longer linked to the profile.
  if (status === 404 || code === 109) return { reaction: { do: 'gone' }, report: info('not-found', error) };
  if (status >= 500) return { reaction: { do: 'retry' }, report: info('service', error) };
  return { reaction: { do: 'retry' }, report: info('invalid-request', error) };
}

function info(kind: SyncErrorInfo['kind'], error: ServiceClientError): SyncErrorInfo {
  const report: SyncErrorInfo = { kind, message: error.message, operation: error.operation };
  if (error instanceof HttpError) {
    report.status = error.status;
    if (error.code !== undefined) report.code = error.code;
  }
  return report;
}
