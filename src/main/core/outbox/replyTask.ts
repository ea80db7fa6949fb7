// The `reply` task kind: an answer under a comment (POST /comments/reply), by social comment id to
// one network or by service comment id to each network it names. Its rules are replyRules.ts; an
// unknown outcome is settled by reading the parent's thread for a reply by the profile's own
// account with exactly the text (reconciliation.ts has the matching).
import { isNetwork, type Network } from '../../../shared/networks.ts';
import type { CommentsResponse } from '../../../shared/wire/comments.ts';
import { HttpError } from '../service/errors.ts';
import type { ReplyInput } from '../service/operations/replies.ts';
import type { OutboxTaskKind, TaskPayload } from './outboxTaskKind.ts';
import { adoptableReply, earliestOurs, findComment, IdentityUnknownError, type ReconcileResult, type ReconcilerPorts } from './reconciliation.ts';
import { replyIssues, replyPlatforms } from './replyRules.ts';
import { isRecord, isText, problem } from './rowChecks.ts';
import type { ReplyItem, ServiceThread } from './types.ts';

export const replyTask: OutboxTaskKind<ReplyItem> = {
  kind: 'reply',
  noun: 'reply',
  one: 'A reply',
  teamClaim: 'item',
  answeredWhat: 'answered this comment',
  platforms: (item) => replyPlatforms(item.request),
  issues: (payload) => replyIssues(payload.request, payload.thread),
  whyNotNow: () => null,
  withText: (item, text) => ({ ...item, request: { ...item.request, comment: text }, text }),
  textOf: (payload) => payload.request.comment,
  claimId: (socialId) => socialId,
  send: (client, item, pending, signal) => client.reply(item.target, requestFor(item.request, pending.filter(isNetwork)), { signal }),
  reconcile: reconcileReply,
  storedRequest: (item) => item.request,
  ownsStoredRequest: (value) => value.to === 'serviceComment' || value.to === 'socialComment',
  readStored: (value, thread): TaskPayload<ReplyItem> => ({
    kind: 'reply',
    request: replyRequestOf(value),
    thread: thread === null || thread === undefined ? null : threadOf(thread),
  }),
};

/** The request for the networks still to go (all of them, the first time). */
export function requestFor(request: ReplyInput, pending: readonly Network[]): ReplyInput {
  if (request.to === 'socialComment') return request;
  const all = replyPlatforms(request);
  return pending.length === all.length ? request : { ...request, platforms: [...pending] };
}

/** Reads the thread once and checks each network in `platforms` for our reply under its parent. */
async function reconcileReply(ports: ReconcilerPorts, item: ReplyItem, platforms: readonly Network[], signal?: AbortSignal): Promise<ReconcileResult> {
  const authors = new Map<Network, string>();
  for (const platform of platforms) {
    const identity = await ports.accountIdentity(item.target, platform);
    if (!identity) throw new IdentityUnknownError(platform);
    authors.set(platform, identity.id);
  }
  const thread = await readThread(ports, item, platforms, signal);
  const result: ReconcileResult = { found: {}, missing: [] };
  const notBefore = earliestOurs(item.firstAttemptAt ?? 0, ports.clockSkewMs);
  for (const platform of platforms) {
    const parentId = parentOn(item, platform);
    const parent = thread === null || parentId === null ? null : findComment(thread[platform], parentId);
    const reply = parent
      ? adoptableReply(parent.replies ?? [], {
          authorId: authors.get(platform) ?? '',
          text: item.text,
          notBefore,
          claimedByOther: (id) => ports.claimedByOther(item, platform, id),
        })
      : null;
    if (reply) result.found[platform] = reply.commentId;
    else result.missing.push(platform);
  }
  return result;
}

/** One read: the parent comment with its replies, or the service post's comments. Null when it is gone (404). */
async function readThread(ports: ReconcilerPorts, item: ReplyItem, platforms: readonly Network[], signal?: AbortSignal): Promise<CommentsResponse | null> {
  const { request } = item;
  const options = signal ? { signal } : {};
  try {
    if (request.to === 'socialComment') {
      return await ports.client.getComments(item.target, { by: 'socialComment', id: request.commentId, platform: request.platform }, options);
    }
    const thread = item.thread;
    if (!thread) throw new Error('unreachable: a reply by service comment id is queued with its thread');
    return await ports.client.getComments(item.target, { by: 'servicePost', id: thread.servicePostId, networks: thread.postNetworks }, options);
  } catch (error) {
    // The parent (or its post) is gone: nothing of ours can be found under it, and a resend will
    // be refused by the service (215) rather than posted.
    if (error instanceof HttpError && error.status === 404 && platforms.length > 0) return null;
    throw error;
  }
}

function parentOn(item: ReplyItem, platform: Network): string | null {
  if (item.request.to === 'socialComment') return item.request.commentId;
  return item.thread?.parents[platform] ?? null;
}

function replyRequestOf(value: Record<string, unknown>): ReplyInput {
  const { to, commentId, comment, mediaUrls } = value;
  if (!isText(commentId) || commentId === '') problem('request.commentId is not a non-empty text');
  if (!isText(comment)) problem('request.comment is not a text');
  if (mediaUrls !== undefined && !(Array.isArray(mediaUrls) && mediaUrls.every(isText))) problem('request.mediaUrls is not a list of texts');
  const media = mediaUrls === undefined ? {} : { mediaUrls: mediaUrls };
  if (to === 'serviceComment') {
    const { platforms } = value;
    if (!Array.isArray(platforms) || platforms.length === 0 || !platforms.every(isNetwork)) problem('request.platforms is not a list of networks');
    return { to, commentId, platforms: platforms, comment, ...media };
  }
  const { platform, commentUrn, videoId } = value;
  if (!isNetwork(platform)) problem('request.platform is not a network');
  if (commentUrn !== undefined && !isText(commentUrn)) problem('request.commentUrn is not a text');
  if (videoId !== undefined && !isText(videoId)) problem('request.videoId is not a text');
  return {
    to: 'socialComment',
    commentId,
    platform,
    comment,
    ...(commentUrn === undefined ? {} : { commentUrn: commentUrn }),
    ...(videoId === undefined ? {} : { videoId: videoId }),
    ...media,
  };
}

function threadOf(value: unknown): ServiceThread {
  if (!isRecord(value)) problem('thread is not an object');
  const { servicePostId, postNetworks, parents } = value;
  if (!isText(servicePostId) || servicePostId === '') problem('thread.servicePostId is not a non-empty text');
  if (!Array.isArray(postNetworks) || !postNetworks.every(isNetwork)) problem('thread.postNetworks is not a list of networks');
  if (!isRecord(parents)) problem('thread.parents is not an object');
  const parsed: Partial<Record<Network, string>> = {};
  for (const [platform, id] of Object.entries(parents)) {
    if (!isNetwork(platform) || !isText(id) || id === '') problem(`thread.parents.${platform} is not a social comment id of a network`);
    parsed[platform] = id;
  }
  return { servicePostId, postNetworks: postNetworks, parents: parsed };
}
