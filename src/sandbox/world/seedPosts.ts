// The seeded posts: each profile's posts made through the service and on the network only, the
// special ones (a thread, a retweet, a guest video, a pre-business instagram post) and the states
// a client must cope with (stored metrics, comments switched off, one viral post).
import type { Network } from '../../shared/networks.ts';
import { type NetworkIdentity, newSocialPost, serviceId } from '../ids.ts';
import type { Random } from '../random.ts';
import type { Business } from './clients.ts';
import { DAY, HOUR, iso, MINUTE, SECOND, type Seeding, shuffled } from './seedSupport.ts';
import { type NetworkPostState, type PostFlag, type ProfileState, postKey } from './types.ts';

/** Posts of each profile: most through the service, the rest (special ones included) on the network only. */
const POSTS_PER_PROFILE = 24;
const OUTSIDE_POSTS_PER_PROFILE = 5;
/** Regular posts fall in the last four weeks; the pre-business instagram post is older than all of them. */
const REGULAR_POST_MAX_AGE = 28 * DAY;
const REGULAR_POST_MIN_AGE = 15 * MINUTE;
/** The bakery's instagram became a business account between its first post and its second. */
const PRE_BUSINESS_AGE = { min: 28.5 * DAY, max: 29.5 * DAY };

export function seedPostsOf(s: Seeding, profile: ProfileState, business: Business): void {
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
  return candidates.find((text) => Array.from(text).length <= 280) ?? base;
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
  const owner = spec.author ?? profile.accounts[platform];
  // Seeding posts only to networks the profile has linked.
  if (!owner) throw new Error(`unreachable: profile ${profile.refId} has no ${platform} account`);
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
export function chooseSpecialPosts(s: Seeding): void {
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
