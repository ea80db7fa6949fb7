// The sandbox's whole state as plain data: this is what --state saves and loads, so every field is
// JSON and nothing here is derived (the indexes of World are rebuilt from it).
import type { Network, Plan, WebhookAction } from '../../shared/networks.ts';
import type { NetworkIdentity } from '../ids.ts';
import type { ConversationState, MessageState, MessagingSettings } from './messageTypes.ts';
import type { ReviewsState } from './reviewTypes.ts';

export const POST_FLAGS = ['notOwned', 'preBusiness', 'thread', 'backfilled', 'recovered', 'commentsDisabled'] as const;
export type PostFlag = (typeof POST_FLAGS)[number];

export interface AccountState {
  apiKey: string;
  plan: Plan;
  xCredentials: { key: string; secret: string };
}

export interface ProfileState {
  refId: string;
  title: string;
  /** null for the primary profile, which is addressed by the API key alone. */
  profileKey: string | null;
  created: string;
  /** The networks linked to this profile and the account on each. */
  accounts: Partial<Record<Network, NetworkIdentity>>;
  webhooks: Partial<Record<WebhookAction, string>>;
  webhookSecret: string | null;
  webhooksUpdated: string | null;
  /** Direct messages for this profile; absent means on (state files made before messages). */
  messaging?: MessagingSettings;
}

/** A post made through the service: one service id, one network post per platform. */
export interface ServicePostState {
  serviceId: string;
  profileRefId: string;
  text: string;
  created: string;
  platforms: Network[];
  deleted: boolean;
}

/** A post as it lives on one network; made through the service or outside it. */
export interface NetworkPostState {
  platform: Network;
  socialId: string;
  profileRefId: string;
  serviceId: string | null;
  text: string;
  created: string;
  postUrl: string;
  /** Whether the profile's linked account owns it (false: another channel's video, a tweet of someone else). */
  owned: boolean;
  flags: PostFlag[];
  /** twitter threads: the first tweet's social id, on every tweet of the thread (the first included). */
  threadOf?: string;
  cid?: string;
  activityId?: string;
  /** youtube: the video's title (its analytics' descriptive fields). */
  title?: string;
  disableComments: boolean;
  deleted: boolean;
  /** A per-post number the metrics are derived from, so they are stable and grow over time. */
  metricsSeed: number;
  /** When stored data was last updated, for `backfilled` / `recovered` posts. */
  storedDataAt?: string;
}

export interface CommentState {
  platform: Network;
  socialId: string;
  /** Key of the network post: `${platform}:${socialId of the post}`. */
  postKey: string;
  parentSocialId: string | null;
  text: string;
  created: string;
  from: { id: string; username: string };
  likeCount: number;
  hidden: boolean;
  /** Written by the profile's own linked account (through the service or not). */
  byAccount: boolean;
  serviceCommentId: string | null;
  cid?: string;
  deleted: boolean;
  /** When it was deleted: analytics refreshed before then still count it. */
  deletedAt?: string;
}

/** A comment or reply made through the service: one service id over one comment per network. */
export interface ServiceCommentState {
  serviceCommentId: string;
  profileRefId: string;
  /** service id of the post the comment belongs to (null when made on an outside post). */
  postServiceId: string | null;
  /** Social comment id per network. */
  socialIds: Partial<Record<Network, string>>;
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

export type DeliveryOutcome = 'pending' | 'delivered' | 'failed' | 'not-sent';

export interface DeliveryAttempt {
  id: number;
  eventId: string;
  action: WebhookAction;
  profileRefId: string;
  url: string;
  attempt: number;
  at: string;
  outcome: DeliveryOutcome;
  httpStatus: number | null;
  error: string | null;
}

export interface WorldState {
  version: 1;
  seed: number;
  createdAt: string;
  account: AccountState;
  profiles: ProfileState[];
  servicePosts: ServicePostState[];
  networkPosts: NetworkPostState[];
  comments: CommentState[];
  serviceComments: ServiceCommentState[];
  conversations: ConversationState[];
  /** Oldest first (by `seq`). */
  messages: MessageState[];
  /** Google and Facebook reviews; absent in state files saved before reviews (none then). */
  reviews?: ReviewsState;
  ledger: LedgerEntry[];
  deliveries: DeliveryAttempt[];
  /** Draws of the id generator so far, so a reloaded world keeps making fresh ids. */
  idDraws: number;
}

export function postKey(platform: Network, socialId: string): string {
  return `${platform}:${socialId}`;
}
