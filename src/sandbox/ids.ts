// Identifiers in the formats each network really uses, so that a client which handles the
// sandbox's ids handles the real service's: bluesky at:// URIs with a cid, linkedin URNs,
// facebook "<page>_<post>", numeric snowflakes for twitter and tiktok, youtube's 11 characters.
import type { Network } from '../shared/networks.ts';
import { ALNUM, BASE32, HEX, type Random, UPPER_ALNUM, URL_SAFE } from './random.ts';

export interface NetworkIdentity {
  /** The account's id on the network (a did for bluesky, a page id for facebook, …). */
  id: string;
  username: string;
  displayName: string;
}

export interface SocialPostIds {
  socialId: string;
  postUrl: string;
  /** bluesky: the content id that goes with the at:// URI. */
  cid?: string;
  /** linkedin: the activity URN behind the share, which comment URNs name. */
  activityId?: string;
}

export function serviceId(rng: Random): string {
  return rng.chars(ALNUM, 20);
}

export function refId(rng: Random): string {
  return rng.chars(HEX, 32);
}

export function profileKey(rng: Random): string {
  return [0, 1, 2, 3].map(() => rng.chars(UPPER_ALNUM, 7)).join('-');
}

export function blueskyDid(rng: Random): string {
  return `did:plc:${rng.chars(BASE32, 24)}`;
}

export function blueskyCid(rng: Random): string {
  return `bafyrei${rng.chars(BASE32, 52)}`;
}

/** A TID record key: 13 base32-sortable characters. */
function blueskyRecordKey(rng: Random): string {
  return rng.chars('234567abcdefghijklmnopqrstuvwxyz', 13);
}

export function newSocialPost(rng: Random, network: Network, owner: NetworkIdentity): SocialPostIds {
  switch (network) {
    case 'bluesky': {
      const rkey = blueskyRecordKey(rng);
      return {
        socialId: `at://${owner.id}/app.bsky.feed.post/${rkey}`,
        cid: blueskyCid(rng),
        postUrl: `https://bsky.app/profile/${owner.username}/post/${rkey}`,
      };
    }
    case 'facebook': {
      const id = `${owner.id}_${rng.digits(16)}`;
      return { socialId: id, postUrl: `https://www.facebook.com/${id}` };
    }
    case 'instagram':
      return {
        socialId: rng.digits(17),
        postUrl: `https://www.instagram.com/p/${rng.chars(URL_SAFE, 11)}/`,
      };
    case 'linkedin': {
      const share = rng.digits(19);
      return {
        socialId: `urn:li:share:${share}`,
        activityId: rng.digits(19),
        postUrl: `https://www.linkedin.com/feed/update/urn:li:share:${share}`,
      };
    }
    case 'tiktok': {
      const id = rng.digits(19);
      return { socialId: id, postUrl: `https://www.tiktok.com/@${owner.username}/video/${id}` };
    }
    case 'twitter': {
      const id = rng.digits(19);
      return { socialId: id, postUrl: `https://x.com/${owner.username}/status/${id}` };
    }
    case 'youtube': {
      const id = rng.chars(URL_SAFE, 11);
      return { socialId: id, postUrl: `https://www.youtube.com/watch?v=${id}` };
    }
    case 'threads': {
      const id = rng.digits(17);
      return { socialId: id, postUrl: `https://www.threads.net/@${owner.username}/post/${rng.chars(URL_SAFE, 11)}` };
    }
  }
}

export interface SocialCommentIds {
  socialId: string;
  /** bluesky replies are posts too: they have a cid. */
  cid?: string;
}

export function newSocialComment(rng: Random, network: Network, post: { socialId: string }, authorId: string): SocialCommentIds {
  switch (network) {
    case 'bluesky':
      return {
        socialId: `at://${authorId.startsWith('did:') ? authorId : blueskyDid(rng)}/app.bsky.feed.post/${blueskyRecordKey(rng)}`,
        cid: blueskyCid(rng),
      };
    case 'facebook': {
      const postPart = post.socialId.split('_')[1] ?? rng.digits(16);
      return { socialId: `${postPart}_${rng.digits(16)}` };
    }
    case 'instagram':
    case 'threads':
      return { socialId: rng.digits(17) };
    case 'linkedin':
    case 'tiktok':
    case 'twitter':
      return { socialId: rng.digits(19) };
    case 'youtube':
      return { socialId: `Ug${rng.chars(URL_SAFE, 24)}` };
  }
}

export function linkedinCommentUrn(activityId: string, commentId: string): string {
  return `urn:li:comment:(urn:li:activity:${activityId},${commentId})`;
}

/** An outside author's id on a network. */
export function newAuthorId(rng: Random, network: Network): string {
  switch (network) {
    case 'bluesky':
      return blueskyDid(rng);
    case 'linkedin':
      return `urn:li:person:${rng.chars(URL_SAFE, 10)}`;
    case 'youtube':
      return `UC${rng.chars(URL_SAFE, 22)}`;
    default:
      return rng.digits(network === 'facebook' || network === 'instagram' ? 17 : 19);
  }
}

// ---- direct messages ----

/** The id a network gives a person who writes to a business: page- or app-scoped, numeric. */
export function messagePersonId(rng: Random, network: 'facebook' | 'instagram' | 'twitter'): string {
  return rng.digits(network === 'twitter' ? rng.int(9, 19) : 16);
}

/** An X user id: a whole number of 1 to 19 digits (below 2^63), without a leading zero. */
export function isXUserId(id: string): boolean {
  return /^[1-9]\d{0,18}$/.test(id);
}

/**
 * Orders X user ids as numbers (without leading zeros, a shorter one is smaller, then digit by
 * digit), with no BigInt, so nothing a caller passes can throw; other strings in string order.
 */
function numericOrder(a: string, b: string): number {
  if (!/^\d+$/.test(a) || !/^\d+$/.test(b)) return a < b ? -1 : a > b ? 1 : 0;
  const [x, y] = [a.replace(/^0+(?=\d)/, ''), b.replace(/^0+(?=\d)/, '')];
  return x.length !== y.length ? x.length - y.length : x < y ? -1 : x > y ? 1 : 0;
}

/**
 * facebook threads are "t_<digits>"; instagram's are opaque base64 ("aWdf…"); a one-to-one X
 * conversation is the two user ids joined by "-", the smaller first. So an X conversation's id is
 * fixed by who is in it, never drawn: a caller must check it is not taken (see personMessages.ts).
 */
export function conversationIdFor(rng: Random, network: 'facebook' | 'instagram' | 'twitter', accountId: string, personId: string): string {
  switch (network) {
    case 'facebook':
      return `t_${rng.digits(17)}`;
    case 'instagram':
      return `aWdfZAG06${rng.chars(URL_SAFE, 40)}`;
    case 'twitter': {
      const [a, b] = numericOrder(accountId, personId) < 0 ? [accountId, personId] : [personId, accountId];
      return `${a}-${b}`;
    }
  }
}

/** facebook "m_…", instagram "aWdfZAG1faXRlbToxOk…", X a numeric event id. */
export function messageIdFor(rng: Random, network: 'facebook' | 'instagram' | 'twitter'): string {
  switch (network) {
    case 'facebook':
      return `m_${rng.chars(URL_SAFE, 30)}`;
    case 'instagram':
      return `aWdfZAG1faXRlbToxOk${rng.chars(URL_SAFE, 48)}`;
    case 'twitter':
      return rng.digits(19);
  }
}
