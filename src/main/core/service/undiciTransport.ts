// The HTTP transport on undici: one keep-alive Pool per base URL, so the requests of a sync reuse a
// handful of open connections instead of opening one each; answers decompressed by undici's
// decompress interceptor (br, gzip, deflate, as the service sends them); connect, headers and body
// timeouts; an overall deadline per request; a size limit on the decompressed answer; the caller's
// AbortSignal passed down.
import { type Dispatcher, interceptors, Pool } from 'undici';
import { declaredLength, discard, readTextAtMost } from './limitedBody.ts';
import { type FailureReason, type HttpRequest, type HttpResponse, type HttpTransport, TransportFailure } from './transport.ts';

export interface UndiciTransportOptions {
  /** Open connections per base URL; requests beyond wait for one. Default 6. */
  connectionsPerOrigin?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** An idle timeout: the longest pause between two pieces of the body. */
  bodyTimeoutMs?: number;
  /** The longest a whole request may take, connecting to the last byte of the answer. Default 60 s. */
  deadlineMs?: number;
  /** The largest answer read, counted after decompression. Default 32 MiB. */
  maxAnswerBytes?: number;
  /** How long an idle connection stays open for the next request. Default 30 s. */
  keepAliveTimeoutMs?: number;
}

const DEFAULTS = {
  connectionsPerOrigin: 6,
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
  // The body timeout is idle time only: a server sending a byte every few seconds would hold a call,
  // and every later reply of its profile, forever. 60 s is the 30 s headers timeout plus time to
  // receive the largest legitimate answer (about 4 MB compressed, see below) on a 1 Mbit/s link.
  deadlineMs: 60_000,
  // The largest legitimate answers are the comments of one post: the service returns up to about
  // 1,000 per network (Facebook and Instagram cap there), a post can be on 9 networks, and a record
  // with its replies is 1-2 KB of JSON: about 18 MB. History pages (at most 1,000 posts) and
  // analytics batches (100 ids) are a few MB at most. 32 MiB leaves room and caps a bomb's cost.
  maxAnswerBytes: 32 * 1024 * 1024,
  keepAliveTimeoutMs: 30_000,
};

/** Errors raised before a connection existed: the request never left. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'EADDRNOTAVAIL', 'EADDRINUSE']);

interface OriginPool {
  pool: Pool;
  dispatcher: Dispatcher;
  /** The base URL's path ("/api"), put in front of every request path. */
  basePath: string;
}

export class UndiciTransport implements HttpTransport {
  private readonly options: typeof DEFAULTS;
  private readonly pools = new Map<string, OriginPool>();

  constructor(options: UndiciTransportOptions = {}) {
    this.options = { ...DEFAULTS, ...options };
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    const { dispatcher, basePath } = this.poolFor(request.baseUrl);
    const deadlineMs = request.deadlineMs ?? this.options.deadlineMs;
    const maxBytes = request.maxAnswerBytes ?? this.options.maxAnswerBytes;
    // One signal for undici: the caller's abort or the deadline, whichever comes first. Which one it
    // was decides the failure: a cancelled call, or a timeout.
    const stop = new AbortController();
    let pastDeadline = false;
    const timer = setTimeout(() => {
      pastDeadline = true;
      stop.abort();
    }, deadlineMs);
    const cancel = (): void => stop.abort();
    request.signal?.addEventListener('abort', cancel, { once: true });
    if (request.signal?.aborted) cancel();
    try {
      const answer = await dispatcher.request({
        path: basePath + request.path,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: stop.signal,
        headersTimeout: request.headersTimeoutMs ?? this.options.headersTimeoutMs,
        bodyTimeout: request.bodyTimeoutMs ?? this.options.bodyTimeoutMs,
      });
      const tooLarge = (read: string): TransportFailure =>
        new TransportFailure('too-large', true, undefined, `${read} bytes, more than the ${maxBytes} read`, undefined, answer.statusCode);
      const length = declaredLength(answer.headers);
      if (length !== undefined && length > maxBytes) {
        discard(answer.body);
        throw tooLarge(`announced ${length}`);
      }
      const read = await readTextAtMost(answer.body, maxBytes);
      if (!read.ok) throw tooLarge(`at least ${read.bytesRead}`);
      return { status: answer.statusCode, headers: answer.headers, body: read.text };
    } catch (error) {
      if (error instanceof TransportFailure) throw error;
      if (pastDeadline && !request.signal?.aborted) {
        throw new TransportFailure('deadline', true, codeOf(error), `the request took longer than ${deadlineMs} ms`, error);
      }
      throw failureOf(error, request.signal);
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', cancel);
    }
  }

  /** Open connections and queued requests per base URL (for the benchmark and diagnostics). */
  stats(baseUrl: string): { connected: number; free: number; pending: number; running: number } | undefined {
    const entry = this.pools.get(new URL(baseUrl).origin);
    if (!entry) return undefined;
    const { connected, free, pending, running } = entry.pool.stats;
    return { connected, free, pending, running };
  }

  async close(): Promise<void> {
    const pools = [...this.pools.values()];
    this.pools.clear();
    await Promise.all(pools.map(({ pool }) => pool.close()));
  }

  private poolFor(baseUrl: string): OriginPool {
    const url = new URL(baseUrl);
    const basePath = url.pathname.replace(/\/+$/, '');
    let entry = this.pools.get(url.origin);
    if (!entry) {
      const pool = new Pool(url.origin, {
        connections: this.options.connectionsPerOrigin,
        connectTimeout: this.options.connectTimeoutMs,
        keepAliveTimeout: this.options.keepAliveTimeoutMs,
        keepAliveMaxTimeout: Math.max(this.options.keepAliveTimeoutMs, 60_000),
      });
      // Error answers are decompressed too: their bodies carry the service's code and message.
      const dispatcher = pool.compose(interceptors.decompress({ skipErrorResponses: false }));
      entry = { pool, dispatcher, basePath };
      this.pools.set(url.origin, entry);
    }
    // Two base URLs on one origin share the pool; each request carries its own base path.
    return entry.basePath === basePath ? entry : { ...entry, basePath };
  }
}

function codeOf(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return code;
  // Connecting to a name with several addresses fails with one error per address.
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) return codeOf(inner[0]);
  const cause = (error as { cause?: unknown }).cause;
  return cause === undefined ? undefined : codeOf(cause);
}

function failureOf(error: unknown, signal: AbortSignal | undefined): TransportFailure {
  const code = codeOf(error);
  const message = error instanceof Error ? error.message : String(error);
  let reason: FailureReason;
  let sent = true;
  if (signal?.aborted || code === 'UND_ERR_ABORTED' || code === 'ABORT_ERR' || (error instanceof Error && error.name === 'AbortError')) reason = 'aborted';
  else if (code === 'UND_ERR_CONNECT_TIMEOUT') {
    reason = 'connect-timeout';
    sent = false;
  } else if (code !== undefined && NOT_SENT_CODES.has(code)) {
    reason = 'connect';
    sent = false;
  } else if (code === 'UND_ERR_HEADERS_TIMEOUT') reason = 'headers-timeout';
  else if (code === 'UND_ERR_BODY_TIMEOUT') reason = 'body-timeout';
  else reason = 'connection-lost';
  return new TransportFailure(reason, sent, code, message || reason, error);
}
