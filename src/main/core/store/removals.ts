// What leaves the store with a deleted comment or a post no longer tracked, beyond its own rows:
// the item state, the "replied" of the comment an answer by the account answered, what the sync
// noted as seen of the post. Each runs in the caller's write transaction.
import type { PostKey } from '../../../shared/domain/keys.ts';
import type { ItemStates } from './itemStates.ts';
import type { SocialRef } from './keys.ts';
import type { PostTable } from './posts.ts';
import type { RepliedFlags } from './repliedFlags.ts';
import type { SeenPosts } from './seenPosts.ts';
import type { Statements } from './statements.ts';

/** A comment deleted on its network; false when the store did not have it. */
export function removeComment(parts: { statements: Statements; states: ItemStates; replied: RepliedFlags }, key: string, ref: SocialRef): boolean {
  const row = parts.statements
    .get('SELECT id, profile_id AS profile, by_account AS mine FROM comments WHERE platform = ? AND social_comment_id = ?')
    .get(ref.platform, ref.socialId) as { id: number; profile: number; mine: number } | undefined;
  if (row === undefined) return false;
  // Triggers take it out of the inbox, its counts and the search index.
  parts.states.forget(key);
  parts.statements.get('DELETE FROM comments WHERE id = ?').run(row.id);
  // An answer by the account is gone: the comment it answered may need a reply again.
  if (row.mine === 1) parts.replied.recompute(row.profile);
  return true;
}

/** A post no longer tracked, with its comments; false when the store did not track it. */
export function removeTrackedPost(parts: { posts: PostTable; replied: RepliedFlags; seen: SeenPosts }, key: PostKey): boolean {
  const result = parts.posts.removeTracked(key);
  // An answer by the account may have gone with the post's comments.
  if (result.removedComments > 0 && result.profileRowId !== null) parts.replied.recompute(result.profileRowId);
  if (result.removed) parts.seen.forget(key);
  return result.removed;
}
