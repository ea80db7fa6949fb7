// The parts of a client call that are not in the request body: which post or comment the path
// addresses and how (service id, social id with its network), and the networks the addressed post
// or comment lives on, which decide whether the X key pair goes with the request.
import { z } from 'zod';
import { DISABLE_COMMENTS_NETWORKS } from '../networks.ts';
import { CommentNetworkSchema, IdSchema, NetworkSchema } from './common.ts';
import { NetworkHistoryQuerySchema } from './posts.ts';

/** The networks a post or comment is on, as its post or history entry told them. */
export const NetworksSchema = z.array(NetworkSchema).min(1, 'Say which networks the post or comment is on (from its post or history entry)');

export const CommentsAddressSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('servicePost'), id: IdSchema, networks: NetworksSchema }),
  z.object({ by: z.literal('socialPost'), id: IdSchema, platform: NetworkSchema }),
  z.object({ by: z.literal('socialComment'), id: IdSchema, platform: NetworkSchema }),
]);

export const PostCommentAddressSchema = z.discriminatedUnion('on', [
  z.looseObject({ on: z.literal('servicePost'), postId: IdSchema, networks: NetworksSchema }),
  z.looseObject({ on: z.literal('socialPost'), postId: IdSchema, platform: CommentNetworkSchema }),
]);

export const DeleteCommentAddressSchema = z.discriminatedUnion('by', [
  z.object({ by: z.literal('serviceComment'), id: IdSchema, networks: NetworksSchema }),
  z.object({ by: z.literal('servicePost'), id: IdSchema, networks: NetworksSchema }),
  z.object({ by: z.literal('socialComment'), id: IdSchema, platform: NetworkSchema }),
]);

export const ReplyAddressSchema = z.looseObject({
  to: z.enum(['serviceComment', 'socialComment'], 'Say whether the comment replied to was made through the service or outside it'),
  commentId: IdSchema,
});

/** A call addressed by a service post id, with the networks the post is on. */
export const ServicePostAddressSchema = z.looseObject({ id: IdSchema, networks: NetworksSchema });

/** PUT /post: comments can be turned on or off only on instagram, linkedin and tiktok. */
export const UpdatePostAddressSchema = ServicePostAddressSchema.superRefine((input, ctx) => {
  if (!input.networks.some((network) => DISABLE_COMMENTS_NETWORKS.includes(network))) {
    ctx.addIssue({
      code: 'custom',
      path: ['disableComments'],
      message: `Comments can be turned on or off only on ${DISABLE_COMMENTS_NETWORKS.join(', ')}; this post is on ${input.networks.join(', ')}`,
    });
  }
});

export const NetworkHistoryAddressSchema = z.looseObject({ platform: NetworkSchema }).and(NetworkHistoryQuerySchema);
