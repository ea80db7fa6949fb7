// The HTTP transport on undici: one keep-alive Pool per base URL, so the requests of a sync reuse a
// handful of open connections instead of opening one each; answers decompressed by undici's
// decompress interceptor (br, gzip, deflate, as the service sends them); connect, headers and body
// timeouts; the caller's AbortSignal passed down.
import { type Dispatcher, interceptors, Pool } from 'undici';
import { type FailureReason, type HttpRequest, type HttpResponse, type HttpTransport, TransportFailure } from './transport.ts';

export interface UndiciTransportOptions {
  /** Open connections per base URL; requests beyond wait for one. Default 6. */
  connectionsPerOrigin?: number;
  connectTimeoutMs?: number;
  headersTimeoutMs?: number;
  bodyTimeoutMs?: number;
  /** How long an idle connection stays open for the next request. Default 30 s. */
  keepAliveTimeoutMs?: number;
}

const DEFAULTS = {
  connectionsPerOrigin: 6,
  connectTimeoutMs: 10_000,
  headersTimeoutMs: 30_000,
  bodyTimeoutMs: 30_000,
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
    try {
      const answer = await dispatcher.request({
        path: basePath + request.path,
        method: request.method,
        headers: request.headers,
        body: request.body ?? null,
        signal: request.signal ?? null,
        headersTimeout: request.headersTimeoutMs ?? this.options.headersTimeoutMs,
        bodyTimeout: request.bodyTimeoutMs ?? this.options.bodyTimeoutMs,
      });
      const body = await answer.body.text();
      return { status: answer.statusCode, headers: answer.headers, body };
    } catch (error) {
      throw failureOf(error, request.signal);
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
  if (signal?.aborted || code === 'UND_ERR_ABORTED' || (error instanceof Error && error.name === 'AbortError')) reason = 'aborted';
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
