// The path every call takes: secrets from the vault, headers (X pair only when the request targets
// twitter), a permit from the profile's rate budget, the request, and the answer read into either
// a typed value or one typed error. The operations describe requests; this carries them out.
import type { WireSchema } from '../../../shared/wire/check.ts';
import { PROFILE_KEY_HEADER, RATE_LIMIT_COUNT_HEADER, RATE_LIMIT_MAX_HEADER, X_KEY_HEADER, X_SECRET_HEADER } from '../../../shared/networks.ts';
import type { Clock } from '../clock.ts';
import { type CallSecrets, type CallTarget, type CredentialVault, resolveSecrets } from './credentials.ts';
import { readAnswer } from './answerReading.ts';
import {
  AbortedError,
  MissingCredentialsError,
  NetworkError,
  OutcomeUnknownError,
  RateBudgetSpentError,
  ServiceClientError,
  TimeoutError,
  UnreadableAnswerError,
} from './errors.ts';
import type { ServiceEventListener } from './events.ts';
import type { WhenSpent } from './rateBudget.ts';
import type { RateBudgets } from './rateBudgets.ts';
import { Redactor } from './redactor.ts';
import { type HttpMethod, type HttpResponse, type HttpTransport, TransportFailure } from './transport.ts';

/** What every public method accepts besides its input. */
export interface CallOptions {
  signal?: AbortSignal;
  /** When the profile's rate budget is spent: wait for the next window (default) or fail at once. */
  whenBudgetSpent?: WhenSpent;
  /** Overrides of the transport's timeouts, overall deadline and answer size limit for this call. */
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  deadlineMs?: number;
  maxAnswerBytes?: number;
}

/** One request, as an operation describes it. */
export interface RequestSpec<T> {
  operation: string;
  method: HttpMethod;
  /** Below the base URL, segments already encoded. */
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  body?: unknown;
  /** Writes change the service's state: a lost answer leaves their outcome unknown. */
  write: boolean;
  targetsTwitter: boolean;
  answer: WireSchema<T>;
  /** An error status whose body is still an answer to read (analytics: every id unknown, 186). */
  answerOnError?: (status: number, body: unknown) => boolean;
  /** Extra strings to keep out of messages (a webhook secret in the body). */
  secrets?: readonly (string | undefined)[];
}

export interface Answer<T> {
  status: number;
  value: T;
}

export interface RequestRunnerPorts {
  vault: CredentialVault;
  transport: HttpTransport;
  budgets: RateBudgets;
  clock: Clock;
  onEvent?: ServiceEventListener;
}

const ACCEPT_ENCODING = 'br, gzip, deflate';

export class RequestRunner {
  private readonly ports: RequestRunnerPorts;

  constructor(ports: RequestRunnerPorts) {
    this.ports = ports;
  }

  async run<T>(target: CallTarget, spec: RequestSpec<T>, options: CallOptions = {}): Promise<Answer<T>> {
    const { signal } = options;
    const path = spec.path + queryString(spec.query);
    if (signal?.aborted) throw new AbortedError(spec.operation);
    let secrets: CallSecrets;
    try {
      secrets = await resolveSecrets(this.ports.vault, target, signal);
    } catch (error) {
      if (signal?.aborted) throw new AbortedError(spec.operation);
      throw error;
    }
    const redactor = new Redactor([secrets.apiKey, secrets.profileKey, secrets.xCredentials?.key, secrets.xCredentials?.secret, ...(spec.secrets ?? [])]);
    const headers = this.headersFor(spec, secrets);

    const budget = this.ports.budgets.for(target);
    try {
      const permit = await budget.acquire(options.whenBudgetSpent ?? 'wait', signal, (waitMs) =>
        this.emit({ type: 'budget-wait', operation: spec.operation, accountId: target.accountId, profileId: target.profileId, waitMs }),
      );
      if (!permit.granted) throw new RateBudgetSpentError(spec.operation, permit.retryAt, this.ports.clock.now());
    } catch (error) {
      if (error instanceof ServiceClientError) throw error;
      throw new AbortedError(spec.operation);
    }

    const started = this.ports.clock.now();
    const event = {
      type: 'request' as const,
      operation: spec.operation,
      accountId: target.accountId,
      profileId: target.profileId,
      method: spec.method,
      path: redactor.text(path),
    };
    let response: HttpResponse;
    try {
      response = await this.ports.transport.send({
        baseUrl: secrets.baseUrl,
        method: spec.method,
        path,
        headers,
        ...(spec.body === undefined ? {} : { body: JSON.stringify(spec.body) }),
        ...(signal ? { signal } : {}),
        ...(options.headersTimeoutMs === undefined ? {} : { headersTimeoutMs: options.headersTimeoutMs }),
        ...(options.bodyTimeoutMs === undefined ? {} : { bodyTimeoutMs: options.bodyTimeoutMs }),
        ...(options.deadlineMs === undefined ? {} : { deadlineMs: options.deadlineMs }),
        ...(options.maxAnswerBytes === undefined ? {} : { maxAnswerBytes: options.maxAnswerBytes }),
      });
    } catch (error) {
      budget.noAnswer();
      const failure = this.failureOf(spec, error, redactor);
      this.emit({ ...event, status: undefined, durationMs: this.ports.clock.now() - started, error: { kind: failure.kind, message: failure.message } });
      throw failure;
    }

    budget.answered(numberHeader(response.headers[RATE_LIMIT_MAX_HEADER]), numberHeader(response.headers[RATE_LIMIT_COUNT_HEADER]));
    if (response.status === 429) {
      const pauseMs = budget.rateLimited();
      this.emit({ type: 'budget-paused', accountId: target.accountId, profileId: target.profileId, pauseMs });
    } else {
      budget.succeeded();
    }

    try {
      const answer = readAnswer(spec, response, redactor);
      this.emit({ ...event, status: response.status, durationMs: this.ports.clock.now() - started });
      return answer;
    } catch (error) {
      const failure = error as ServiceClientError;
      this.emit({ ...event, status: response.status, durationMs: this.ports.clock.now() - started, error: { kind: failure.kind, message: failure.message } });
      throw failure;
    }
  }

  private headersFor(spec: RequestSpec<unknown>, secrets: CallSecrets): Record<string, string> {
    const headers: Record<string, string> = {
      authorization: `Bearer ${secrets.apiKey}`,
      accept: 'application/json',
      'accept-encoding': ACCEPT_ENCODING,
    };
    if (spec.body !== undefined) headers['content-type'] = 'application/json';
    if (secrets.profileKey !== undefined) headers[PROFILE_KEY_HEADER] = secrets.profileKey;
    if (spec.targetsTwitter) {
      const x = secrets.xCredentials;
      if (!x) {
        throw new MissingCredentialsError(
          spec.operation,
          "This request goes to X (Twitter), which needs the account's X OAuth 1.0a consumer key and secret: add them in the account settings",
        );
      }
      headers[X_KEY_HEADER] = x.key;
      headers[X_SECRET_HEADER] = x.secret;
    }
    return headers;
  }

  private failureOf(spec: RequestSpec<unknown>, error: unknown, redactor: Redactor): ServiceClientError {
    if (!(error instanceof TransportFailure)) {
      return new NetworkError(spec.operation, `${spec.operation}: ${redactor.text(error instanceof Error ? error.message : String(error))}`, undefined);
    }
    if (error.reason === 'too-large') {
      return new UnreadableAnswerError({
        operation: spec.operation,
        problem: 'too-large',
        detail: redactor.text(error.message),
        status: error.status,
        write: spec.write,
      });
    }
    let plain: NetworkError | TimeoutError | AbortedError;
    switch (error.reason) {
      case 'aborted':
        plain = new AbortedError(spec.operation);
        break;
      case 'connect-timeout':
        plain = new TimeoutError(spec.operation, 'connect');
        break;
      case 'headers-timeout':
        plain = new TimeoutError(spec.operation, 'headers');
        break;
      case 'body-timeout':
        plain = new TimeoutError(spec.operation, 'body');
        break;
      case 'deadline':
        plain = new TimeoutError(spec.operation, 'total');
        break;
      case 'connect':
        plain = new NetworkError(spec.operation, `${spec.operation}: the service cannot be reached (${error.code ?? 'no connection'})`, error.code);
        break;
      case 'connection-lost':
        plain = new NetworkError(spec.operation, `${spec.operation}: the connection to the service was lost (${redactor.text(error.message)})`, error.code);
        break;
    }
    // A write that may have reached the service: its outcome is unknown, whatever broke.
    if (spec.write && error.sent) return new OutcomeUnknownError(plain);
    return plain;
  }

  private emit(event: Parameters<ServiceEventListener>[0]): void {
    try {
      this.ports.onEvent?.(event);
    } catch {
      // A listener's failure is the listener's problem: the call goes on.
    }
  }
}

function numberHeader(value: string | string[] | undefined): number | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined) return undefined;
  const number = Number(text);
  return Number.isFinite(number) ? number : undefined;
}

function queryString(query: RequestSpec<unknown>['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) params.set(key, String(value));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
