// The comments job of one poll target: read its comments (one request for a service post's
// networks, or one per network post), store them post by post, tell the host about new ones, and
// plan the target's next poll (its interval after success, backoff after a failure).
import type { CommentsResponse } from '../../../shared/wire/comments.ts';
import { commentInputsOf, newestCommentAt, recordsFor } from './commentRecords.ts';
import { keepFetched } from './fetchedWrites.ts';
import type { StoreFailure } from './jobFailures.ts';
import { retryDelay } from './pollPolicy.ts';
import { maxOrNull, type PollPost, type PollTarget } from './pollTargets.ts';
import type { SyncClient } from './syncClient.ts';
import type { SyncJobContext } from './syncJobContext.ts';

export async function pollComments(context: SyncJobContext, target: PollTarget): Promise<void> {
  const { ports, requests, policy } = context;
  const { client, clock } = ports;
  const startedAt = clock.now();
  const withoutTwitter = requests.twitterBlocked(startedAt);
  const posts = withoutTwitter ? target.posts.filter((p) => p.platform !== 'twitter') : target.posts;
  if (posts.length === 0) {
    target.manual = false;
    target.dueAt = requests.twitterBlockedUntil;
    return;
  }
  // Without twitter, a service post's other networks are read one by one by their social ids.
  const parts: { address: Parameters<SyncClient['getComments']>[1]; posts: PollPost[] }[] =
    target.servicePostId !== null && posts.length === target.posts.length
      ? [{ address: { by: 'servicePost', id: target.servicePostId, networks: posts.map((p) => p.platform) }, posts }]
      : posts.map((post) => ({ address: { by: 'socialPost', id: post.socialPostId, platform: post.platform }, posts: [post] }));
  try {
    for (const part of parts) {
      const response = await requests.request((options) => client.getComments(requests.target, part.address, options));
      ingest(context, target, part.posts, response);
    }
    const now = clock.now();
    target.manual = false;
    target.failures = 0;
    target.lastPolledAt = target.posts.every((p) => p.lastPolledAt !== null) ? Math.min(...target.posts.map((p) => p.lastPolledAt ?? now)) : null;
    target.dueAt = now + context.intervalOf(target, now);
  } catch (error) {
    const postKey = target.posts[0]?.key;
    requests.failed(error, {
      ...(postKey ? { postKey } : {}),
      retry: () => {
        target.manual = false;
        target.failures++;
        target.dueAt = startedAt + retryDelay(target.failures, policy);
      },
      gone: () => {
        target.manual = false;
        target.dueAt = startedAt + policy.maxMs;
        context.postsGone?.(target.posts.map((post) => post.key));
      },
    });
  } finally {
    context.emitProgress();
  }
}

/**
 * Stores one answer, post by post: a post the store refuses does not cost the others theirs.
 * Throws the first refusal after the others were stored, so the poll is retried.
 */
function ingest(context: SyncJobContext, target: PollTarget, posts: PollPost[], response: CommentsResponse): void {
  const { clock } = context.ports;
  // Epoch ms as the store keeps them: whole numbers, whatever the clock says.
  const now = Math.floor(clock.now());
  let refused: StoreFailure | undefined;
  for (const post of posts) {
    const rows = commentInputsOf(recordsFor(response, post.platform), post.platform, post.socialPostId);
    const firstFetch = post.lastPolledAt === null;
    try {
      // Stored, and in a team shared: the other devices replay it instead of asking (fetchedWrites.ts).
      keepFetched(context, { op: 'comments', postKey: post.key, rows, polledAt: now, firstFetch });
    } catch (error) {
      refused ??= error as StoreFailure;
      continue;
    }
    post.lastPolledAt = now;
    target.lastCommentAt = maxOrNull(target.lastCommentAt, newestCommentAt(rows));
  }
  if (refused) throw refused;
}
