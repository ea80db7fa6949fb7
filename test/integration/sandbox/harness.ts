// Talks to a started sandbox over real HTTP (node:http, so nothing decompresses or adds headers
// behind the test's back) and reads its control surface.
import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../../src/sandbox/index.ts';

export interface Reply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body after decompression, parsed as JSON (undefined if it is not JSON). */
  json: any;
  /** The bytes as they came over the wire. */
  raw: Buffer;
}

export interface World {
  apiKey: string;
  plan: string;
  xCredentials: { key: string; secret: string };
  profiles: { title: string; refId: string; profileKey: string | null; platforms: string[]; messagingEnabled: boolean }[];
  posts: {
    profileRefId: string;
    serviceId: string | null;
    platform: string;
    socialId: string;
    owned: boolean;
    commentCount: number;
    flags: string[];
    threadOf?: string;
  }[];
  conversations: Conversation[];
}

/** A direct-message conversation as GET /__sandbox/world lists it. */
export interface Conversation {
  profileRefId: string;
  platform: string;
  conversationId: string;
  recipientId: string;
  messageCount: number;
  lastMessageAt: string;
  status: 'active' | 'archived';
  lastReceivedAt: string;
  awaitingReply: boolean;
  activeThisMonth: boolean;
}

export interface LedgerEntry {
  seq: number;
  at: string;
  method: string;
  path: string;
  profileRefId: string;
  kind: string;
  ids: string[];
  text: string | null;
}

export interface CallOptions {
  body?: unknown;
  /** Raw body bytes instead of JSON. */
  rawBody?: string | Buffer;
  /** Profile-Key header. */
  profileKey?: string | null;
  /** Send the account's X key pair. */
  x?: boolean;
  headers?: Record<string, string>;
  /** Leave out the Authorization header. */
  noAuth?: boolean;
}

export class SandboxClient {
  readonly sandbox: RunningSandbox;
  private world?: World;

  constructor(sandbox: RunningSandbox) {
    this.sandbox = sandbox;
  }

  get origin(): string {
    return this.sandbox.url.replace(/\/api$/, '');
  }

  async snapshot(): Promise<World> {
    const reply = await this.raw('GET', '/__sandbox/world', { headers: this.auth() });
    if (reply.status !== 200) throw new Error(`world: HTTP ${reply.status}`);
    this.world = reply.json as World;
    return this.world;
  }

  auth(): Record<string, string> {
    return { authorization: `Bearer ${this.sandbox.apiKey}` };
  }

  /** A call to the service: `path` is below /api. */
  async api(method: string, path: string, options: CallOptions = {}): Promise<Reply> {
    const headers: Record<string, string> = { ...(options.noAuth ? {} : this.auth()) };
    if (options.profileKey) headers['profile-key'] = options.profileKey;
    if (options.x) {
      const world = this.world ?? (await this.snapshot());
      headers['x-twitter-oauth1-api-key'] = world.xCredentials.key;
      headers['x-twitter-oauth1-api-secret'] = world.xCredentials.secret;
    }
    Object.assign(headers, options.headers);
    return this.raw(method, `/api${path}`, { ...options, headers });
  }

  async control(method: string, path: string, body?: unknown): Promise<Reply> {
    return this.raw(method, `/__sandbox${path}`, { headers: this.auth(), body });
  }

  /** The seq of the newest ledger entry (0 when the ledger is empty). */
  async ledgerSeq(): Promise<number> {
    const ledger = (await this.control('GET', '/ledger')).json as LedgerEntry[];
    return ledger.at(-1)?.seq ?? 0;
  }

  /** The ledger entries after `seq`: the writes the service applied since then. */
  async ledgerSince(seq: number): Promise<LedgerEntry[]> {
    return (await this.control('GET', `/ledger?since=${seq}`)).json as LedgerEntry[];
  }

  raw(method: string, path: string, options: { headers?: Record<string, string>; body?: unknown; rawBody?: string | Buffer } = {}): Promise<Reply> {
    const payload =
      options.rawBody !== undefined ? Buffer.from(options.rawBody) : options.body !== undefined ? Buffer.from(JSON.stringify(options.body)) : undefined;
    const headers: Record<string, string | number> = { ...options.headers };
    if (payload) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = payload.length;
    }
    return new Promise((resolve, reject) => {
      const req = request(`${this.origin}${path}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const encoding = res.headers['content-encoding'];
          const plain = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : encoding === 'deflate' ? inflateSync(raw) : raw;
          let json: unknown;
          try {
            json = JSON.parse(plain.toString('utf8'));
          } catch {
            json = undefined;
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json, raw });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }
}

/** A sandbox on a free loopback port with the given options; close it in afterAll. */
export async function openSandbox(options: SandboxOptions = {}): Promise<SandboxClient> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', ...options });
  const client = new SandboxClient(sandbox);
  await client.snapshot();
  return client;
}

/** Helpers to pick posts of the seeded world. */
export function userProfiles(world: World) {
  return world.profiles.filter((p) => p.profileKey !== null);
}

export function profileOf(world: World, refId: string) {
  const profile = world.profiles.find((p) => p.refId === refId);
  if (!profile) throw new Error(`no profile ${refId}`);
  return profile;
}

/** The first profile that links every one of `platforms`. */
export function profileWith(world: World, ...platforms: string[]) {
  const profile = world.profiles.find((p) => platforms.every((n) => p.platforms.includes(n)));
  if (!profile) throw new Error(`no profile links ${platforms.join(', ')}`);
  return profile;
}

/** The Profile-Key of a profile (null for the primary one). */
export function profileKeyOf(world: World, refId: string): string | null {
  return profileOf(world, refId).profileKey;
}
