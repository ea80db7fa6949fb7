// The service's vocabulary, shared by the sandbox (which enforces it) and the client (which
// checks requests before sending them). Every list here is a rule of ../shared/spec.

export const NETWORKS = ['bluesky', 'facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube', 'threads'] as const;
export type Network = (typeof NETWORKS)[number];

export function isNetwork(value: unknown): value is Network {
  return typeof value === 'string' && (NETWORKS as readonly string[]).includes(value);
}

/** POST /comments/:id also names reddit, which no profile of ours links. */
/** Each network's name in a sentence (the service's "twitter" is X). */
export const NETWORK_NAMES: Record<Network, string> = {
  bluesky: 'Bluesky',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  tiktok: 'TikTok',
  twitter: 'X',
  youtube: 'YouTube',
  threads: 'Threads',
};

export const COMMENT_NETWORKS = [...NETWORKS, 'reddit'] as const;
export type CommentNetwork = (typeof COMMENT_NETWORKS)[number];

/** Reply addressed by a service comment id: the seven of the spec plus threads (public facts). */
export const REPLY_BY_SERVICE_ID_NETWORKS: readonly Network[] = ['bluesky', 'facebook', 'instagram', 'linkedin', 'tiktok', 'twitter', 'youtube', 'threads'];

/** Reply addressed by a social comment id: exactly one of these. */
export const REPLY_BY_SOCIAL_ID_NETWORKS: readonly Network[] = ['facebook', 'instagram', 'linkedin', 'tiktok', 'twitter'];

/** Analytics by social post id: exactly one of these (bluesky only by service post id). */
export const ANALYTICS_SOCIAL_ID_NETWORKS: readonly Network[] = ['facebook', 'instagram', 'linkedin', 'threads', 'tiktok', 'twitter', 'youtube'];

/** `disableComments` takes effect only on these. */
export const DISABLE_COMMENTS_NETWORKS: readonly Network[] = ['instagram', 'linkedin', 'tiktok'];

/** One image URL on a reply: facebook and linkedin only. */
export const REPLY_IMAGE_NETWORKS: readonly Network[] = ['facebook', 'linkedin'];

/** One image URL on a new comment: facebook, linkedin and twitter only. */
export const COMMENT_IMAGE_NETWORKS: readonly Network[] = ['facebook', 'linkedin', 'twitter'];

export const MAX_ANALYTICS_IDS = 100;

export const WEBHOOK_ACTIONS = ['feed', 'social', 'scheduled', 'batch', 'messages', 'mentions', 'comments', 'automations'] as const;
export type WebhookAction = (typeof WEBHOOK_ACTIONS)[number];

export const PLANS = ['basic', 'premium', 'launch', 'business', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

/** Comments operations: Premium and up. */
export const COMMENT_PLANS: readonly Plan[] = ['premium', 'launch', 'business', 'enterprise'];
/** User profiles (Profile-Key, /profiles): Business and Enterprise. */
export const PROFILE_PLANS: readonly Plan[] = ['business', 'enterprise'];

/** The full LinkedIn comment URN the reply operation needs for a social comment id. */
export const LINKEDIN_COMMENT_URN = /^urn:li:comment:\(urn:li:activity:\d+,\d+\)$/;

export const RATE_LIMIT_DEFAULT = 300;
export const RATE_LIMIT_WINDOW_MS = 5 * 60 * 1000;

export const X_KEY_HEADER = 'x-twitter-oauth1-api-key';
export const X_SECRET_HEADER = 'x-twitter-oauth1-api-secret';
export const PROFILE_KEY_HEADER = 'profile-key';
export const RATE_LIMIT_MAX_HEADER = 'x-ratelimit-max';
export const RATE_LIMIT_COUNT_HEADER = 'x-ratelimit-count';
export const WEBHOOK_TIMESTAMP_HEADER = 'x-authorization-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-authorization-content-sha256';

/** Direct messages (the Messages API): these networks only. */
export const MESSAGE_NETWORKS = ['facebook', 'instagram', 'twitter'] as const;
export type MessageNetwork = (typeof MESSAGE_NETWORKS)[number];

export function isMessageNetwork(value: unknown): value is MessageNetwork {
  return typeof value === 'string' && (MESSAGE_NETWORKS as readonly string[]).includes(value);
}

/** Longest DM text each network takes, in characters (docs/service-messages.md names the sources). */
export const MESSAGE_TEXT_LIMITS: Record<MessageNetwork, number> = { facebook: 2000, instagram: 999, twitter: 10_000 };
/** facebook and instagram refuse a reply this long after the person's last message. */
export const MESSAGE_REPLY_WINDOW_MS = 7 * 24 * 60 * 60 * 1000;
export const MESSAGE_REPLY_WINDOW_NETWORKS: readonly MessageNetwork[] = ['facebook', 'instagram'];
/** Conversations the account may send in per profile per billing cycle (a calendar month, UTC). */
export const ACTIVE_CONVERSATIONS_LIMIT = 1000;
