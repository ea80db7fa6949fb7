// The core's objects as the bridge shows them: only the fields the contract names, none of the
// outbox's bookkeeping, never the service's raw records.
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import type { PostDataFlags, PostView, PostSummary } from '../../../shared/domain/posts.ts';
import type { ProfileView } from '../../../shared/domain/accounts.ts';
import type { ItemNetwork } from '../../../shared/domain/inbox.ts';
import { isNetwork } from '../../../shared/networks.ts';
import { isReviewNetwork } from '../../../shared/reviews.ts';
import { inboxRowOfKey } from '../kinds/inboxKinds.ts';
import type { ItemReads } from '../kinds/inboxKind.ts';
import { taskKindOf } from '../outbox/taskKinds.ts';
import type { OutboxItem } from '../outbox/types.ts';
import type { WinnerAnswer } from './teamClaims.ts';
import type { AnalyticsSnapshot, PostRecord, PostSyncState, ProfileRecord } from '../store/types.ts';

/** Whom an item answers and in which client: the comment's author or the conversation's person; null when the store no longer has it. */
export interface Answered {
  person: string | null;
  profileId: string;
}

export function answeredOf(store: ItemReads, key: string): Answered | null {
  const row = inboxRowOfKey(store, key);
  if (row === undefined) return null;
  return { person: row.authorName.trim() === '' ? null : row.authorName, profileId: row.profileId };
}

/** Where an item goes, as its task kind says: a direct message and a reply by social id to one network, a reply by service id to each it names. */
function platformsOf(item: OutboxItem): ItemNetwork[] {
  return taskKindOf(item).platforms(item);
}

/**
 * `heldAnswer`: held in a team, the answer that holds it, as its device's outbox status says (app/teamClaims.ts).
 */
export function outboxItemView(item: OutboxItem, answered: Answered | null = null, heldAnswer: WinnerAnswer | null = null): OutboxItemView {
  const platforms = platformsOf(item);
  const results: OutboxItemView['results'] = {};
  for (const [platform, result] of Object.entries(item.results)) {
    if ((!isNetwork(platform) && !isReviewNetwork(platform)) || result === undefined) continue;
    results[platform] =
      result.state === 'sent'
        ? { state: 'sent', socialCommentId: result.socialCommentId, postUrl: result.postUrl, adopted: result.adopted, at: result.at }
        : { state: 'failed', code: result.code, message: result.message, at: result.at };
  }
  return {
    id: item.id,
    kind: item.kind,
    accountId: item.target.accountId,
    // The client's own profile is called without a profile id: the comment's row says which client it is.
    profileId: item.target.profileId ?? answered?.profileId ?? null,
    answers: item.answers,
    platforms,
    text: item.text,
    created: item.created,
    sendAfter: item.sendAfter,
    state: item.state,
    results,
    attempts: item.attempts,
    lastError: item.lastError ? { code: item.lastError.code, message: item.lastError.message } : null,
    nextAttemptAt: item.nextAttemptAt,
    updated: item.updated,
    checking: item.outcomeUnknown,
    cancelRequested: item.cancelRequested === true,
    person: answered?.person ?? null,
    heldBy: heldByOf(item, heldAnswer),
    // It went out in solo mode without the team server's check (the outbox item says so, decision 0075).
    sentUnchecked: item.sentUnchecked === true && item.state === 'sent',
  };
}

/** Who answered first, while a team holds the item for the person's choice (app/teamClaims.ts). */
function heldByOf(item: OutboxItem, answer: WinnerAnswer | null): OutboxItemView['heldBy'] {
  const by = item.state === 'failed' && item.lastError?.code === 'team-answered' ? item.lastError.answeredBy : undefined;
  if (!by) return null;
  // A claim that could not be read names at most who took it (or nobody: "someone in the team").
  if (by.unreadable === true) return { who: by.who === '' ? null : by.who, device: null, at: null, answer: null };
  return { who: by.who, device: by.device, at: by.at, answer };
}

export function postView(post: PostRecord): PostView {
  return {
    key: `${post.platform}:${post.socialPostId}`,
    profileId: post.profileId,
    platform: post.platform,
    socialPostId: post.socialPostId,
    servicePostId: post.servicePostId,
    text: post.text,
    url: post.url,
    created: post.created,
    disableComments: post.disableComments,
    ...(post.trackedAt != null ? { trackedAt: post.trackedAt } : {}),
    ...(post.publicationKey !== undefined ? { publicationKey: post.publicationKey } : {}),
  };
}

export function postSummary(state: PostSyncState, latest: AnalyticsSnapshot | null, flags: PostDataFlags): PostSummary {
  return { post: postView(state.post), commentCount: state.commentCount, lastCommentAt: state.lastCommentAt, latest, flags };
}

/**
 * The honest-data flags of a post, from what the store holds: the service's "not found" (186) noted
 * by the sync; a youtube video whose channel is not the profile's (the service gives its title but
 * zeros); an instagram post whose numbers lack the business insights (reach) that every post made
 * after the conversion has.
 */
export function postDataFlags(post: PostRecord, latest: AnalyticsSnapshot | null, profile: ProfileRecord, notFoundAt: string | null): PostDataFlags {
  const metrics = latest?.metrics ?? {};
  const identity = profile.networks[post.platform];
  const channel = metrics['channelTitle'];
  const notOwned =
    post.platform === 'youtube' &&
    typeof channel === 'string' &&
    channel !== '' &&
    identity !== undefined &&
    channel !== identity.displayName &&
    channel !== identity.username;
  const preBusiness = post.platform === 'instagram' && latest !== null && 'likeCount' in metrics && !('reachCount' in metrics);
  return { notOwned, preBusiness, notFoundAt: notFoundAt === null || notFoundAt === '' ? null : notFoundAt };
}

export function profileView(profile: ProfileRecord): ProfileView {
  return { ...profile, linkedNetworks: Object.keys(profile.networks).filter(isNetwork) };
}
