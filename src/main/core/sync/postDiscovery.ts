// GET /history (posts made through the service, with their social ids per network) and
// GET /history/:platform (the network's own list, which also has posts made outside the service)
// → the post rows the store keeps. A post on both lists is one row: the service's list says it was
// made through the service, which decides how its comments are fetched (one request for all its
// networks), so that knowledge is never overwritten by the network's list.
import { isNetwork, type Network } from '../../../shared/networks.ts';
import type { HistoryEntry, HistoryResponse, NetworkPost, NetworkHistoryResponse } from '../../../shared/wire/posts.ts';
import type { PostKey, PostRecord } from '../store/types.ts';

export function postKeyOf(platform: Network, socialPostId: string): PostKey {
  return `${platform}:${socialPostId}`;
}

export interface ServiceHistory {
  posts: PostRecord[];
  /** Service posts the service lists as deleted: no longer worth a request. */
  deletedServicePostIds: string[];
}

/** One row per network a service post was published on. */
export function postsFromHistory(profileId: string, response: HistoryResponse): ServiceHistory {
  const posts: PostRecord[] = [];
  const deletedServicePostIds: string[] = [];
  for (const entry of response.history) {
    if (entry.status === 'deleted') {
      deletedServicePostIds.push(entry.id);
      continue;
    }
    for (const published of entry.postIds ?? []) {
      // A network the post failed on has no social post to read.
      if (published.status !== undefined && published.status !== 'success') continue;
      const platform = published.platform;
      if (!isNetwork(platform)) continue;
      posts.push({
        profileId,
        platform,
        socialPostId: published.id,
        servicePostId: entry.id,
        text: entry.post ?? '',
        url: published.postUrl ?? null,
        created: entry.created ?? '',
        disableComments: disableCommentsOf(entry),
        raw: entry,
      });
    }
  }
  return { posts, deletedServicePostIds };
}

/** The service's list does not say whether comments are off; a field of that name is honoured. */
function disableCommentsOf(entry: HistoryEntry): boolean {
  return (entry as { disableComments?: unknown }).disableComments === true;
}

export function postsFromNetworkHistory(profileId: string, platform: Network, response: NetworkHistoryResponse): PostRecord[] {
  return response.posts.map((post: NetworkPost) => ({
    profileId,
    platform,
    socialPostId: post.id,
    servicePostId: null,
    text: post.post ?? '',
    url: post.postUrl ?? null,
    created: post.created ?? '',
    disableComments: false,
    raw: post,
  }));
}

/**
 * The rows to upsert: the service's list first, then the network lists' posts it lacks. What the
 * store already knows fills the gaps an answer leaves (a service post id learnt earlier, a creation
 * time, comments turned off), so an incomplete answer never erases knowledge. `now` stands in for a
 * creation time nobody gave.
 */
export function mergeDiscoveredPosts(
  service: readonly PostRecord[],
  outside: readonly PostRecord[],
  known: (key: PostKey) => PostRecord | null,
  now: number,
): PostRecord[] {
  const merged = new Map<PostKey, PostRecord>();
  for (const post of service) merged.set(postKeyOf(post.platform, post.socialPostId), post);
  for (const post of outside) {
    const key = postKeyOf(post.platform, post.socialPostId);
    const fromService = merged.get(key);
    if (fromService) {
      if (fromService.url === null && post.url !== null) merged.set(key, { ...fromService, url: post.url });
      continue;
    }
    merged.set(key, post);
  }
  const fallbackCreated = new Date(now).toISOString();
  return [...merged.entries()].map(([key, post]) => {
    const before = known(key);
    return {
      ...post,
      servicePostId: post.servicePostId ?? before?.servicePostId ?? null,
      created: validTime(post.created) ? post.created : before && validTime(before.created) ? before.created : fallbackCreated,
      url: post.url ?? before?.url ?? null,
      text: post.text !== '' ? post.text : (before?.text ?? ''),
      disableComments: post.disableComments || (before?.disableComments ?? false),
    };
  });
}

function validTime(text: string): boolean {
  return text !== '' && Number.isFinite(Date.parse(text));
}
