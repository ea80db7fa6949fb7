// Builds the world the sandbox starts from: a freelancer's own studio (the primary profile) and four
// client businesses, a month of posts on their networks and the comments under them. Everything is
// drawn from one seeded generator and dated relative to `now`, so a seed always gives the same world
// and a client under test meets the same data on every run.
import { NETWORKS, type Network, type Plan, REPLY_BY_SOCIAL_ID_NETWORKS } from '../../shared/networks.ts';
import {
  blueskyDid,
  type NetworkIdentity,
  newSocialComment,
  newSocialPost,
  profileKey,
  refId,
  serviceId,
} from '../ids.ts';
import { ALNUM, Random, URL_SAFE } from '../random.ts';
import { isoSeconds } from '../time.ts';
import { type Business, CLIENTS, FREELANCER } from './clients.ts';
import {
  type CommentState,
  type NetworkPostState,
  type PostFlag,
  type ProfileState,
  postKey,
  type ServiceCommentState,
  type ServicePostState,
  type WorldState,
} from './types.ts';
import {
  accountCommentText,
  accountReplyText,
  type Author,
  type CommentKind,
  outsideAuthor,
  outsideComment,
  outsideReplyText,
} from './vocabulary.ts';

export interface SeedOptions {
  seed: number;
  now: Date;
  apiKey: string;
  plan: Plan;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Posts of each profile: most through the service, the rest (special ones included) on the network only. */
const POSTS_PER_PROFILE = 24;
const OUTSIDE_POSTS_PER_PROFILE = 5;
/** Regular posts fall in the last four weeks; the pre-business instagram post is older than all of them. */
const REGULAR_POST_MAX_AGE = 28 * DAY;
const REGULAR_POST_MIN_AGE = 15 * MINUTE;
/** The bakery's instagram became a business account between its first post and its second. */
const PRE_BUSINESS_AGE = { min: 28.5 * DAY, max: 29.5 * DAY };

/** People who comment on a network: a pool, so the same names come back, as regulars do. */
const AUTHORS_PER_NETWORK = 300;
/** Comments on one post, replies and the account's own included. */
const MAX_COMMENTS_PER_POST = 600;
/** Typical comment counts differ by network; these are the Pareto scales (median ≈ 0.8 × scale). */
const COMMENT_SCALE: Record<Network, number> = {
  bluesky: 2,
  facebook: 4,
  instagram: 6,
  linkedin: 3,
  tiktok: 7,
  twitter: 3,
  youtube: 5,
  threads: 3,
};
const COMMENT_TAIL_SHAPE = 1.15;
/** Draws beyond `above` become a count in [min, above]: the tail stays below MAX_COMMENTS_PER_POST. */
const TAIL_FOLD = { min: 300, above: 550 };
/** One post in every world goes viral, so a client always meets a post with hundreds of comments. */
const VIRAL_COMMENTS = { min: 280, max: 560 };

/** How likely a top-level comment gets replies, and how likely the account answers first. */
const REPLY_CHANCE: Record<CommentKind, number> = {
  question: 0.45,
  complaint: 0.5,
  compliment: 0.12,
  emoji: 0.05,
  tag: 0.3,
  long: 0.3,
  spam: 0.03,
  chatter: 0.08,
};
const ACCOUNT_ANSWERS_FIRST: Record<CommentKind, number> = {
  question: 0.65,
  complaint: 0.7,
  compliment: 0.7,
  emoji: 0.5,
  tag: 0.1,
  long: 0.6,
  spam: 0,
  chatter: 0.3,
};
/** Share of the account's replies on reply-capable networks that were made through the service. */
const REPLY_THROUGH_SERVICE = 0.4;
/** Share of service posts under which the account left a comment through the service. */
const ACCOUNT_COMMENT_ON_POST = 0.12;

interface Seeding {
  rng: Random;
  nowMs: number;
  servicePosts: ServicePostState[];
  networkPosts: NetworkPostState[];
  comments: CommentState[];
  serviceComments: ServiceCommentState[];
  takenPostKeys: Set<string>;
  takenCommentKeys: Set<string>;
  authors: Map<Network, Author[]>;
  /** Posts whose comments were switched off at publication: none at all. */
  disabledAtPublish: Set<NetworkPostState>;
  /** Posts whose comments were switched off later: comments only until then. */
  disabledLater: Map<NetworkPostState, number>;
  viral: NetworkPostState | null;
}

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
    s.authors.set(network, Array.from({ length: AUTHORS_PER_NETWORK }, () => outsideAuthor(rng, network)));
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

// ---- posts ----

function seedPostsOf(s: Seeding, profile: ProfileState, business: Business): void {
  const { rng } = s;
  const networks = Object.keys(profile.accounts) as Network[];
  const texts = shuffled(rng, business.posts);
  let textIndex = 0;
  const nextText = () => texts[textIndex++ % texts.length] as string;
  let titleIndex = rng.int(0, Math.max(0, business.videoTitles.length - 1));
  const nextTitle = () => business.videoTitles[titleIndex++ % business.videoTitles.length];

  const specials = seedSpecialOutsidePosts(s, profile, business);
  const serviceCount = POSTS_PER_PROFILE - OUTSIDE_POSTS_PER_PROFILE;
  for (let i = 0; i < serviceCount; i++) {
    const platforms = servicePlatforms(rng, networks, i);
    const createdMs = regularPostTime(s);
    const text = composePostText(rng, business, nextText());
    const sid = serviceId(rng);
    s.servicePosts.push({
      serviceId: sid,
      profileRefId: profile.refId,
      text,
      created: iso(createdMs),
      platforms,
      deleted: false,
    });
    for (const platform of platforms) {
      addNetworkPost(s, profile, platform, {
        serviceId: sid,
        text,
        createdMs,
        title: platform === 'youtube' ? nextTitle() : undefined,
      });
    }
  }
  for (let i = specials; i < OUTSIDE_POSTS_PER_PROFILE; i++) {
    const platform = rng.pick(networks);
    addNetworkPost(s, profile, platform, {
      serviceId: null,
      text: composePostText(rng, business, nextText()),
      createdMs: regularPostTime(s),
      title: platform === 'youtube' ? nextTitle() : undefined,
    });
  }
}

/**
 * 1–4 of the profile's networks. The first posts cover each network once, so every linked network
 * has posts made through the service.
 */
function servicePlatforms(rng: Random, networks: readonly Network[], index: number): Network[] {
  const roll = rng.next();
  const count = Math.min(networks.length, roll < 0.2 ? 1 : roll < 0.55 ? 2 : roll < 0.85 ? 3 : 4);
  const first = index < networks.length ? (networks[index] as Network) : rng.pick(networks);
  const others = rng.sample(
    networks.filter((n) => n !== first),
    count - 1,
  );
  return [first, ...others];
}

function regularPostTime(s: Seeding): number {
  return s.nowMs - s.rng.int(REGULAR_POST_MIN_AGE / SECOND, REGULAR_POST_MAX_AGE / SECOND) * SECOND;
}

/** A post's text: the business's words, often hashtags, sometimes its link; always fits a tweet. */
function composePostText(rng: Random, business: Business, base: string): string {
  const link = rng.chance(0.3) ? ` ${business.link}` : '';
  const tagCount = rng.chance(0.2) ? 0 : rng.int(1, 3);
  const tags = rng.sample(business.hashtags, tagCount).join(' ');
  const separator = rng.chance(0.5) ? '\n\n' : ' ';
  const candidates = [`${base}${link}${tags ? separator + tags : ''}`, `${base}${link}`, base];
  // X counts code points and allows 280; every post may go to twitter, so every one fits.
  return candidates.find((text) => [...text].length <= 280) ?? base;
}

interface NewNetworkPost {
  serviceId: string | null;
  text: string;
  createdMs: number;
  title?: string | undefined;
  owned?: boolean;
  flags?: PostFlag[];
  /** Whose post it is when not the account's (a retweet links to the original author). */
  author?: NetworkIdentity;
}

function addNetworkPost(s: Seeding, profile: ProfileState, platform: Network, spec: NewNetworkPost): NetworkPostState {
  const owner = spec.author ?? (profile.accounts[platform] as NetworkIdentity);
  let ids = newSocialPost(s.rng, platform, owner);
  while (s.takenPostKeys.has(postKey(platform, ids.socialId))) ids = newSocialPost(s.rng, platform, owner);
  s.takenPostKeys.add(postKey(platform, ids.socialId));
  const post: NetworkPostState = {
    platform,
    socialId: ids.socialId,
    profileRefId: profile.refId,
    serviceId: spec.serviceId,
    text: spec.text,
    created: iso(spec.createdMs),
    postUrl: ids.postUrl,
    owned: spec.owned ?? true,
    flags: spec.flags ?? [],
    disableComments: false,
    deleted: false,
    metricsSeed: s.rng.int(1, 2_147_483_646),
  };
  if (ids.cid !== undefined) post.cid = ids.cid;
  if (ids.activityId !== undefined) post.activityId = ids.activityId;
  if (spec.title !== undefined) post.title = spec.title;
  s.networkPosts.push(post);
  return post;
}

/** Places the business's network-only special posts; returns how many post slots they took. */
function seedSpecialOutsidePosts(s: Seeding, profile: ProfileState, business: Business): number {
  const { rng } = s;
  const special = business.special;
  if (!special) return 0;
  let slots = 0;
  if (special.twitterThread && profile.accounts.twitter) {
    // A thread written on X: every tweet carries the first tweet's id, the first one included.
    let createdMs = regularPostTime(s);
    let firstId: string | null = null;
    for (const text of special.twitterThread) {
      const tweet = addNetworkPost(s, profile, 'twitter', { serviceId: null, text, createdMs, flags: ['thread'] });
      firstId ??= tweet.socialId;
      tweet.threadOf = firstId;
      createdMs = Math.min(s.nowMs, createdMs + rng.int(30, 90) * SECOND);
    }
    slots++;
  }
  if (special.retweet && profile.accounts.twitter) {
    const original = /^RT @(\w+):/.exec(special.retweet)?.[1] ?? 'someone';
    addNetworkPost(s, profile, 'twitter', {
      serviceId: null,
      text: special.retweet,
      createdMs: regularPostTime(s),
      owned: false,
      author: { id: rng.digits(19), username: original, displayName: original },
    });
    slots++;
  }
  if (special.guestVideo && profile.accounts.youtube) {
    addNetworkPost(s, profile, 'youtube', {
      serviceId: null,
      text: special.guestVideo.description,
      title: special.guestVideo.title,
      createdMs: regularPostTime(s),
      owned: false,
      flags: ['notOwned'],
    });
    slots++;
  }
  if (special.preBusinessCaption && profile.accounts.instagram) {
    addNetworkPost(s, profile, 'instagram', {
      serviceId: null,
      text: special.preBusinessCaption,
      createdMs: s.nowMs - rng.int(PRE_BUSINESS_AGE.min / SECOND, PRE_BUSINESS_AGE.max / SECOND) * SECOND,
      flags: ['preBusiness'],
    });
    slots++;
  }
  return slots;
}

/**
 * Marks posts made through the service with the states a client must cope with: metrics from stored
 * data (backfilled, recovered), comments switched off, and one viral post.
 */
function chooseSpecialPosts(s: Seeding): void {
  const { rng, nowMs } = s;
  const plain = (platform: Network, minAge: number) =>
    s.networkPosts.filter(
      (p) =>
        p.platform === platform &&
        p.serviceId !== null &&
        p.owned &&
        p.flags.length === 0 &&
        !p.disableComments &&
        p !== s.viral &&
        nowMs - Date.parse(p.created) >= minAge,
    );
  const pickPlain = (platform: Network): NetworkPostState | undefined => {
    for (const minAge of [2 * DAY, HOUR, 0]) {
      const candidates = plain(platform, minAge);
      if (candidates.length > 0) return rng.pick(candidates);
    }
    return undefined;
  };
  const flag = (platform: Network, which: PostFlag) => {
    const post = pickPlain(platform);
    if (!post) return;
    const createdMs = Date.parse(post.created);
    const storedMs = createdMs + Math.floor(((nowMs - createdMs) * (0.5 + 0.45 * rng.next())) / SECOND) * SECOND;
    post.flags.push(which);
    post.storedDataAt = iso(storedMs);
  };
  flag('twitter', 'backfilled');
  flag('facebook', 'backfilled');
  flag('linkedin', 'recovered');
  flag('instagram', 'recovered');

  for (const platform of ['instagram', 'linkedin'] as const) {
    const post = pickPlain(platform);
    if (!post) continue;
    post.disableComments = true;
    s.disabledAtPublish.add(post);
  }
  const tiktok = pickPlain('tiktok');
  if (tiktok) {
    // Switched off a few hours in, after a first wave of comments.
    tiktok.disableComments = true;
    s.disabledLater.set(tiktok, Math.min(nowMs, Date.parse(tiktok.created) + rng.int(2 * 3600, 8 * 3600) * SECOND));
  }

  const viralCandidates = (['instagram', 'tiktok', 'youtube', 'facebook'] as const).flatMap((p) => plain(p, 3 * DAY));
  s.viral = viralCandidates.length > 0 ? rng.pick(viralCandidates) : (pickPlain('instagram') ?? null);
}

// ---- comments ----

/** A comment the account left under some of its service posts, on every network of the post at once. */
function seedAccountCommentsOnServicePosts(s: Seeding, profilesByRef: Map<string, ProfileState>): void {
  const { rng } = s;
  const postsByService = new Map<string, NetworkPostState[]>();
  for (const post of s.networkPosts) {
    if (post.serviceId === null) continue;
    const list = postsByService.get(post.serviceId);
    if (list) list.push(post);
    else postsByService.set(post.serviceId, [post]);
  }
  for (const servicePost of s.servicePosts) {
    if (!rng.chance(ACCOUNT_COMMENT_ON_POST)) continue;
    const posts = postsByService.get(servicePost.serviceId) ?? [];
    if (posts.some((p) => p.disableComments)) continue;
    const createdMs = Date.parse(servicePost.created) + rng.int(2 * 60, 90 * 60) * SECOND;
    if (createdMs > s.nowMs) continue;
    const profile = profilesByRef.get(servicePost.profileRefId) as ProfileState;
    const text = accountCommentText(rng);
    const serviceComment: ServiceCommentState = {
      serviceCommentId: serviceId(rng),
      profileRefId: profile.refId,
      postServiceId: servicePost.serviceId,
      socialIds: {},
    };
    for (const post of posts) {
      const owner = profile.accounts[post.platform] as NetworkIdentity;
      const comment = addComment(s, post, {
        parentSocialId: null,
        text,
        createdMs,
        from: { id: owner.id, username: owner.username },
        byAccount: true,
      });
      comment.serviceCommentId = serviceComment.serviceCommentId;
      serviceComment.socialIds[post.platform] = comment.socialId;
    }
    s.serviceComments.push(serviceComment);
  }
}

/** How many comments a post has drawn by now: heavy-tailed, fewer on fresh posts. */
function commentBudget(s: Seeding, post: NetworkPostState): number {
  const { rng } = s;
  if (s.disabledAtPublish.has(post)) return 0;
  if (post === s.viral) return rng.int(VIRAL_COMMENTS.min, VIRAL_COMMENTS.max);
  // Replies to a retweet belong to the original tweet; the account sees only a few.
  if (!post.owned && post.platform === 'twitter') return rng.int(0, 3);
  let drawn = rng.pareto(COMMENT_SCALE[post.platform], COMMENT_TAIL_SHAPE, Number.MAX_SAFE_INTEGER);
  // Fold the far tail back into "several hundred" rather than piling posts up at the cap, and leave
  // room for the account's own comment made through the service.
  if (drawn > TAIL_FOLD.above) drawn = rng.int(TAIL_FOLD.min, TAIL_FOLD.above);
  const ageHours = (s.nowMs - Date.parse(post.created)) / HOUR;
  const freshness = Math.pow(Math.min(1, ageHours / 36), 0.6);
  const budget = Math.min(MAX_COMMENTS_PER_POST - 1, Math.round(drawn * freshness));
  return s.disabledLater.has(post) ? Math.min(budget, 40) : budget;
}

function seedCommentsOn(s: Seeding, post: NetworkPostState, profile: ProfileState): void {
  const { rng } = s;
  const platform = post.platform;
  const owner = profile.accounts[platform];
  // Only the post's owner answers as the account; on someone else's video the business is a guest.
  const accountMayReply = post.owned && owner !== undefined;
  const startMs = Date.parse(post.created);
  const endMs = s.disabledLater.get(post) ?? s.nowMs;
  let remaining = commentBudget(s, post);

  while (remaining > 0) {
    const createdMs = laterTime(rng, startMs, endMs, 4 * HOUR, 0.25);
    if (createdMs === null) break;
    const author = pickAuthor(s, platform);
    const { text, kind } = outsideComment(rng, platform);
    const top = addComment(s, post, {
      parentSocialId: null,
      text,
      createdMs,
      from: author,
      byAccount: false,
      likeCount: rng.pareto(1.2, 1.3, 400),
      hidden: rng.chance(0.02),
    });
    remaining--;
    if (remaining === 0 || !rng.chance(REPLY_CHANCE[kind])) continue;

    const replyCount = Math.min(remaining, rng.int(1, 3));
    let last = top;
    for (let j = 0; j < replyCount; j++) {
      // Mostly answers to the comment itself; sometimes to the reply before (a reply to a reply).
      const parent = j > 0 && rng.chance(0.35) ? last : top;
      const accountChance = j === 0 ? ACCOUNT_ANSWERS_FIRST[kind] : last.byAccount ? 0 : 0.4;
      const byAccount = accountMayReply && !parent.byAccount && rng.chance(accountChance);
      const replyMs = laterTime(rng, Date.parse(parent.created), endMs, byAccount ? 2 * HOUR : 3 * HOUR, 0.1);
      if (replyMs === null) break;
      let reply: CommentState;
      if (byAccount && owner) {
        reply = addComment(s, post, {
          parentSocialId: parent.socialId,
          text: accountReplyText(rng, kind, platform, parent.from.username),
          createdMs: replyMs,
          from: { id: owner.id, username: owner.username },
          byAccount: true,
          likeCount: rng.int(0, 3),
        });
        if (REPLY_BY_SOCIAL_ID_NETWORKS.includes(platform) && rng.chance(REPLY_THROUGH_SERVICE)) {
          reply.serviceCommentId = serviceId(rng);
          s.serviceComments.push({
            serviceCommentId: reply.serviceCommentId,
            profileRefId: profile.refId,
            postServiceId: post.serviceId,
            socialIds: { [platform]: reply.socialId },
          });
        }
      } else {
        // After the account answered, the person who asked often says thanks.
        const from = last.byAccount && rng.chance(0.5) ? top.from : pickAuthor(s, platform);
        reply = addComment(s, post, {
          parentSocialId: parent.socialId,
          text: outsideReplyText(rng, platform, parent.from.username),
          createdMs: replyMs,
          from,
          byAccount: false,
          likeCount: rng.pareto(0.8, 1.5, 100),
          hidden: rng.chance(0.02),
        });
      }
      last = reply;
      remaining--;
    }
  }
}

interface NewComment {
  parentSocialId: string | null;
  text: string;
  createdMs: number;
  from: Author;
  byAccount: boolean;
  likeCount?: number;
  hidden?: boolean;
}

function addComment(s: Seeding, post: NetworkPostState, spec: NewComment): CommentState {
  const platform = post.platform;
  let ids = newSocialComment(s.rng, platform, post, spec.from.id);
  while (s.takenCommentKeys.has(postKey(platform, ids.socialId))) {
    ids = newSocialComment(s.rng, platform, post, spec.from.id);
  }
  s.takenCommentKeys.add(postKey(platform, ids.socialId));
  const comment: CommentState = {
    platform,
    socialId: ids.socialId,
    postKey: postKey(platform, post.socialId),
    parentSocialId: spec.parentSocialId,
    text: spec.text,
    created: iso(spec.createdMs),
    from: { id: spec.from.id, username: spec.from.username },
    likeCount: spec.likeCount ?? 0,
    hidden: spec.hidden ?? false,
    byAccount: spec.byAccount,
    serviceCommentId: null,
    deleted: false,
  };
  if (ids.cid !== undefined) comment.cid = ids.cid;
  s.comments.push(comment);
  return comment;
}

/** Regulars comment more often than passers-by: the pool is drawn with a skew towards its start. */
function pickAuthor(s: Seeding, platform: Network): Author {
  const pool = s.authors.get(platform) as Author[];
  return pool[Math.floor(Math.pow(s.rng.next(), 2) * pool.length)] as Author;
}

/**
 * A time after `startMs` and no later than `endMs`, in whole seconds: mostly soon after (exponential
 * with the given mean), a `tail` share anywhere in the span. null when the span is too short.
 */
function laterTime(rng: Random, startMs: number, endMs: number, meanMs: number, tail: number): number | null {
  const span = endMs - startMs;
  if (span < 2 * SECOND) return null;
  let delay = rng.chance(tail) ? rng.next() * span : -Math.log(1 - rng.next()) * meanMs;
  if (delay >= span) delay = rng.next() * span;
  return startMs + Math.max(1, Math.floor(delay / SECOND)) * SECOND;
}

// ---- helpers ----

/** The service's timestamp format, to the second (YYYY-MM-DDThh:mm:ssZ). */
function iso(ms: number): string {
  return isoSeconds(new Date(ms));
}

function shuffled<T>(rng: Random, items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(0, i);
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
