// Fakes for the client's ports: the shared stepping clock, a vault backed by a map, and a
// transport that records requests and answers from a script.
import type { AccountCredentials, CredentialVault } from '../../../src/main/core/service/credentials.ts';
import type { HttpRequest, HttpResponse, HttpTransport } from '../../../src/main/core/service/transport.ts';

export { settle, SteppingClock } from '../../support/steppingClock.ts';

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
