// From an error answer of the service to an HttpError: whether retrying can help, and for the
// answers a person has to act on (401, 403, 419) what to do, in their words.
import type { PlatformError } from '../../../shared/wire/common.ts';
import { ServiceErrorBodySchema } from '../../../shared/wire/errors.ts';
import { HttpError, type WriteOutcome } from './errors.ts';

/** Codes that mean "this request cannot succeed as it is", whatever the status (spec, Errors). */
const FINAL_CODES = new Set([215, 186, 328]);

/**
 * 429 and 5xx are worth retrying (later, within the budget); every other status, and the codes
 * 215, 186 and 328 whatever their status, are not: the same request gets the same answer.
 */
export function isRetryable(status: number, code: number | undefined): boolean {
  if (code !== undefined && FINAL_CODES.has(code)) return false;
  return status === 429 || status >= 500;
}

/** What a person can do about a refusal of their credentials or plan. */
export function hintFor(status: number, code: number | undefined): string | undefined {
  if (status === 419 || code === 419) {
    return 'Requests to X (Twitter) need the X OAuth 1.0a consumer key and secret of this account: add them in the account settings';
  }
  if (status === 401) {
    if (code === 272) return 'The X (Twitter) key pair of this account was refused: check the consumer key and secret in the account settings';
    if (code === 103) return 'The profile key was refused: the client profile may have been removed from the service, or its key changed';
    return 'The API key was refused: check the API key of this account in the account settings';
  }
  if (status === 403) {
    if (code === 121) return 'The service has suspended this profile after too many rate-limited requests; contact the service to lift it';
    return "The account's plan does not include this operation: a higher plan is needed (the service's message names it)";
  }
  return undefined;
}

/**
 * A write refused with 4xx was not applied. A 5xx may come from a gateway after the service applied
 * it, so its outcome is unknown: the outbox reconciles before it retries.
 */
function outcomeOf(status: number, write: boolean): WriteOutcome {
  if (!write) return 'not-applied';
  return status >= 500 ? 'unknown' : 'not-applied';
}

export function httpErrorFrom(init: { operation: string; status: number; body: unknown; write: boolean }): HttpError {
  const parsed = ServiceErrorBodySchema.safeParse(init.body);
  const body = parsed.success ? parsed.data : undefined;
  const loose = typeof init.body === 'object' && init.body !== null ? (init.body as Record<string, unknown>) : {};
  const code = body?.code ?? (typeof loose.code === 'number' ? loose.code : undefined);
  const message = body?.message ?? (typeof loose.message === 'string' ? loose.message : undefined);
  const errors: PlatformError[] = body?.errors ?? [];
  return new HttpError({
    operation: init.operation,
    status: init.status,
    code,
    serviceMessage: message,
    errors,
    hint: hintFor(init.status, code),
    body: init.body,
    retryable: isRetryable(init.status, code),
    writeOutcome: outcomeOf(init.status, init.write),
  });
}
