// A comment by someone outside the account (injected through the control surface or made up by
// the activity generator): stored like any other, and announced by the `comments` webhook event.
import type { SandboxRuntime } from '../runtime.ts';
import { addComment } from './commentWrites.ts';
import type { CommentState, NetworkPostState } from './types.ts';

export function addOutsideComment(
  runtime: SandboxRuntime,
  input: { post: NetworkPostState; text: string; from: { id: string; username: string }; parent?: CommentState },
): CommentState {
  const comment = addComment(runtime.world, { ...input, byAccount: false, created: runtime.now() });
  const profile = runtime.world.profileByRefId(input.post.profileRefId);
  if (profile) {
    const payload: Record<string, unknown> = {
      action: 'comments',
      created: comment.created,
      refId: profile.refId,
      platform: comment.platform,
      socialPostId: input.post.socialId,
      id: comment.socialId,
      comment: comment.text,
      from: comment.from,
    };
    if (input.post.serviceId) payload.postId = input.post.serviceId;
    runtime.webhooks.dispatch(profile, 'comments', payload);
  }
  return comment;
}
