// One family of errors for everything a call to the service can end in. Each says whether trying
// again can help (`retryable`) and, for writes, whether the write happened (`writeOutcome`), so the
// reply outbox can decide between "retry", "reconcile first" and "tell the person" without
// looking at messages. Messages never contain a key: they are built from redacted text only.
import type { PlatformError } from '../../../shared/wire/common.ts';

export type WriteOutcome =
  /** Nothing was applied: the request was refused, never sent, or was a read. */
  | 'not-applied'
  /**
   * The service applied the write but its answer could not be read. The client no longer reports
   * this: an answer that does not read as the operation's result may not be the service's at all
   * (a captive portal, a proxy), so it is 'unknown'. Kept for the outbox's decisions.
   */
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
  | 'schema-mismatch'
  | 'unreadable-answer';

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

/** `total`: the whole request ran past its overall deadline (a service trickling its answer). */
export type TimeoutPhase = 'connect' | 'headers' | 'body' | 'total';

const TIMEOUT_WORDS: Record<TimeoutPhase, string> = {
  connect: 'accept a connection',
  headers: 'answer',
  body: 'finish its answer',
  total: 'finish the request',
};

/** No connection, or no answer, in time, on a read or before a write was sent. */
export class TimeoutError extends ServiceClientError {
  readonly kind = 'timeout';
  readonly phase: TimeoutPhase;

  constructor(operation: string, phase: TimeoutPhase, cause?: unknown) {
    super({
      operation,
      message: `${operation}: the service did not ${TIMEOUT_WORDS[phase]} in time`,
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

/**
 * The fields of an HttpError the client already made, for a subclass that says more about the same
 * answer (a refusal of a direct message, of account analytics): only hint, retryable and outcome change.
 */
export function refinedHttpError(
  from: HttpError,
  changes: { hint: string | undefined; retryable: boolean; writeOutcome: WriteOutcome },
): ConstructorParameters<typeof HttpError>[0] {
  return {
    operation: from.operation,
    status: from.status,
    code: from.code,
    serviceMessage: from.serviceMessage,
    errors: from.errors,
    body: from.body,
    ...changes,
  };
}

/**
 * The answer lacks a field the client relies on. `path` names the field. On a write its outcome is
 * unknown: JSON of another shape may come from something in between, not from the service. For the
 * same reason it is retryable (after a backoff): whatever answered in the service's place may go
 * away, and a reply whose check read fails this way keeps waiting instead of failing for good.
 */
export class SchemaMismatchError extends ServiceClientError {
  readonly kind = 'schema-mismatch';
  /** "instagram[3].commentId"; "" for the whole body. */
  readonly path: string;
  readonly status: number;

  constructor(init: { operation: string; path: string; problem: string; status: number; writeOutcome: WriteOutcome }) {
    super({
      operation: init.operation,
      message:
        `${init.operation}: the service's answer does not have the expected shape at ${init.path === '' ? 'the top level' : `"${init.path}"`}: ${init.problem}` +
        (init.writeOutcome === 'unknown' ? '; whether the request was applied is unknown' : ''),
      retryable: true,
      writeOutcome: init.writeOutcome,
    });
    this.path = init.path;
    this.status = init.status;
  }
}

export type UnreadableProblem =
  /** A 2xx whose content type is not JSON: an HTML page of a captive portal, proxy or CDN. */
  | 'not-the-service'
  /** No content type said otherwise, but the body is not JSON (or is cut short). */
  | 'not-json'
  /** A redirect (or another status the service never sends): something else answered. */
  | 'redirect'
  /** Larger than the client reads (after decompression). */
  | 'too-large'
  /** JSON nested deeper than the client reads. */
  | 'too-deep';

const UNREADABLE_WORDS: Record<UnreadableProblem, string> = {
  'not-the-service': 'was not from the service',
  'not-json': 'is not JSON',
  redirect: "was a redirect, not the service's answer",
  'too-large': 'is too large to read',
  'too-deep': 'is nested too deeply to read',
};

/**
 * An answer that cannot be read as the service's: not JSON, not from the service (a captive
 * portal's page, a redirect), too large or too deeply nested. On a write, the request was sent and
 * may have reached the service: its outcome is unknown. Retryable: the client cannot tell the
 * service from something in between (a portal, a proxy, a broken CDN), and those go away; a retry
 * waits for its backoff, so trying again costs little.
 */
export class UnreadableAnswerError extends ServiceClientError {
  readonly kind = 'unreadable-answer';
  readonly problem: UnreadableProblem;
  /** The answer's status, when it had one. */
  readonly status: number | undefined;

  constructor(init: { operation: string; problem: UnreadableProblem; detail: string; status: number | undefined; write: boolean }) {
    const foreign = init.problem === 'not-the-service' || init.problem === 'not-json' || init.problem === 'redirect';
    const between = foreign ? '; a captive portal, proxy or firewall may be answering in its place' : '';
    const outcome = init.write ? '; the request was sent and whether it was applied is unknown' : '';
    super({
      operation: init.operation,
      message: `${init.operation}: the answer ${UNREADABLE_WORDS[init.problem]} (${init.detail})${between}${outcome}`,
      retryable: true,
      writeOutcome: init.write ? 'unknown' : 'not-applied',
    });
    this.problem = init.problem;
    this.status = init.status;
  }
}
