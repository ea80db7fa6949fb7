// Comments: the comment record of GET /comments, POST /comments/:id (a comment on a post) and
// DELETE /comments/:id (spec, "Comment operations referred to"; public facts, Operations).
import { z } from 'zod';
import { COMMENT_IMAGE_NETWORKS } from '../networks.ts';
import { CommentNetworkSchema, HttpUrlSchema, IdSchema, isBlank, NetworkSchema, PlatformErrorSchema, TimestampSchema } from './common.ts';
import { perCommentNetwork, perNetwork } from './perNetwork.ts';

/**
 * One comment as GET /comments lists it. The client relies on the text, the social comment id,
 * the time and the network; the rest is optional here (the spec shows it for instagram only).
 */
export const CommentRecordSchema = z.looseObject({
  comment: z.string(),
  commentId: IdSchema,
  created: TimestampSchema,
  platform: z.string(),
  from: z.looseObject({ id: z.string(), username: z.string() }).optional(),
  username: z.string().optional(),
  hidden: z.boolean().optional(),
  likeCount: z.number().optional(),
  postId: z.string().nullable().optional(),
  /** linkedin: the full URN a reply by social comment id needs. */
  commentUrn: z.string().optional(),
  /** tiktok: the video id a reply by social comment id needs. */
  videoId: z.string().optional(),
  /** bluesky: the content id of the comment. */
  cid: z.string().optional(),
  get replies() {
    return z.array(CommentRecordSchema).optional();
  },
});
export type CommentRecord = z.infer<typeof CommentRecordSchema>;

/** GET /comments/:id in all three addressings: `{status, id?, <platform>: [records]}`. */
export const CommentsResponseSchema = z.looseObject({
  status: z.string(),
  id: z.string().optional(),
  ...perCommentNetwork(z.array(CommentRecordSchema)),
});
export type CommentsResponse = z.infer<typeof CommentsResponseSchema>;

/** GET /comments/:id query. `commentId` needs `searchPlatformId` and `platform` (public facts). */
export const CommentsQuerySchema = z
  .object({
    searchPlatformId: z.boolean().optional(),
    platform: NetworkSchema.optional(),
    commentId: z.boolean().optional(),
  })
  .superRefine((query, ctx) => {
    if (query.searchPlatformId === true && query.platform === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['platform'],
        message: 'Reading comments by a social id needs the network the id belongs to',
      });
    }
    if (query.commentId === true && query.searchPlatformId !== true) {
      ctx.addIssue({
        code: 'custom',
        path: ['commentId'],
        message: 'Reading one comment by its id works only with a social comment id and its network',
      });
    }
  });

/**
 * POST /comments/:id body. With `searchPlatformId` the path value is a social post id and exactly
 * one network is named; `mediaUrls` is one image URL, on facebook, linkedin and twitter only.
 */
export const PostCommentBodySchema = z
  .looseObject({
    comment: z.string().optional(),
    platforms: z.array(CommentNetworkSchema).min(1, 'Name at least one network, or leave the list out to comment everywhere the post is').optional(),
    searchPlatformId: z.boolean().optional(),
    mediaUrls: z.array(HttpUrlSchema).optional(),
    randomComment: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    if (body.randomComment !== true) {
      if (isBlank(body.comment)) ctx.addIssue({ code: 'custom', path: ['comment'], message: 'The comment is empty; write something first' });
    }
    if (body.searchPlatformId === true && new Set(body.platforms ?? []).size !== 1) {
      ctx.addIssue({
        code: 'custom',
        path: ['platforms'],
        message: 'A comment on a post made outside the service names exactly one network: the one the post is on',
      });
    }
    if (body.mediaUrls !== undefined) {
      imageRule(ctx, body.mediaUrls, body.platforms, COMMENT_IMAGE_NETWORKS, 'A comment');
    }
  });

/**
 * One image URL, and only on the networks that take one. `targets` undefined means "not known
 * from the body alone"; the client checks the post's networks itself then.
 */
export function imageRule(
  ctx: z.RefinementCtx,
  urls: readonly string[],
  targets: readonly string[] | undefined,
  allowed: readonly string[],
  what: string,
): void {
  if (urls.length !== 1) {
    ctx.addIssue({ code: 'custom', path: ['mediaUrls'], message: `${what} takes exactly one image; got ${urls.length}` });
  }
  const refused = (targets ?? []).filter((target) => !allowed.includes(target));
  if (refused.length > 0) {
    ctx.addIssue({
      code: 'custom',
      path: ['mediaUrls'],
      message: `${what} can carry an image only on ${allowed.join(', ')}; not on ${refused.join(', ')}`,
    });
  }
}

/** Per network of a comment made: the social comment id it got there. */
export const CommentMadeSchema = z.looseObject({
  status: z.string(),
  commentId: IdSchema,
  comment: z.string().optional(),
  platform: z.string().optional(),
  commentUrn: z.string().optional(),
  videoId: z.string().optional(),
});

/** POST /comments/:id response: `{status, id, commentId, <platform>: {…}, errors?}`. */
export const PostCommentResponseSchema = z.looseObject({
  status: z.string(),
  id: z.string().optional(),
  commentId: IdSchema,
  errors: z.array(PlatformErrorSchema).optional(),
  ...perCommentNetwork(CommentMadeSchema),
});
export type PostCommentResponse = z.infer<typeof PostCommentResponseSchema>;

/** DELETE /comments/:id body: empty, or `{searchPlatformId: true, platform}` for a social comment id. */
export const DeleteCommentBodySchema = z
  .looseObject({
    searchPlatformId: z.boolean().optional(),
    platform: NetworkSchema.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.searchPlatformId === true && body.platform === undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['platform'],
        message: 'Deleting a comment by its social id needs the network the comment is on',
      });
    }
  });

export const DeletedCommentSchema = z.looseObject({
  action: z.string().optional(),
  status: z.string(),
  id: z.string().optional(),
  comment: z.string().optional(),
});

/** DELETE /comments/:id response: per network one entry, or a list when a post id deleted several. */
export const DeleteCommentResponseSchema = z.looseObject({
  status: z.string(),
  ...perNetwork(z.union([DeletedCommentSchema, z.array(DeletedCommentSchema)])),
});
export type DeleteCommentResponse = z.infer<typeof DeleteCommentResponseSchema>;
