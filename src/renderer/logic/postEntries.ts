// The Posts view's entries: each post once, except that a twitter thread's tweets make one entry
// (where its newest tweet is) and one publication's posts on several networks make one entry (where
// its first post is, decision 0051). The publication is the store's key (the service post id a
// cross-post shares); a post without one stands alone. A tweet of a thread stays in its thread.
// Pure: no DOM, no bridge.
import type { PostSummary } from '../../shared/domain/posts.ts';
import type { PostThread } from '../../shared/domain/twitterThreads.ts';
import { NETWORKS } from '../../shared/networks.ts';

export type PostEntry =
  | { kind: 'post'; summary: PostSummary }
  | { kind: 'thread'; thread: PostThread; members: PostSummary[] }
  /** Two or more networks' posts of one publication, in the networks' fixed order. */
  | { kind: 'publication'; publicationKey: string; members: PostSummary[] };

/** The publication a post belongs to: the store's key, else (an older core) its service post id, else itself. */
export function publicationOf(summary: Pick<PostSummary, 'post'>): string {
  return summary.post.publicationKey ?? summary.post.servicePostId ?? summary.post.key;
}

export function postEntries(posts: readonly PostSummary[], threads: readonly PostThread[]): PostEntry[] {
  const threadOf = new Map<string, PostThread>();
  for (const thread of threads) for (const key of thread.keys) threadOf.set(key, thread);
  const byKey = new Map(posts.map((summary) => [summary.post.key, summary]));
  const publications = new Map<string, PostSummary[]>();
  for (const summary of posts) {
    if (threadOf.has(summary.post.key)) continue;
    const key = publicationOf(summary);
    const members = publications.get(key);
    if (members === undefined) publications.set(key, [summary]);
    else members.push(summary);
  }
  const placed = new Set<string>();
  const entries: PostEntry[] = [];
  for (const summary of posts) {
    const thread = threadOf.get(summary.post.key);
    if (thread !== undefined) {
      if (placed.has(`thread:${thread.headKey}`)) continue;
      placed.add(`thread:${thread.headKey}`);
      const members = thread.keys.map((key) => byKey.get(key)).filter((m): m is PostSummary => m !== undefined);
      entries.push({ kind: 'thread', thread, members });
      continue;
    }
    const publicationKey = publicationOf(summary);
    const members = publications.get(publicationKey) ?? [summary];
    if (members.length === 1) {
      entries.push({ kind: 'post', summary });
      continue;
    }
    if (placed.has(`publication:${publicationKey}`)) continue;
    placed.add(`publication:${publicationKey}`);
    const order = (s: PostSummary) => NETWORKS.indexOf(s.post.platform);
    entries.push({ kind: 'publication', publicationKey, members: [...members].sort((a, b) => order(a) - order(b)) });
  }
  return entries;
}
