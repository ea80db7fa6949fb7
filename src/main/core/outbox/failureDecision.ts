// What a failed request means for a reply. The service client already says whether trying again
// can help (`retryable`) and whether a write happened (`writeOutcome`); this turns that into the
// outbox's next step without reading messages:
//   - the write may have happened (lost answer, 5xx)    → wait, and read the thread before resending;
//   - it did happen but the answer was unreadable        → sent (never sent again);
//   - it certainly did not, and can pass (offline, 429)  → wait with backoff;
//   - it certainly did not, and cannot pass (4xx, 215)   → failed, with the service's message.
// A key the vault does not have stops a request before it is written: the reply waits (backing off)
// and says which key to enter; it is sent once the person enters it.
import { AbortedError, HttpError, RateBudgetSpentError, ServiceClientError } from '../service/errors.ts';
import { askForKey, KeyVaultError } from '../service/keyVaultError.ts';
import type { PlatformError } from '../../../shared/wire/common.ts';
import type { OutboxErrorInfo } from './types.ts';

export type FailureDecision =
  | { next: 'wait'; outcomeUnknown: boolean; error: OutboxErrorInfo; notBefore: number | null; countsAsFailure: boolean }
  | { next: 'fail'; outcomeUnknown: boolean; error: OutboxErrorInfo; perNetwork: readonly PlatformError[] }
  | { next: 'applied'; error: OutboxErrorInfo };

export function errorInfoOf(error: unknown): OutboxErrorInfo {
  if (error instanceof HttpError) {
    const said = error.serviceMessage ?? error.errors[0]?.message;
    const message = said === undefined ? error.message : error.hint ? `${said}. ${error.hint}` : said;
    return { code: error.code === undefined ? `http-${error.status}` : String(error.code), message };
  }
  if (error instanceof ServiceClientError) return { code: error.kind, message: error.message };
  if (error instanceof KeyVaultError) return { code: 'missing-key', message: askForKey(error) };
  // Not the client's error (a bug, a vault that threw): say what it was, not what it said, since
  // its text was never redacted.
  return { code: 'internal', message: `The reply could not be sent because of an unexpected ${error instanceof Error ? error.name : 'error'}` };
}

/** After the reply request itself failed. */
export function decideAfterSend(error: unknown): FailureDecision {
  const info = errorInfoOf(error);
  if (error instanceof KeyVaultError) return { next: 'wait', outcomeUnknown: false, error: info, notBefore: null, countsAsFailure: true };
  if (!(error instanceof ServiceClientError)) {
    // We cannot tell how far it got: treat it as possibly posted, so it is checked before resending.
    return { next: 'wait', outcomeUnknown: true, error: info, notBefore: null, countsAsFailure: true };
  }
  if (error.writeOutcome === 'applied') return { next: 'applied', error: info };
  if (error.writeOutcome === 'unknown') return { next: 'wait', outcomeUnknown: true, error: info, notBefore: null, countsAsFailure: true };
  if (error instanceof AbortedError) return { next: 'wait', outcomeUnknown: false, error: info, notBefore: null, countsAsFailure: false };
  if (error instanceof RateBudgetSpentError) return { next: 'wait', outcomeUnknown: false, error: info, notBefore: error.retryAt, countsAsFailure: false };
  if (error.retryable) return { next: 'wait', outcomeUnknown: false, error: info, notBefore: null, countsAsFailure: true };
  return { next: 'fail', outcomeUnknown: false, error: info, perNetwork: error instanceof HttpError ? error.errors : [] };
}

/**
 * After reading the thread to settle an unknown outcome failed. The outcome stays unknown whatever
 * happens: only a successful read can clear it.
 */
export function decideAfterRead(error: unknown): FailureDecision {
  const info = errorInfoOf(error);
  if (!(error instanceof ServiceClientError) || error.retryable || error instanceof AbortedError) {
    return {
      next: 'wait',
      outcomeUnknown: true,
      error: info,
      notBefore: error instanceof RateBudgetSpentError ? error.retryAt : null,
      countsAsFailure: !(error instanceof AbortedError),
    };
  }
  return {
    next: 'fail',
    outcomeUnknown: true,
    error: { code: info.code, message: `Could not check whether an earlier attempt was posted: ${info.message}` },
    perNetwork: [],
  };
}
