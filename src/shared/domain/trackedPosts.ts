// A post the user tracks by hand: what they paste (a link or the network's own post id) → the Social
// Post ID the service's analytics take (spec: analytics by Social Post ID, with searchPlatformId).
// Pure, so the form can say what is wrong as the user types and main checks the same rules again.
import { ANALYTICS_SOCIAL_ID_NETWORKS, type Network } from '../networks.ts';

/** The networks whose posts can be tracked by hand: those with analytics by social post id. */
export const TRACKABLE_NETWORKS: readonly Network[] = ANALYTICS_SOCIAL_ID_NETWORKS;

export type PostReference = { ok: true; socialPostId: string } | { ok: false; reason: string };

const MAX_REFERENCE = 2_048;
/** YouTube video ids: 11 characters of A–Z a–z 0–9 _ -. */
const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const YOUTUBE_HOSTS = new Set(['youtube.com', 'www.youtube.com', 'm.youtube.com', 'music.youtube.com', 'youtube-nocookie.com', 'www.youtube-nocookie.com']);
/** Paths whose next segment is the video id: /shorts/ID, /live/ID, /embed/ID, /v/ID. */
const YOUTUBE_ID_PATHS = new Set(['shorts', 'live', 'embed', 'v']);
const TWEET_ID = /^\d{1,20}$/;
const TWITTER_HOSTS = new Set(['x.com', 'www.x.com', 'twitter.com', 'www.twitter.com', 'mobile.twitter.com', 'mobile.x.com']);
/** Other networks' ids (numbers, urn:li:share:…, ids with _ or -): printable, no spaces or slashes. */
const PLAIN_ID = /^[A-Za-z0-9_:.-]{1,256}$/;

function asUrl(text: string): URL | null {
  if (!/^https?:\/\//i.test(text) && !/^(www\.|m\.)?(youtube\.com|youtu\.be|x\.com|twitter\.com)\//i.test(text)) return null;
  try {
    return new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
}

function youtubeId(text: string): PostReference {
  const url = asUrl(text);
  if (url === null) {
    return YOUTUBE_ID.test(text)
      ? { ok: true, socialPostId: text }
      : { ok: false, reason: 'Paste the video’s link (youtu.be/…, youtube.com/watch?v=…, youtube.com/shorts/…) or its 11-character id' };
  }
  const host = url.hostname.toLowerCase();
  let candidate: string | null = null;
  if (host === 'youtu.be' || host === 'www.youtu.be') candidate = url.pathname.split('/')[1] ?? null;
  else if (YOUTUBE_HOSTS.has(host)) {
    const segments = url.pathname.split('/').filter((s) => s !== '');
    if (segments[0] === 'watch') candidate = url.searchParams.get('v');
    else if (segments[0] !== undefined && YOUTUBE_ID_PATHS.has(segments[0])) candidate = segments[1] ?? null;
  } else {
    return { ok: false, reason: `That is a link to ${host}, not to YouTube` };
  }
  if (candidate === null || !YOUTUBE_ID.test(candidate)) return { ok: false, reason: 'That YouTube link does not name a video' };
  return { ok: true, socialPostId: candidate };
}

function tweetId(text: string): PostReference {
  const url = asUrl(text);
  if (url === null) {
    return TWEET_ID.test(text) ? { ok: true, socialPostId: text } : { ok: false, reason: 'Paste the post’s link (x.com/…/status/…) or its id (digits)' };
  }
  const host = url.hostname.toLowerCase();
  if (!TWITTER_HOSTS.has(host)) return { ok: false, reason: `That is a link to ${host}, not to X` };
  const segments = url.pathname.split('/').filter((s) => s !== '');
  const status = segments.findIndex((s) => s === 'status' || s === 'statuses');
  const candidate = status >= 0 ? segments[status + 1] : undefined;
  if (candidate === undefined || !TWEET_ID.test(candidate)) return { ok: false, reason: 'That X link does not name a post (…/status/<id>)' };
  return { ok: true, socialPostId: candidate };
}

/**
 * The Social Post ID in what the user pasted for a network: YouTube and X links are read (the
 * forms people copy from the app or the browser); on the other networks the id itself is needed,
 * since their links do not carry the id the service knows.
 */
export function parsePostReference(platform: Network, input: string): PostReference {
  const text = input.trim();
  if (text === '') return { ok: false, reason: 'Paste a link or an id' };
  if (text.length > MAX_REFERENCE) return { ok: false, reason: `A link or id is at most ${MAX_REFERENCE.toLocaleString('en-GB')} characters` };
  if (!TRACKABLE_NETWORKS.includes(platform))
    return { ok: false, reason: `Posts on ${platform} have numbers only by the service’s own post id, so they cannot be tracked by hand` };
  if (platform === 'youtube') return youtubeId(text);
  if (platform === 'twitter') return tweetId(text);
  if (asUrl(text) !== null) return { ok: false, reason: `Paste the ${platform} post’s id: its link does not carry the id the service knows` };
  return PLAIN_ID.test(text) ? { ok: true, socialPostId: text } : { ok: false, reason: 'A post id has no spaces or slashes' };
}
