// Fakes for the client's ports: a clock tests move by hand, a vault backed by a map, and a
// transport that records requests and answers from a script.
import type { Clock } from '../../../src/main/core/clock.ts';
import type { AccountCredentials, CredentialVault } from '../../../src/main/core/service/credentials.ts';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../src/main/core/service/transport.ts';

export class FakeClock implements Clock {
  private time: number;
  private sleepers: { until: number; resolve: () => void; reject: (e: unknown) => void }[] = [];

  constructor(start = Date.UTC(2026, 4, 1, 12, 0, 0)) {
    this.time = start;
  }

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper = { until: this.time + ms, resolve, reject };
      this.sleepers.push(sleeper);
      signal?.addEventListener('abort', () => {
        this.sleepers = this.sleepers.filter((s) => s !== sleeper);
        reject(signal.reason);
      });
    });
  }

  /** How many calls are asleep on this clock. */
  get sleeping(): number {
    return this.sleepers.length;
  }

  /** Moves time forward and wakes every sleeper whose time has come; lets their work run. */
  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = this.sleepers.filter((s) => s.until <= this.time);
    this.sleepers = this.sleepers.filter((s) => s.until > this.time);
    for (const sleeper of due) sleeper.resolve();
    await settle();
  }
}

/** Lets pending promise callbacks run. */
export async function settle(rounds = 20): Promise<void> {
  for (let i = 0; i < rounds; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

export const SECRETS = {
  apiKey: 'API-KEY-9f8e7d6c5b4a',
  profileKey: 'PROFILE-KEY-1a2b3c4d5e',
  xKey: 'X-CONSUMER-KEY-77aa88bb',
  xSecret: 'X-CONSUMER-SECRET-99cc00dd',
};

export function fakeVault(options: { x?: boolean } = {}): CredentialVault {
  const account: AccountCredentials = {
    baseUrl: 'http://service.test/api',
    apiKey: SECRETS.apiKey,
    ...(options.x === false ? {} : { xCredentials: { key: SECRETS.xKey, secret: SECRETS.xSecret } }),
  };
  return {
    account: async () => account,
    profileKey: async () => SECRETS.profileKey,
  };
}

export type Script = (request: HttpRequest, index: number) => HttpResponse | Error | Promise<HttpResponse | Error>;

export function json(status: number, body: unknown, headers: Record<string, string> = {}): HttpResponse {
  return { status, headers: { 'content-type': 'application/json; charset=utf-8', ...headers }, body: JSON.stringify(body) };
}

export class FakeTransport implements HttpTransport {
  readonly requests: HttpRequest[] = [];
  private readonly script: Script;

  constructor(script: Script) {
    this.script = script;
  }

  async send(request: HttpRequest): Promise<HttpResponse> {
    this.requests.push(request);
    const outcome = await this.script(request, this.requests.length - 1);
    if (outcome instanceof Error) throw outcome;
    return outcome;
  }

  async close(): Promise<void> {}
}
