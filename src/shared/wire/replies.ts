// POST /comments/reply/:commentId: a reply to a comment made through the service (service comment
// id, any of its networks) or outside it (social comment id with searchPlatformId, exactly one
// network, plus the full LinkedIn comment URN or the TikTok video id). Spec, "Reply result" and the
// reply endpoint; parameter names from public facts (mediaUrls, commentUrn, videoId, objResponse).
import { z } from 'zod';
import { LINKEDIN_COMMENT_URN, REPLY_BY_SERVICE_ID_NETWORKS, REPLY_BY_SOCIAL_ID_NETWORKS, REPLY_IMAGE_NETWORKS } from '../networks.ts';
import { describeValue, HttpUrlSchema, IdSchema, isBlank, NetworkSchema, PlatformErrorSchema } from './common.ts';
import { imageRule } from './comments.ts';
import { perNetwork } from './perNetwork.ts';

/** Why a LinkedIn comment URN is not the full one, in words a person can act on. */
export function linkedinUrnProblem(urn: string): string | null {
  if (LINKEDIN_COMMENT_URN.test(urn)) return null;
  const shape = 'urn:li:comment:(urn:li:activity:<postId>,<commentId>), as the comment\'s "commentUrn" field gives it';
  if (/^\d+$/.test(urn.trim())) return `LinkedIn needs the full comment URN; this looks like a bare id. Use ${shape}`;
  if (urn.startsWith('urn:li:comment:')) return `This LinkedIn comment URN is incomplete; it must read ${shape}`;
  return `LinkedIn needs the full comment URN ${shape}; got "${urn}"`;
}

/** TikTok video ids are numbers (the id of the video the comment is on). */
const TIKTOK_VIDEO_ID = /^\d+$/;

export const ReplyBodySchema = z
  .looseObject({
    platforms: z.array(NetworkSchema).min(1, 'Name the network(s) to reply on'),
    comment: z.string().optional(),
    searchPlatformId: z.boolean().optional(),
    mediaUrls: z.array(HttpUrlSchema).optional(),
    commentUrn: z.string().optional(),
    videoId: z.string().optional(),
    objResponse: z.boolean().optional(),
    randomComment: z.boolean().optional(),
  })
  .superRefine((body, ctx) => {
    const platforms = [...new Set(body.platforms)];
    if (body.randomComment !== true && isBlank(body.comment)) {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'The reply is empty; write something first' });
    }
    if (body.searchPlatformId === true) {
      if (platforms.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          path: ['platforms'],
          message: `A reply to a comment made outside the service goes to exactly one network; got ${platforms.length}`,
        });
      }
      const refused = platforms.filter((p) => !REPLY_BY_SOCIAL_ID_NETWORKS.includes(p));
      if (refused.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['platforms'],
          message: `Replies to comments made outside the service are possible on ${REPLY_BY_SOCIAL_ID_NETWORKS.join(', ')} only; not on ${refused.join(', ')}`,
        });
      }
      const only = platforms.length === 1 ? platforms[0] : undefined;
      if (only === 'linkedin') {
        if (body.commentUrn === undefined) {
          ctx.addIssue({
            code: 'custom',
            path: ['commentUrn'],
            message: 'A LinkedIn reply to a comment made outside the service needs the full comment URN (the comment\'s "commentUrn" field)',
          });
        } else {
          const problem = linkedinUrnProblem(body.commentUrn);
          if (problem) ctx.addIssue({ code: 'custom', path: ['commentUrn'], message: problem });
        }
      } else if (body.commentUrn !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['commentUrn'], message: 'A comment URN belongs only to a LinkedIn reply by social comment id' });
      }
      if (only === 'tiktok') {
        if (body.videoId === undefined || body.videoId === '') {
          ctx.addIssue({
            code: 'custom',
            path: ['videoId'],
            message: 'A TikTok reply to a comment made outside the service needs the id of the video the comment is on (the comment\'s "videoId" field)',
          });
        } else if (!TIKTOK_VIDEO_ID.test(body.videoId)) {
          ctx.addIssue({ code: 'custom', path: ['videoId'], message: `A TikTok video id is a number; got ${describeValue(body.videoId)}` });
        }
      } else if (body.videoId !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['videoId'], message: 'A video id belongs only to a TikTok reply by social comment id' });
      }
    } else {
      const refused = platforms.filter((p) => !REPLY_BY_SERVICE_ID_NETWORKS.includes(p));
      if (refused.length > 0) {
        ctx.addIssue({
          code: 'custom',
          path: ['platforms'],
          message: `Replies are possible on ${REPLY_BY_SERVICE_ID_NETWORKS.join(', ')}; not on ${refused.join(', ')}`,
        });
      }
      if (body.commentUrn !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['commentUrn'], message: 'A comment URN is needed only for a LinkedIn reply by social comment id' });
      }
      if (body.videoId !== undefined) {
        ctx.addIssue({ code: 'custom', path: ['videoId'], message: 'A video id is needed only for a TikTok reply by social comment id' });
      }
    }
    if (body.mediaUrls !== undefined) imageRule(ctx, body.mediaUrls, platforms, REPLY_IMAGE_NETWORKS, 'A reply');
  });

/** Per network of a reply that was posted. */
export const ReplyMadeSchema = z.looseObject({
  status: z.literal('success'),
  commentId: IdSchema,
  sourceCommentId: z.string().optional(),
  comment: z.string().optional(),
  platform: z.string().optional(),
  postUrl: z.string().optional(),
  cid: z.string().optional(),
  videoId: z.string().optional(),
});
export type ReplyMade = z.infer<typeof ReplyMadeSchema>;

/** The per-network object of a reply that failed on that network (spec: action, status, code, message). */
export const ReplyFailedSchema = PlatformErrorSchema;

/**
 * The reply result, object form. `commentId` (the service comment id of the reply) is there when
 * at least one network took it; a multi-network reply where some failed is HTTP 200 with
 * `status: "error"` and the failures in `errors`.
 */
export const ReplyResponseSchema = z.looseObject({
  status: z.string(),
  id: z.string().optional(),
  commentId: z.string().optional(),
  code: z.number().optional(),
  errors: z.array(PlatformErrorSchema).optional(),
  ...perNetwork(z.union([ReplyMadeSchema, ReplyFailedSchema])),
});
export type ReplyResponse = z.infer<typeof ReplyResponseSchema>;

/** `objResponse: false` answers `[ {…} ]`; the client accepts both and works with the object. */
export const ReplyResponseAnyShapeSchema = z.union([ReplyResponseSchema, z.tuple([ReplyResponseSchema]).transform(([only]) => only)]);
