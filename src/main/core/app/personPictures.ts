// The picture of the person in a conversation of direct messages, fetched by main and handed to the
// page as a `data:` URL. The page's Content-Security-Policy allows images from the app itself only
// (img-src 'self' data:), so the page never talks to the network's servers, and those servers do not
// learn when the inbox is open from the page. Main fetches with tight limits, because the address
// comes from a network's API and the answer from a server we do not control: https only (redirects
// too), one overall deadline, a small body read as it streams, an image type by header and by its
// first bytes. Every failure is an answer with a reason, never a throw; the address is never logged
// with its query string (CDN addresses often carry signatures there). Only servers on the internet
// are reached: every hop's connection goes through an address policy that refuses this computer,
// private networks and metadata services, on the address actually connected to (addressPolicy.ts,
// guardedDispatcher.ts).
import { fetch, type Response } from 'undici';
import type { MessageStore } from '../store/types.ts';
import { type AddressPolicy, classifyAddress, classifyHost, type RefusedKind } from './addressPolicy.ts';
import { addressRefusalIn, guardedAgent } from './guardedDispatcher.ts';
import type { LoggerPort } from '../ports.ts';

/** No picture: why, and when the policy refused the address, what kind of address it was. */
export type PictureAnswer = { dataUrl: string } | { dataUrl: null; reason: string; refusedAddress?: RefusedKind };

export interface PersonPicturesOptions {
  store: Pick<MessageStore, 'conversation'>;
  logger?: LoggerPort | undefined;
  /** Epoch ms, for the cache's expiry (default Date.now). */
  now?: () => number;
  /** The whole fetch (redirects and body included) must be done by then; default 10 s. */
  deadlineMs?: number;
  /** Largest picture accepted; default 256 KiB. */
  maxBytes?: number;
  /** Addresses remembered (least recently used goes first); default 200. */
  cacheEntries?: number;
  /** Bytes of pictures remembered at most (their data URLs); default 16 MiB. */
  cacheBytes?: number;
  /** How long an answer is remembered; default 10 minutes. */
  cacheMs?: number;
  /** Tests only: plain http to a loopback address or localhost is accepted too (a loopback server stands in for the CDN). */
  allowLoopbackHttp?: boolean;
  /**
   * What each address connected to counts as; only `public` ones are reached. Default
   * `classifyAddress` (servers on the internet only). Tests give one that lets loopback stand in
   * for the internet.
   */
  addressPolicy?: AddressPolicy;
  /**
   * Whether the pictures of a client profile's people are fetched at all (default: yes). The app
   * says no for an account whose service runs on this machine (the sandbox): its people and their
   * picture addresses on the networks' CDNs are made up, and fetching them would reach the internet
   * for nothing.
   */
  fetchesFor?: (profileId: string) => boolean;
}

const MEDIA_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
type MediaType = (typeof MEDIA_TYPES)[number];
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

/** Does the body start as a file of this type says it must? (PNG, JPEG, GIF, WebP signatures.) */
export function matchesMagic(type: MediaType, bytes: Uint8Array): boolean {
  const startsWith = (offset: number, expected: readonly number[]) => expected.every((byte, i) => bytes[offset + i] === byte);
  const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
  switch (type) {
    case 'image/png':
      return startsWith(0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'image/jpeg':
      return startsWith(0, [0xff, 0xd8, 0xff]);
    case 'image/gif':
      return startsWith(0, ascii('GIF87a')) || startsWith(0, ascii('GIF89a'));
    case 'image/webp':
      return startsWith(0, ascii('RIFF')) && startsWith(8, ascii('WEBP'));
  }
}

function mediaTypeOf(header: string | null): MediaType | null {
  const type = (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  return (MEDIA_TYPES as readonly string[]).includes(type) ? (type as MediaType) : null;
}

class PictureRefused extends Error {}

function refused(reason: string): never {
  throw new PictureRefused(reason);
}

interface CacheEntry {
  answer: Promise<PictureAnswer>;
  expiresAt: number;
  bytes: number;
}

export class PersonPictures {
  readonly #store: Pick<MessageStore, 'conversation'>;
  readonly #logger: LoggerPort | undefined;
  readonly #now: () => number;
  readonly #deadlineMs: number;
  readonly #maxBytes: number;
  readonly #cacheEntries: number;
  readonly #cacheBytes: number;
  readonly #cacheMs: number;
  readonly #allowLoopbackHttp: boolean;
  readonly #addressPolicy: AddressPolicy;
  readonly #fetchesFor: (profileId: string) => boolean;
  /** Per address, in use order (a Map keeps insertion order: the first is the least recently used). */
  readonly #cache = new Map<string, CacheEntry>();
  #cachedBytes = 0;

  constructor(options: PersonPicturesOptions) {
    this.#store = options.store;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.#deadlineMs = options.deadlineMs ?? 10_000;
    this.#maxBytes = options.maxBytes ?? 256 * 1024;
    this.#cacheEntries = options.cacheEntries ?? 200;
    this.#cacheBytes = options.cacheBytes ?? 16 * 1024 * 1024;
    this.#cacheMs = options.cacheMs ?? 10 * 60_000;
    this.#allowLoopbackHttp = options.allowLoopbackHttp ?? false;
    this.#addressPolicy = options.addressPolicy ?? classifyAddress;
    this.#fetchesFor = options.fetchesFor ?? (() => true);
  }

  /** The picture of the person in this conversation, or null with the reason (no picture, refused, unreachable). */
  async picture(conversationKey: string): Promise<PictureAnswer> {
    let address: string | null;
    let profileId: string | null;
    try {
      const row = this.#store.conversation(conversationKey)?.row;
      address = row?.conversation?.pictureUrl ?? null;
      profileId = row?.profileId ?? null;
    } catch {
      return { dataUrl: null, reason: 'The conversation could not be read from the store' };
    }
    if (address === null || address.trim() === '' || profileId === null) return { dataUrl: null, reason: 'The network gives no picture of this person' };
    if (!this.#fetchesFor(profileId)) return { dataUrl: null, reason: 'This client’s service runs on this machine: its people’s pictures are made up' };
    return this.#cached(address);
  }

  #cached(address: string): Promise<PictureAnswer> {
    const now = this.#now();
    const hit = this.#cache.get(address);
    if (hit !== undefined) {
      this.#forget(address);
      if (hit.expiresAt > now) {
        this.#remember(address, hit);
        return hit.answer;
      }
    }
    const entry: CacheEntry = { answer: this.#load(address), expiresAt: now + this.#cacheMs, bytes: 0 };
    this.#remember(address, entry);
    void entry.answer.then((answer) => {
      // Still the same entry (not evicted meanwhile): its size now counts towards the budget.
      if (answer.dataUrl === null || this.#cache.get(address) !== entry) return;
      entry.bytes = answer.dataUrl.length;
      this.#cachedBytes += entry.bytes;
      this.#evict();
    });
    return entry.answer;
  }

  #remember(address: string, entry: CacheEntry): void {
    this.#cache.set(address, entry);
    this.#cachedBytes += entry.bytes;
    this.#evict();
  }

  #forget(address: string): void {
    const entry = this.#cache.get(address);
    if (entry === undefined) return;
    this.#cache.delete(address);
    this.#cachedBytes -= entry.bytes;
  }

  #evict(): void {
    while (this.#cache.size > this.#cacheEntries || (this.#cachedBytes > this.#cacheBytes && this.#cache.size > 1)) {
      const oldest = this.#cache.keys().next().value as string;
      this.#forget(oldest);
    }
  }

  async #load(address: string): Promise<PictureAnswer> {
    const site = siteOf(address);
    try {
      return { dataUrl: await this.#fetch(address) };
    } catch (error) {
      const refusal = addressRefusalIn(error);
      const reason = error instanceof PictureRefused ? error.message : refusal !== null ? refusal.message : unreachable(error);
      this.#logger?.warn('A person’s picture could not be loaded', { site, reason });
      return refusal === null ? { dataUrl: null, reason } : { dataUrl: null, reason, refusedAddress: refusal.kind };
    }
  }

  async #fetch(first: string): Promise<string> {
    const signal = AbortSignal.timeout(this.#deadlineMs);
    // One Agent per picture (every hop through it), gone with the fetch: nothing stays open.
    const dispatcher = guardedAgent(this.#addressPolicy, this.#deadlineMs);
    try {
      return await this.#follow(first, signal, dispatcher);
    } finally {
      void dispatcher.destroy().catch(() => {});
    }
  }

  async #follow(first: string, signal: AbortSignal, dispatcher: ReturnType<typeof guardedAgent>): Promise<string> {
    let address = first;
    for (let hop = 0; ; hop += 1) {
      this.#check(address, hop > 0);
      const response = await fetch(address, {
        signal,
        redirect: 'manual',
        credentials: 'omit',
        headers: { accept: MEDIA_TYPES.join(', ') },
        dispatcher,
      });
      if (REDIRECT_STATUSES.has(response.status)) {
        await response.body?.cancel();
        const location = response.headers.get('location');
        if (location === null) refused(`The picture’s server answered ${response.status} without saying where to`);
        if (hop >= MAX_REDIRECTS) refused(`The picture’s server redirected more than ${MAX_REDIRECTS} times`);
        address = new URL(location, address).href;
        continue;
      }
      if (!response.ok) {
        await response.body?.cancel();
        refused(`The picture’s server answered ${response.status}`);
      }
      const type = mediaTypeOf(response.headers.get('content-type'));
      if (type === null) {
        await response.body?.cancel();
        refused('The picture is not a PNG, JPEG, WebP or GIF image');
      }
      const bytes = await this.#readBody(response);
      if (!matchesMagic(type, bytes)) refused(`The picture’s bytes are not those of its type (${type})`);
      return `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;
    }
  }

  /** https only; plain http to loopback when a test allows it; no user name or password in it. */
  #check(address: string, redirected: boolean): void {
    let url: URL;
    try {
      url = new URL(address);
    } catch {
      refused('The picture’s address is not a web address');
    }
    const loopback = this.#allowLoopbackHttp && url.protocol === 'http:' && (url.hostname === 'localhost' || classifyHost(url.hostname) === 'loopback');
    if (url.protocol !== 'https:' && !loopback) {
      refused(redirected ? 'The picture’s server redirected to an address that is not https' : 'The picture’s address is not https');
    }
    if (url.username !== '' || url.password !== '') refused('The picture’s address holds a user name or password');
  }

  /** The body, stopped as soon as it passes the size limit (the length header is not trusted alone). */
  async #readBody(response: Response): Promise<Uint8Array> {
    const tooBig = `The picture is larger than ${Math.round(this.#maxBytes / 1024)} KiB`;
    const declared = Number(response.headers.get('content-length') ?? '');
    if (Number.isFinite(declared) && declared > this.#maxBytes) {
      await response.body?.cancel();
      refused(tooBig);
    }
    if (response.body === null) return new Uint8Array();
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const chunks: Uint8Array[] = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > this.#maxBytes) {
        await reader.cancel();
        refused(tooBig);
      }
      chunks.push(value);
    }
    return Buffer.concat(chunks, total);
  }
}

/** Scheme and host only: the path and query of a CDN address can identify the person or carry a signature. */
function siteOf(address: string): string {
  try {
    const url = new URL(address);
    return `${url.protocol}//${url.host}`;
  } catch {
    return '(not a web address)';
  }
}

function unreachable(error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return 'The picture’s server did not answer in time';
  return 'The picture’s server could not be reached';
}
