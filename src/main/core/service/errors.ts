// One family of errors for everything a call to the service can end in. Each says whether trying
// again can help (`retryable`) and, for writes, whether the write happened (`writeOutcome`), so the
// reply outbox can decide between "retry", "reconcile first" and "tell the person" without
// looking at messages. Messages never contain a key: they are built from redacted text only.
import type { PlatformError } from '../../../shared/wire/common.ts';

export type WriteOutcome =
  /** Nothing was applied: the request was refused, never sent, or was a read. */
  | 'not-applied'
  /** The service applied the write but its answer could not be read. */
  | 'applied'
  /** The request may or may not have been applied: reconcile before sending it again. */
  | 'unknown';

export type ServiceErrorKind =
  | 'invalid-request'
  | 'missing-credentials'
  | 'rate-budget-spent'
  | 'aborted'
  | 'network'
  | 'timeout'
  | 'outcome-unknown'
  | 'http'
  | 'schema-mismatch';

interface ErrorBase {
  operation: string;
  message: string;
  retryable: boolean;
  writeOutcome: WriteOutcome;
  cause?: unknown;
}

export abstract class ServiceClientError extends Error {
  abstract readonly kind: ServiceErrorKind;
  /** The client method that failed ("reply", "getComments", …). */
  readonly operation: string;
  readonly retryable: boolean;
  readonly writeOutcome: WriteOutcome;

  constructor(base: ErrorBase) {
    super(base.message, base.cause === undefined ? undefined : { cause: base.cause });
    this.operation = base.operation;
    this.retryable = base.retryable;
    this.writeOutcome = base.writeOutcome;
  }

  override get name(): string {
    return this.constructor.name;
  }
}

export interface ValidationIssue {
  /** Where in the request: "commentUrn", "platforms", "postIds[3]". */
  path: string;
  message: string;
}

/** Pre-flight: the request breaks a rule of the spec and was not sent. */
export class RequestInvalidError extends ServiceClientError {
  readonly kind = 'invalid-request';
  readonly issues: readonly ValidationIssue[];

  constructor(operation: string, issues: readonly ValidationIssue[]) {
    super({
      operation,
      message: issues.map((issue) => issue.message).join('; '),
      retryable: false,
      writeOutcome: 'not-applied',
    });
    this.issues = issues;
  }
}

/** Pre-flight: the account lacks a credential the request needs (the X key pair for twitter). */
export class MissingCredentialsError extends ServiceClientError {
  readonly kind = 'missing-credentials';
  readonly hint: string;

  constructor(operation: string, hint: string) {
    super({ operation, message: hint, retryable: false, writeOutcome: 'not-applied' });
    this.hint = hint;
  }
}

/** The profile's rate budget is spent and the caller asked not to wait. Nothing was sent. */
export class RateBudgetSpentError extends ServiceClientError {
  readonly kind = 'rate-budget-spent';
  /** Epoch milliseconds (on the client's clock) when a request may be sent again. */
  readonly retryAt: number;

  constructor(operation: string, retryAt: number, now: number) {
    super({
      operation,
      message: `The rate budget of this profile is spent; the next request can go in ${Math.ceil(Math.max(0, retryAt - now) / 1000)} s`,
      retryable: true,
      writeOutcome: 'not-applied',
    });
    this.retryAt = retryAt;
  }
}

/** The caller aborted before the request could have reached the service. */
export class AbortedError extends ServiceClientError {
  readonly kind = 'aborted';

  constructor(operation: string) {
    super({ operation, message: `${operation} was cancelled`, retryable: true, writeOutcome: 'not-applied' });
  }
}

/** The service could not be reached, or the connection broke during a read. */
export class NetworkError extends ServiceClientError {
  readonly kind = 'network';
  /** The system or undici code ("ECONNREFUSED", "UND_ERR_SOCKET"). */
  readonly code: string | undefined;

  constructor(operation: string, message: string, code: string | undefined, cause?: unknown) {
    super({ operation, message, retryable: true, writeOutcome: 'not-applied', cause });
    this.code = code;
  }
}

export type TimeoutPhase = 'connect' | 'headers' | 'body';

/** No connection, or no answer, in time, on a read or before a write was sent. */
export class TimeoutError extends ServiceClientError {
  readonly kind = 'timeout';
  readonly phase: TimeoutPhase;

  constructor(operation: string, phase: TimeoutPhase, cause?: unknown) {
    super({
      operation,
      message: `${operation}: the service did not ${phase === 'connect' ? 'accept a connection' : phase === 'headers' ? 'answer' : 'finish its answer'} in time`,
      retryable: true,
      writeOutcome: 'not-applied',
      cause,
    });
    this.phase = phase;
  }
}

/**
 * A write was sent and then the answer was lost (timeout, connection closed, cancelled): it may
 * have been applied. Sending it again could post twice; read the service's state first.
 */
export class OutcomeUnknownError extends ServiceClientError {
  readonly kind = 'outcome-unknown';
  /** What broke: the timeout, network or abort error it would have been on a read. */
  readonly reason: NetworkError | TimeoutError | AbortedError;

  constructor(reason: NetworkError | TimeoutError | AbortedError) {
    super({
      operation: reason.operation,
      message: `${reason.operation}: the request was sent but its answer was lost (${reason.message}); whether it was applied is unknown`,
      retryable: false,
      writeOutcome: 'unknown',
      cause: reason,
    });
    this.reason = reason;
  }
}

/** The service answered with an error status. */
export class HttpError extends ServiceClientError {
  readonly kind = 'http';
  readonly status: number;
  /** The service's error code (102, 215, 186, 328, 419, …), when its body had one. */
  readonly code: number | undefined;
  /** The service's own message, redacted. */
  readonly serviceMessage: string | undefined;
  /** Per-network detail of the error body. */
  readonly errors: readonly PlatformError[];
  /** What a person can do about it (401, 403, 419), in their words. */
  readonly hint: string | undefined;
  /** The error body as the service sent it (redacted), fields the client does not know included. */
  readonly body: unknown;

  constructor(init: {
    operation: string;
    status: number;
    code: number | undefined;
    serviceMessage: string | undefined;
    errors: readonly PlatformError[];
    hint: string | undefined;
    body: unknown;
    retryable: boolean;
    writeOutcome: WriteOutcome;
  }) {
    const said = init.serviceMessage ?? init.errors[0]?.message ?? 'no message';
    const code = init.code === undefined ? '' : `, code ${init.code}`;
    super({
      operation: init.operation,
      message: `${init.operation} failed: ${said} (HTTP ${init.status}${code})${init.hint ? `. ${init.hint}` : ''}`,
      retryable: init.retryable,
      writeOutcome: init.writeOutcome,
    });
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.errors = init.errors;
    this.hint = init.hint;
    this.body = init.body;
  }
}

/** The answer lacks a field the client relies on (or is not JSON). `path` names the field. */
export class SchemaMismatchError extends ServiceClientError {
  readonly kind = 'schema-mismatch';
  /** "instagram[3].commentId"; "" for the whole body. */
  readonly path: string;
  readonly status: number;

  constructor(init: { operation: string; path: string; problem: string; status: number; writeOutcome: WriteOutcome }) {
    super({
      operation: init.operation,
      message: `${init.operation}: the service's answer does not have the expected shape at ${init.path === '' ? 'the top level' : `"${init.path}"`}: ${init.problem}`,
      retryable: false,
      writeOutcome: init.writeOutcome,
    });
    this.path = init.path;
    this.status = init.status;
  }
}
