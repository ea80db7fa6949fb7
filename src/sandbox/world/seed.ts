// Builds the world the sandbox starts from: a freelancer's own studio (the primary profile) and four
// client businesses, a month of posts on their networks and the comments under them. Everything is
// drawn from one seeded generator and dated relative to `now`, so a seed always gives the same world
// and a client under test meets the same data on every run. The steps live beside this file:
// seedPosts.ts, seedComments.ts, seedConversations.ts (direct messages, on a generator of its own).
import { NETWORKS, type Network, type Plan } from '../../shared/networks.ts';
import { blueskyDid, type NetworkIdentity, profileKey, refId } from '../ids.ts';
import { ALNUM, Random, URL_SAFE } from '../random.ts';
import { type Business, CLIENTS, FREELANCER } from './clients.ts';
import { seedAccountCommentsOnServicePosts, seedCommentsOn } from './seedComments.ts';
import { seedConversations } from './seedConversations.ts';
import { seedReviews } from './seedReviews.ts';
import { chooseSpecialPosts, seedPostsOf } from './seedPosts.ts';
import { DAY, iso, SECOND, type Seeding } from './seedSupport.ts';
import type { ProfileState, WorldState } from './types.ts';
import { outsideAuthor } from './vocabulary.ts';

export interface SeedOptions {
  seed: number;
  now: Date;
  apiKey: string;
  plan: Plan;
}

/** People who comment on a network: a pool, so the same names come back, as regulars do. */
const AUTHORS_PER_NETWORK = 300;

export function seedWorld(options: SeedOptions): WorldState {
  // Whole seconds, as networks report them; also keeps every derived time at or before `now`.
  const nowMs = Math.floor(options.now.getTime() / SECOND) * SECOND;
  const rng = new Random(options.seed);
  const s: Seeding = {
    rng,
    nowMs,
    servicePosts: [],
    networkPosts: [],
    comments: [],
    serviceComments: [],
    takenPostKeys: new Set(),
    takenCommentKeys: new Set(),
    authors: new Map(),
    disabledAtPublish: new Set(),
    disabledLater: new Map(),
    viral: null,
  };

  const account = {
    apiKey: options.apiKey,
    plan: options.plan,
    xCredentials: { key: rng.chars(ALNUM, 25), secret: rng.chars(ALNUM, 50) },
  };
  const businesses = [FREELANCER, ...CLIENTS];
  const profiles = businesses.map((business, index) => seedProfile(s, business, index === 0));
  businesses.forEach((business, index) => seedPostsOf(s, profiles[index] as ProfileState, business));
  chooseSpecialPosts(s);

  for (const network of NETWORKS) {
    s.authors.set(
      network,
      Array.from({ length: AUTHORS_PER_NETWORK }, () => outsideAuthor(rng, network)),
    );
  }
  const profilesByRef = new Map(profiles.map((p) => [p.refId, p]));
  seedAccountCommentsOnServicePosts(s, profilesByRef);
  for (const post of s.networkPosts) {
    seedCommentsOn(s, post, profilesByRef.get(post.profileRefId) as ProfileState);
  }

  // Lists are kept oldest first: World reads a post's comments in state order as "the order they were made".
  const byCreated = (a: { created: string }, b: { created: string }) => Date.parse(a.created) - Date.parse(b.created);
  s.servicePosts.sort(byCreated);
  s.networkPosts.sort(byCreated);
  s.comments.sort(byCreated);

  const messaging = seedConversations(options.seed, nowMs, profiles);

  return {
    version: 1,
    seed: options.seed,
    createdAt: options.now.toISOString(),
    account,
    profiles,
    servicePosts: s.servicePosts,
    networkPosts: s.networkPosts,
    comments: s.comments,
    serviceComments: s.serviceComments,
    conversations: messaging.conversations,
    messages: messaging.messages,
    reviews: seedReviews(options.seed, nowMs, profiles),
    ledger: [],
    deliveries: [],
    idDraws: 0,
  };
}

// ---- profiles ----

function seedProfile(s: Seeding, business: Business, primary: boolean): ProfileState {
  const { rng } = s;
  const accounts: Partial<Record<Network, NetworkIdentity>> = {};
  for (const network of Object.keys(business.handles) as Network[]) {
    accounts[network] = identityOn(rng, network, business);
  }
  const ageDays = primary ? rng.int(700, 1100) : rng.int(60, 600);
  return {
    refId: refId(rng),
    title: business.title,
    profileKey: primary ? null : profileKey(rng),
    created: iso(s.nowMs - ageDays * DAY - rng.int(0, 86_399) * SECOND),
    accounts,
    webhooks: {},
    webhookSecret: null,
    webhooksUpdated: null,
  };
}

/** The business's account on a network, with an id in that network's own format. */
function identityOn(rng: Random, network: Network, business: Business): NetworkIdentity {
  const username = business.handles[network] ?? business.title;
  const displayName = business.displayName;
  switch (network) {
    case 'bluesky':
      return { id: blueskyDid(rng), username, displayName };
    case 'facebook':
      return { id: rng.digits(15), username, displayName };
    case 'instagram':
      // Instagram business account ids all start with 17841.
      return { id: `17841${rng.digits(12)}`, username, displayName };
    case 'linkedin':
      // Businesses post as a company page: an organization URN.
      return { id: `urn:li:organization:${rng.digits(8)}`, username, displayName };
    case 'tiktok':
    case 'twitter':
      return { id: rng.digits(19), username, displayName };
    case 'youtube':
      return { id: `UC${rng.chars(URL_SAFE, 22)}`, username, displayName };
    case 'threads':
      return { id: rng.digits(17), username, displayName };
  }
}
