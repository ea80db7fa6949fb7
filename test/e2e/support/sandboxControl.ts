// The test's own sandbox and its control surface (/__sandbox/*, README "Control surface"): the
// world as the test needs to see it, faults, outside comments, the ledger of applied writes, and a
// plain call of the service's API as a client profile (e.g. to turn a post's comments off).
import { type LedgerEntry, type RunningSandbox, startSandbox, type WorldView, type WorldViewPost } from '../../../src/sandbox/index.ts';
import type { Network } from '../../../src/shared/networks.ts';

export type World = WorldView;
export type WorldPost = WorldViewPost;
export type WorldProfile = WorldView['profiles'][number];
export type { LedgerEntry };

export interface Faults {
  latencyMs?: number;
  errorRate?: number;
  status?: number;
  down?: boolean;
  dropAfterCommitRate?: number;
}

export interface InjectedComment {
  commentId: string;
  comment: string;
  [field: string]: unknown;
}

/** A generous rate limit: the journeys must never wait for the rate budget. */
const LARGE_RATE_LIMIT = 1_000_000;

export class TestSandbox {
  readonly running: RunningSandbox;

  private constructor(running: RunningSandbox) {
    this.running = running;
  }

  /** `analyticsRefreshMs`: how often the service refreshes a post's numbers (default 10 minutes). */
  static async start(options: { analyticsRefreshMs?: number } = {}): Promise<TestSandbox> {
    return new TestSandbox(await startSandbox({ port: 0, rateLimit: LARGE_RATE_LIMIT, ...options }));
  }

  /** `…/api`, as `--sandbox-url` takes it. */
  get url(): string {
    return this.running.url;
  }

  close(): Promise<void> {
    return this.running.close();
  }

  async #control<T>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await fetch(`${this.running.controlUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.running.apiKey}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /__sandbox${path} answered ${response.status}: ${text}`);
    return JSON.parse(text) as T;
  }

  world(): Promise<World> {
    return this.#control('GET', '/world');
  }

  ledger(since = 0): Promise<LedgerEntry[]> {
    return this.#control('GET', `/ledger${since ? `?since=${since}` : ''}`);
  }

  /** Replies the service applied (kind comment.reply) whose text is exactly `text`. */
  async repliesWithText(text: string): Promise<LedgerEntry[]> {
    return (await this.ledger()).filter((entry) => entry.kind === 'comment.reply' && entry.text === text);
  }

  setFaults(faults: Faults): Promise<unknown> {
    return this.#control('PUT', '/faults', faults);
  }

  clearFaults(): Promise<unknown> {
    return this.#control('DELETE', '/faults');
  }

  /** An outside comment (someone else's) on a post, as the network would get it. */
  injectComment(input: {
    platform: Network;
    socialPostId: string;
    comment: string;
    from?: { id: string; username: string };
    profileRefId?: string;
    /** An answer to this comment (its social id), on the same post. */
    parentCommentId?: string;
  }): Promise<InjectedComment> {
    return this.#control('POST', '/comments', input);
  }

  /** A call of the service's API as a profile (the primary one without a Profile-Key). */
  async api(method: string, path: string, profile: WorldProfile, body?: unknown): Promise<unknown> {
    const response = await fetch(`${this.running.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${this.running.apiKey}`,
        ...(profile.profileKey ? { 'profile-key': profile.profileKey } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} /api${path} answered ${response.status}: ${text}`);
    return JSON.parse(text);
  }

  /** Turns the comments of a post on or off (PUT /post disableComments; instagram, linkedin, tiktok). */
  async setComments(post: WorldPost, enabled: boolean): Promise<void> {
    const world = await this.world();
    const profile = world.profiles.find((p) => p.refId === post.profileRefId);
    if (!profile || !post.serviceId) throw new Error(`post ${post.platform}:${post.socialId} is not a service post of a known profile`);
    await this.api('PUT', '/post', profile, { id: post.serviceId, disableComments: !enabled });
  }
}

/**
 * An ordinary post (see below) of that network made in the last day: the kind the app's sync asks
 * for comments most often, every `hotMs` of its poll policy (`--poll-hot-ms`). Found through the
 * service's own post history (GET /history?lastDays=1), as a client's dashboard would list it.
 */
export async function freshPost(sandbox: TestSandbox, platform: Network): Promise<{ post: WorldPost; profile: WorldProfile }> {
  const world = await sandbox.world();
  const fresh: string[] = [];
  for (const profile of world.profiles.filter((p) => p.platforms.includes(platform))) {
    const answer = (await sandbox.api('GET', '/history?lastDays=1', profile)) as { history: { postIds: { platform: string; id: string }[] }[] };
    for (const entry of answer.history) for (const id of entry.postIds) if (id.platform === platform) fresh.push(id.id);
  }
  const stale = world.posts.filter((post) => post.platform === platform && !fresh.includes(post.socialId)).map((post) => post.socialId);
  try {
    return ordinaryPost(world, platform, { exclude: stale });
  } catch {
    throw new Error(`the sandbox world has no ordinary ${platform} post of the last day`);
  }
}

/**
 * An owned post of that network, made through the service, with comments on, whose profile's title
 * and networks are known: the kind of post a client's audience comments on.
 */
export function ordinaryPost(
  world: World,
  platform: Network,
  options: { exclude?: string[]; onlyNetwork?: boolean } = {},
): { post: WorldPost; profile: WorldProfile } {
  const serviceIds = new Map<string, number>();
  for (const post of world.posts) if (post.serviceId) serviceIds.set(post.serviceId, (serviceIds.get(post.serviceId) ?? 0) + 1);
  for (const post of world.posts) {
    if (post.platform !== platform || !post.owned || !post.serviceId || post.flags.length > 0 || post.threadOf) continue;
    if (options.exclude?.includes(post.socialId)) continue;
    // A service post on one network only: turning its comments off touches that network alone.
    if (options.onlyNetwork && serviceIds.get(post.serviceId) !== 1) continue;
    const profile = world.profiles.find((p) => p.refId === post.profileRefId);
    if (profile) return { post, profile };
  }
  throw new Error(`the sandbox world has no ordinary ${platform} post`);
}
