// The device's side of live updates' path (decision 0072): it follows the `_changes` feed of the
// workspace's events database from "now" (long polls, never a replication: events are useless a
// minute later, so nothing of them is kept), reads each new event's few fields (liveEventShape.ts)
// and hands them on as nudges (liveNudges.ts). Every answer is bounded like every team answer
// (boundedFetch.ts); a server that cannot be reached, or has no events database, is asked again
// with backoff, and polling goes on meanwhile at today's pace.
import { boundedFetch, DEFAULT_ANSWER_LIMITS } from './boundedFetch.ts';
import { type LiveEvent, liveEventOf } from './liveEventShape.ts';

type Fetch = (input: string | Request, init?: RequestInit) => Promise<Response>;

/** One long poll holds at most this many events; each is at most 4 KiB on the server. */
const BATCH = 100;
const ANSWER_LIMITS = { ...DEFAULT_ANSWER_LIMITS, listBytes: 2 * 1024 * 1024 };

export type LiveEventsState = 'starting' | 'following' | 'unreachable' | 'no-events-database' | 'stopped';

export interface LiveEventsOptions {
  /** The team server's address, without the workspace (serverAddress.ts's rules apply before). */
  serverUrl: string;
  workspace: string;
  credentials: { name: string; password: string };
  onEvent(event: LiveEvent): void;
  fetch?: Fetch;
  /** How long the server may hold a long poll; default 25 s. */
  longPollMs?: number;
  /** First wait after a failure, doubled up to `maxRetryMs`; defaults 1 s and 60 s. */
  retryMs?: number;
  maxRetryMs?: number;
}

export class LiveEventsFollower {
  private readonly options: LiveEventsOptions;
  private readonly fetch: Fetch;
  private readonly stopper = new AbortController();
  private running: Promise<void> | undefined;
  private stateNow: LiveEventsState = 'starting';
  /** Documents that named nothing the app can use (counted, never kept). */
  unusable = 0;

  constructor(options: LiveEventsOptions) {
    this.options = options;
    this.fetch = boundedFetch(options.fetch ?? ((input, init) => fetch(input, init)), { limits: ANSWER_LIMITS });
  }

  get state(): LiveEventsState {
    return this.stateNow;
  }

  start(): void {
    this.running ??= this.loop();
  }

  async stop(): Promise<void> {
    this.stopper.abort();
    await this.running;
    this.stateNow = 'stopped';
  }

  private get database(): string {
    return `${this.options.serverUrl.replace(/\/+$/, '')}/${encodeURIComponent(`${this.options.workspace}-events`)}`;
  }

  private async ask(path: string, timeoutMs: number): Promise<{ status: number; body: unknown }> {
    const { name, password } = this.options.credentials;
    const response = await this.fetch(`${this.database}${path}`, {
      headers: { authorization: `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`, accept: 'application/json' },
      signal: AbortSignal.any([this.stopper.signal, AbortSignal.timeout(timeoutMs)]),
    });
    const text = await response.text();
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // Not JSON: answered as a failure below.
    }
    return { status: response.status, body };
  }

  private async loop(): Promise<void> {
    const retryMs = this.options.retryMs ?? 1000;
    const maxRetryMs = this.options.maxRetryMs ?? 60_000;
    const longPollMs = this.options.longPollMs ?? 25_000;
    let failures = 0;
    let since: string | null = null;
    while (!this.stopper.signal.aborted) {
      try {
        if (since === null) {
          // From now: what happened before this start was read by the polls.
          const info = await this.ask('', 30_000);
          if (info.status === 404 || info.status === 403) {
            this.stateNow = 'no-events-database';
            throw new Error('no events database');
          }
          const seq = (info.body as { update_seq?: unknown } | null)?.update_seq;
          if (info.status !== 200 || (typeof seq !== 'string' && typeof seq !== 'number')) throw new Error('unreadable');
          since = String(seq);
        }
        this.stateNow = 'following';
        const query = `?feed=longpoll&include_docs=true&limit=${BATCH}&timeout=${longPollMs}&since=${encodeURIComponent(since)}`;
        const answer = await this.ask(`/_changes${query}`, longPollMs + 30_000);
        const body = answer.body as { results?: unknown; last_seq?: unknown } | null;
        if (answer.status !== 200 || !Array.isArray(body?.results)) throw new Error('unreadable');
        for (const result of body.results.slice(0, BATCH) as { doc?: unknown; deleted?: unknown }[]) {
          if (result?.deleted === true) continue;
          const event = liveEventOf(result?.doc);
          if (!event) {
            this.unusable += 1;
            continue;
          }
          try {
            this.options.onEvent(event);
          } catch {
            // A nudge that failed is covered by the next poll; the feed goes on.
          }
        }
        if (typeof body.last_seq === 'string' || typeof body.last_seq === 'number') since = String(body.last_seq);
        failures = 0;
      } catch {
        if (this.stopper.signal.aborted) break;
        if (this.stateNow !== 'no-events-database') this.stateNow = 'unreachable';
        failures += 1;
        const wait = Math.min(retryMs * 2 ** (failures - 1), maxRetryMs);
        await new Promise<void>((resolve) => {
          const end = () => {
            clearTimeout(timer);
            this.stopper.signal.removeEventListener('abort', end);
            resolve();
          };
          const timer = setTimeout(end, wait);
          this.stopper.signal.addEventListener('abort', end, { once: true });
        });
      }
    }
  }
}
