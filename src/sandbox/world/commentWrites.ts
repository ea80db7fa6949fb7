// Making comments: by the profile's own account (through the service) and by outside people (the
// control surface and the activity generator). One place, so every comment gets ids of its
// network's format, a cid on bluesky, and an entry in the indexes.
import type { Network } from '../../shared/networks.ts';
import { newSocialComment, serviceId } from '../ids.ts';
import { isoSeconds } from '../time.ts';
import type { CommentState, NetworkPostState, ProfileState } from './types.ts';
import { postKey } from './types.ts';
import type { World } from './world.ts';

export interface NewComment {
  post: NetworkPostState;
  text: string;
  from: { id: string; username: string };
  byAccount: boolean;
  parent?: CommentState;
  created: Date;
  serviceCommentId?: string | null;
}

export function addComment(world: World, input: NewComment): CommentState {
  const { post } = input;
  let ids = newSocialComment(world.draw(), post.platform, post, input.from.id);
  while (world.comment(post.platform, ids.socialId)) ids = newSocialComment(world.draw(), post.platform, post, input.from.id);
  // A comment is never older than what it answers, even if the clock was set back.
  const notBefore = input.parent?.created ?? post.created;
  const created = new Date(Math.max(input.created.getTime(), Date.parse(notBefore)));
  const comment: CommentState = {
    platform: post.platform,
    socialId: ids.socialId,
    postKey: postKey(post.platform, post.socialId),
    parentSocialId: input.parent?.socialId ?? null,
    text: input.text,
    created: isoSeconds(created),
    from: input.from,
    likeCount: 0,
    hidden: false,
    byAccount: input.byAccount,
    serviceCommentId: input.serviceCommentId ?? null,
    deleted: false,
  };
  if (ids.cid) comment.cid = ids.cid;
  world.addComment(comment);
  return comment;
}

/** The profile's account on a network, as the author of its own comments. */
export function accountAuthor(profile: ProfileState, platform: Network): { id: string; username: string } {
  const identity = profile.accounts[platform];
  return identity ? { id: identity.id, username: identity.username } : { id: profile.refId, username: profile.title };
}

export function newServiceCommentId(world: World): string {
  return world.unique(
    () => serviceId(world.draw()),
    (id) => world.serviceComment(id) !== undefined,
  );
}
