// The HTTP port of the client: one request out, one buffered answer back, or a TransportFailure
// that says how far the request got. The undici implementation is the real one; tests of the
// client's own logic (budget, outcome of writes) use a fake.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpRequest {
  /** The service's base URL, ending in /api. */
  baseUrl: string;
  method: HttpMethod;
  /** Below the base URL, starting with "/", path segments already encoded. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  signal?: AbortSignal;
  /** Per-call overrides of the transport's answer timeouts, overall deadline and answer size limit. */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  deadlineMs?: number;
  maxAnswerBytes?: number;
}

export interface HttpResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body, decompressed and decoded as UTF-8. */
  body: string;
}

export type FailureReason =
  | 'connect'
  | 'connect-timeout'
  | 'headers-timeout'
  | 'body-timeout'
  /** The whole request ran past its overall deadline. */
  | 'deadline'
  /** The answer (decompressed) passed the size limit; reading stopped there. */
  | 'too-large'
  | 'connection-lost'
  | 'aborted';

/**
 * A request that got no (complete) answer. `sent` is false only when the request certainly never
 * reached the service (no connection); for a write, anything else leaves its outcome unknown.
 */
export class TransportFailure extends Error {
  readonly reason: FailureReason;
  readonly sent: boolean;
  readonly code: string | undefined;
  /** The answer's status, when its headers had come ('too-large'). */
  readonly status: number | undefined;

  constructor(reason: FailureReason, sent: boolean, code: string | undefined, message: string, cause?: unknown, status?: number) {
    super(message, cause === undefined ? undefined : { cause });
    this.reason = reason;
    this.sent = sent;
    this.code = code;
    this.status = status;
  }

  override get name(): string {
    return 'TransportFailure';
  }
}

export interface HttpTransport {
  send(request: HttpRequest): Promise<HttpResponse>;
  close(): Promise<void>;
}
