// What one comments request covers. A post made through the service is read with one request for
// all its networks (GET /comments/:servicePostId); a post made outside the service, by its social
// id on its one network. So the store's per-network posts are grouped into poll targets.
import type { Network } from '../../../shared/networks.ts';
import type { PostKey, PostSyncState } from '../store/types.ts';

export interface PollPost {
  key: PostKey;
  platform: Network;
  socialPostId: string;
  /** Epoch ms of the last comments poll, or null before the first. */
  lastPolledAt: number | null;
}

export interface PollTargetSeed {
  /** `service:<servicePostId>` or the post key of an outside post. */
  id: string;
  servicePostId: string | null;
  posts: PollPost[];
  /** Epoch ms the post was made (the newest of its networks'). */
  created: number;
  lastCommentAt: number | null;
  /** The oldest of its posts' last polls; null while any of them was never polled. */
  lastPolledAt: number | null;
}

export function groupIntoTargets(states: readonly PostSyncState[]): PollTargetSeed[] {
  const targets = new Map<string, PollTargetSeed>();
  for (const state of states) {
    const { post } = state;
    const id = post.servicePostId !== null ? `service:${post.servicePostId}` : `${post.platform}:${post.socialPostId}`;
    const created = timeOf(post.created) ?? 0;
    const lastCommentAt = state.lastCommentAt === null ? null : timeOf(state.lastCommentAt);
    const pollPost: PollPost = {
      key: `${post.platform}:${post.socialPostId}`,
      platform: post.platform,
      socialPostId: post.socialPostId,
      lastPolledAt: state.lastPolledAt,
    };
    const target = targets.get(id);
    if (!target) {
      targets.set(id, { id, servicePostId: post.servicePostId, posts: [pollPost], created, lastCommentAt, lastPolledAt: state.lastPolledAt });
      continue;
    }
    target.posts.push(pollPost);
    target.created = Math.max(target.created, created);
    target.lastCommentAt = maxOrNull(target.lastCommentAt, lastCommentAt);
    target.lastPolledAt = target.lastPolledAt === null || state.lastPolledAt === null ? null : Math.min(target.lastPolledAt, state.lastPolledAt);
  }
  return [...targets.values()];
}

export function maxOrNull(a: number | null, b: number | null): number | null {
  if (a === null) return b;
  if (b === null) return a;
  return Math.max(a, b);
}

function timeOf(text: string): number | null {
  const at = Date.parse(text);
  return Number.isFinite(at) ? at : null;
}

/** A poll target as the scheduler tracks it: when it is due, and what only memory knows. */
export interface PollTarget extends PollTargetSeed {
  /** Epoch ms when its next poll is due. */
  dueAt: number;
  /** "Refresh now" asked for it. */
  manual: boolean;
  /** Failed polls in a row. */
  failures: number;
}

/**
 * The targets after reading the store again: what memory knew of each (due time, a refresh asked
 * for, failures) is kept; a new target, or a known one with a network never fetched, is due now;
 * a target known only to the store is due one interval after its last poll.
 */
export function mergeTargets(
  previous: ReadonlyMap<string, PollTarget>,
  seeds: readonly PollTargetSeed[],
  now: number,
  intervalOf: (target: PollTarget) => number,
): Map<string, PollTarget> {
  const targets = new Map<string, PollTarget>();
  for (const seed of seeds) {
    const before = previous.get(seed.id);
    const target: PollTarget = {
      ...seed,
      lastCommentAt: maxOrNull(before?.lastCommentAt ?? null, seed.lastCommentAt),
      lastPolledAt: before ? before.lastPolledAt : seed.lastPolledAt,
      dueAt: now,
      manual: before?.manual ?? false,
      failures: before?.failures ?? 0,
    };
    const newNetwork = before !== undefined && seed.posts.some((p) => p.lastPolledAt === null && !before.posts.some((b) => b.key === p.key));
    if (newNetwork) target.lastPolledAt = null;
    if (before && !newNetwork) target.dueAt = before.dueAt;
    else if (target.lastPolledAt !== null) target.dueAt = target.lastPolledAt + intervalOf(target);
    targets.set(target.id, target);
  }
  return targets;
}
