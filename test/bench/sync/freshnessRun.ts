// The freshness scenario: an account with several client profiles and a realistic history (posts
// published over two months), synced by AccountSync from a sandbox with the service's rate limit.
// After the first sync, outside comments are made on active posts (the last 7 days) at a steady
// rate, and each one's time from being made to being in the store is measured, together with what
// the sync spent of each profile's budget. Everything runs on one fake clock shared by the sandbox
// and the sync (real HTTP, simulated time): an hour of sync takes seconds.
import { PROFILE_KEY_HEADER, X_KEY_HEADER, X_SECRET_HEADER, type Network } from '../../../src/shared/networks.ts';
import { openSyncRig, type SyncRig } from '../../integration/sync/syncHarness.ts';

const DAY = 24 * 60 * 60_000;
const WEEK = 7 * DAY;

export interface FreshnessOptions {
  /** Posts each client profile publishes, spread evenly over `historyDays`. */
  postsPerProfile: number;
  historyDays: number;
  /** Simulated time of the measurement. */
  measureMs: number;
  /** One outside comment every this many simulated ms, across the account. */
  commentEveryMs: number;
  rateLimit: number;
  seed: number;
}

interface PublishedPost {
  profileRefId: string;
  created: number;
  networks: { platform: Network; socialId: string }[];
}

export interface FreshnessResult {
  profiles: { refId: string; title: string; posts: number; networks: number }[];
  firstSync: { simulatedMs: number; requests: number };
  latenciesMs: number[];
  injected: number;
  missing: number;
  /** Per profile: the most requests the service counted in one window (x-ratelimit-count). */
  mostInWindow: Record<string, number>;
  /** Per profile: requests per 5 minutes during the measurement. */
  perWindowDuringMeasure: Record<string, number>;
  /** Requests per 5 minutes of one profile on average during the measurement, by kind. */
  perKindDuringMeasure: Record<string, number>;
  answers429: number;
  failedRequests: number;
  wallMs: number;
}

function kindOf(method: string, path: string): string {
  if (path.startsWith('/comments/')) return 'comments (GET /comments/:id)';
  if (path.startsWith('/analytics/')) return 'analytics (POST /analytics/post)';
  if (path.startsWith('/history/')) return 'network lists (GET /history/:platform)';
  if (path.startsWith('/history')) return 'service list (GET /history)';
  if (path === '/user') return 'profile (GET /user)';
  if (path.includes('conversationsOnly')) return 'DM lists (GET /messages/:platform?conversationsOnly)';
  if (path.startsWith('/messages/')) return 'DM conversations (GET /messages/:platform?conversationId)';
  return `${method} ${path}`;
}

/** A small deterministic generator, so every run makes the same comments on the same posts. */
function generator(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

async function publish(rig: SyncRig, refId: string, n: number): Promise<PublishedPost> {
  const { world, sandbox } = rig.fixture;
  const profile = world.profiles.find((p) => p.refId === refId)!;
  const response = await fetch(`${sandbox.url}/post`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${sandbox.apiKey}`,
      [PROFILE_KEY_HEADER]: profile.profileKey!,
      [X_KEY_HEADER]: world.xCredentials.key,
      [X_SECRET_HEADER]: world.xCredentials.secret,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ post: `Post ${n} for ${profile.title}`, platforms: profile.platforms }),
  });
  const body = (await response.json()) as { postIds: { id: string; platform: Network }[] };
  if (response.status !== 200) throw new Error(`publishing failed: HTTP ${response.status}`);
  return { profileRefId: refId, created: rig.clock.now(), networks: body.postIds.map((p) => ({ platform: p.platform, socialId: p.id })) };
}

export async function runFreshness(options: FreshnessOptions): Promise<FreshnessResult> {
  const wallStart = performance.now();
  const random = generator(options.seed);
  const rig = await openSyncRig({ start: Date.now() - options.historyDays * DAY, sandbox: { rateLimit: options.rateLimit, seed: options.seed } });
  try {
    const clients = rig.clientProfiles;
    // Two months of publishing, a post per profile at a time, far inside the rate limit.
    const published: PublishedPost[] = [];
    const step = (options.historyDays * DAY) / options.postsPerProfile;
    for (let n = 0; n < options.postsPerProfile; n++) {
      await rig.clock.advanceTo(rig.clock.now() + step);
      published.push(...(await Promise.all(clients.map((p) => publish(rig, p.refId, n)))));
    }
    await rig.fixture.refresh();
    const everyone = rig.fixture.world.profiles;
    for (const profile of everyone) rig.addProfile(profile.refId);

    // The first sync, until every profile has fetched every post once.
    const firstSyncFrom = rig.wire.records.length;
    rig.sync.start();
    const firstSyncMs = await rig.runUntil(() => everyone.every((p) => rig.firstSyncDone(p.refId)), 60 * 60_000);
    const firstSyncRequests = rig.wire.records.length - firstSyncFrom;

    // The measurement: outside comments on active posts, each timed until it is in the store.
    const injectedAt = new Map<string, number>();
    const arrivedAt = new Map<string, number>();
    let seenEvents = rig.events.length;
    const stampArrivals = () => {
      for (const event of rig.events.slice(seenEvents)) {
        if (event.type !== 'new-comments') continue;
        for (const key of event.keys) if (injectedAt.has(key) && !arrivedAt.has(key)) arrivedAt.set(key, rig.clock.now());
      }
      seenEvents = rig.events.length;
    };
    const measureFrom = rig.clock.now();
    const measureWireFrom = rig.wire.records.length;
    const measureEnd = measureFrom + options.measureMs;
    let nextComment = measureFrom + options.commentEveryMs;
    for (;;) {
      await rig.quiescent();
      stampArrivals();
      const now = rig.clock.now();
      if (now >= nextComment && now < measureEnd) {
        const active = published.filter((p) => now - p.created < WEEK);
        const post = active[Math.floor(random() * active.length)]!;
        const network = post.networks[Math.floor(random() * post.networks.length)]!;
        const record = (await rig.fixture.control('POST', '/comments', {
          platform: network.platform,
          socialPostId: network.socialId,
          profileRefId: post.profileRefId,
          comment: `Outside comment at ${new Date(now).toISOString()}`,
        })) as { commentId: string };
        injectedAt.set(`${network.platform}:${record.commentId}`, now);
        nextComment += options.commentEveryMs;
        continue;
      }
      // After the last comment, a few minutes more so the late ones can arrive.
      const next = Math.min(rig.clock.nextWakeAt() ?? Number.POSITIVE_INFINITY, nextComment < measureEnd ? nextComment : Number.POSITIVE_INFINITY);
      if (next > measureEnd + 10 * 60_000) break;
      await rig.clock.advanceTo(next);
    }
    stampArrivals();

    const latenciesMs = [...injectedAt].flatMap(([key, at]) => {
      const arrived = arrivedAt.get(key);
      return arrived === undefined ? [] : [arrived - at];
    });
    const mostInWindow: Record<string, number> = {};
    const perWindowDuringMeasure: Record<string, number> = {};
    const measuredMs = rig.clock.now() - measureFrom;
    for (const profile of everyone) {
      const mine = rig.wire.records.filter((r) => r.profileId === profile.refId);
      mostInWindow[profile.title] = Math.max(0, ...mine.map((r) => r.count ?? 0));
      const during = rig.wire.records.slice(measureWireFrom).filter((r) => r.profileId === profile.refId).length;
      perWindowDuringMeasure[profile.title] = during / (measuredMs / (5 * 60_000));
    }
    const perKindDuringMeasure: Record<string, number> = {};
    const windows = (measuredMs / (5 * 60_000)) * everyone.length;
    for (const record of rig.wire.records.slice(measureWireFrom)) {
      const kind = kindOf(record.method, record.path);
      perKindDuringMeasure[kind] = (perKindDuringMeasure[kind] ?? 0) + 1 / windows;
    }
    const posts = rig.fixture.world.posts;
    return {
      profiles: everyone.map((p) => {
        const mine = posts.filter((post) => post.profileRefId === p.refId && !post.flags.includes('notOwned'));
        return {
          refId: p.refId,
          title: p.title,
          posts: new Set(mine.map((post) => post.serviceId ?? `${post.platform}:${post.socialId}`)).size,
          networks: mine.length,
        };
      }),
      firstSync: { simulatedMs: firstSyncMs, requests: firstSyncRequests },
      latenciesMs: latenciesMs.sort((a, b) => a - b),
      injected: injectedAt.size,
      missing: injectedAt.size - latenciesMs.length,
      mostInWindow,
      perWindowDuringMeasure,
      perKindDuringMeasure,
      answers429: rig.wire.records.filter((r) => r.status === 429).length,
      failedRequests: rig.wire.records.filter((r) => r.status !== 200).length,
      wallMs: performance.now() - wallStart,
    };
  } finally {
    await rig.close();
  }
}
