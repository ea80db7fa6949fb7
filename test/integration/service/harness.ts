// A started sandbox and a ServiceClient pointed at it, with a vault holding the sandbox's keys,
// plus what tests need to pick posts and comments of the seeded world and to drive the sandbox's
// control surface (faults, ledger, outside comments). The control calls use plain fetch, so
// nothing of the client under test is involved in arranging a test.
import type { CallTarget, CredentialVault } from '../../../src/main/core/service/credentials.ts';
import type { ServiceClientEvent } from '../../../src/main/core/service/events.ts';
import { ServiceClient, type ServiceClientPorts } from '../../../src/main/core/service/serviceClient.ts';
import type { HttpRequest, HttpTransport } from '../../../src/main/core/service/transport.ts';
import { UndiciTransport } from '../../../src/main/core/service/undiciTransport.ts';
import type { Network } from '../../../src/shared/networks.ts';
import { type LedgerEntry, type RunningSandbox, type SandboxOptions, startSandbox, type WorldView, type WorldViewPost } from '../../../src/sandbox/index.ts';

export type World = WorldView;
export type WorldPost = WorldViewPost;
export type { LedgerEntry };

export const ACCOUNT = 'sandbox-account';

export class SandboxFixture {
  readonly sandbox: RunningSandbox;
  world: World;
  readonly events: ServiceClientEvent[] = [];
  /** The X key pair the vault hands out; tests may remove or change it. */
  xCredentials: { key: string; secret: string } | undefined;
  readonly vault: CredentialVault;

  constructor(sandbox: RunningSandbox, world: World) {
    this.sandbox = sandbox;
    this.world = world;
    this.xCredentials = world.xCredentials;
    this.vault = {
      account: async () => ({ baseUrl: this.sandbox.url, apiKey: this.sandbox.apiKey, ...(this.xCredentials ? { xCredentials: this.xCredentials } : {}) }),
      profileKey: async (_account, profileId) => {
        const key = this.world.profiles.find((p) => p.refId === profileId)?.profileKey;
        if (!key) throw new Error(`no profile key for ${profileId}`);
        return key;
      },
    };
  }

  client(ports: Partial<ServiceClientPorts> = {}): ServiceClient {
    return new ServiceClient({ vault: this.vault, onEvent: (e) => this.events.push(e), ...ports });
  }

  /** The call target of a profile: the primary one has no profile id. */
  target(refId: string): CallTarget {
    const profile = this.world.profiles.find((p) => p.refId === refId);
    if (!profile) throw new Error(`no profile ${refId}`);
    return profile.profileKey === null ? { accountId: ACCOUNT } : { accountId: ACCOUNT, profileId: refId };
  }

  get primary() {
    const profile = this.world.profiles.find((p) => p.profileKey === null);
    if (!profile) throw new Error('no primary profile');
    return profile;
  }

  /** The networks a service post is on. */
  networksOf(serviceId: string): Network[] {
    return this.world.posts.filter((p) => p.serviceId === serviceId).map((p) => p.platform);
  }

  /** A post matching `test`; throws when the seeded world has none (the test would prove nothing). */
  post(test: (post: WorldPost) => boolean): WorldPost {
    const found = this.world.posts.find(test);
    if (!found) throw new Error('no such post in the seeded world');
    return found;
  }

  async refresh(): Promise<World> {
    this.world = (await this.control('GET', '/world')) as World;
    return this.world;
  }

  async control(method: string, path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.sandbox.controlUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.sandbox.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`control ${method} ${path}: HTTP ${response.status} ${JSON.stringify(json)}`);
    return json;
  }

  faults(settings: Record<string, unknown>): Promise<unknown> {
    return this.control('PUT', '/faults', settings);
  }

  async ledger(since = 0): Promise<LedgerEntry[]> {
    return (await this.control('GET', `/ledger?since=${since}`)) as LedgerEntry[];
  }

  async lastSeq(): Promise<number> {
    const entries = await this.ledger();
    return entries.at(-1)?.seq ?? 0;
  }

  close(): Promise<void> {
    return this.sandbox.close();
  }
}

export async function openFixture(options: SandboxOptions = {}): Promise<SandboxFixture> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', ...options });
  const response = await fetch(`${sandbox.controlUrl}/world`, { headers: { authorization: `Bearer ${sandbox.apiKey}` } });
  return new SandboxFixture(sandbox, (await response.json()) as World);
}

/** The real transport, which also pushes every request it sends into `sent` (what went over the wire). */
export function recordingTransport(sent: HttpRequest[]): HttpTransport {
  const real = new UndiciTransport();
  return {
    send: (request) => {
      sent.push(request);
      return real.send(request);
    },
    close: () => real.close(),
  };
}

/** Rejects with what the promise rejected with; fails when it resolves. */
export async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    (value) => {
      throw new Error(`expected a failure, got ${JSON.stringify(value)?.slice(0, 200)}`);
    },
    (error: unknown) => error,
  );
}
