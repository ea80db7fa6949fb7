// The seeded comments: heavy-tailed counts per post, replies and replies to replies, the account's
// own answers (some made through the service) and its comments under some of its service posts.
import { type Network, REPLY_BY_SOCIAL_ID_NETWORKS } from '../../shared/networks.ts';
import { type NetworkIdentity, newSocialComment, serviceId } from '../ids.ts';
import { HOUR, iso, laterTime, SECOND, type Seeding } from './seedSupport.ts';
import { type CommentState, type NetworkPostState, type ProfileState, postKey, type ServiceCommentState } from './types.ts';
import { accountCommentText, accountReplyText, type Author, type CommentKind, outsideComment, outsideReplyText } from './vocabulary.ts';

/** Comments on one post, replies and the account's own included. */
const MAX_COMMENTS_PER_POST = 600;
/** Typical comment counts differ by network; these are the Pareto scales (median ≈ 0.8 × scale). */
const COMMENT_SCALE: Record<Network, number> = {
  bluesky: 2,
  facebook: 4,
  instagram: 6,
  linkedin: 3,
  tiktok: 7,
  twitter: 3,
  youtube: 5,
  threads: 3,
};
const COMMENT_TAIL_SHAPE = 1.15;
/** Draws beyond `above` become a count in [min, above]: the tail stays below MAX_COMMENTS_PER_POST. */
const TAIL_FOLD = { min: 300, above: 550 };
/** One post in every world goes viral, so a client always meets a post with hundreds of comments. */
const VIRAL_COMMENTS = { min: 280, max: 560 };

/** How likely a top-level comment gets replies, and how likely the account answers first. */
const REPLY_CHANCE: Record<CommentKind, number> = {
  question: 0.45,
  complaint: 0.5,
  compliment: 0.12,
  emoji: 0.05,
  tag: 0.3,
  long: 0.3,
  spam: 0.03,
  chatter: 0.08,
};
const ACCOUNT_ANSWERS_FIRST: Record<CommentKind, number> = {
  question: 0.65,
  complaint: 0.7,
  compliment: 0.7,
  emoji: 0.5,
  tag: 0.1,
  long: 0.6,
  spam: 0,
  chatter: 0.3,
};
/** Share of the account's replies on reply-capable networks that were made through the service. */
const REPLY_THROUGH_SERVICE = 0.4;
/** Share of service posts under which the account left a comment through the service. */
const ACCOUNT_COMMENT_ON_POST = 0.12;

/** A comment the account left under some of its service posts, on every network of the post at once. */
export function seedAccountCommentsOnServicePosts(s: Seeding, profilesByRef: Map<string, ProfileState>): void {
  const { rng } = s;
  const postsByService = new Map<string, NetworkPostState[]>();
  for (const post of s.networkPosts) {
    if (post.serviceId === null) continue;
    const list = postsByService.get(post.serviceId);
    if (list) list.push(post);
    else postsByService.set(post.serviceId, [post]);
  }
  for (const servicePost of s.servicePosts) {
    if (!rng.chance(ACCOUNT_COMMENT_ON_POST)) continue;
    const posts = postsByService.get(servicePost.serviceId) ?? [];
    if (posts.some((p) => p.disableComments)) continue;
    const createdMs = Date.parse(servicePost.created) + rng.int(2 * 60, 90 * 60) * SECOND;
    if (createdMs > s.nowMs) continue;
    const profile = profilesByRef.get(servicePost.profileRefId) as ProfileState;
    const text = accountCommentText(rng);
    const serviceComment: ServiceCommentState = {
      serviceCommentId: serviceId(rng),
      profileRefId: profile.refId,
      postServiceId: servicePost.serviceId,
      socialIds: {},
    };
    for (const post of posts) {
      const owner = profile.accounts[post.platform] as NetworkIdentity;
      const comment = addComment(s, post, {
        parentSocialId: null,
        text,
        createdMs,
        from: { id: owner.id, username: owner.username },
        byAccount: true,
      });
      comment.serviceCommentId = serviceComment.serviceCommentId;
      serviceComment.socialIds[post.platform] = comment.socialId;
    }
    s.serviceComments.push(serviceComment);
  }
}

/** How many comments a post has drawn by now: heavy-tailed, fewer on fresh posts. */
function commentBudget(s: Seeding, post: NetworkPostState): number {
  const { rng } = s;
  if (s.disabledAtPublish.has(post)) return 0;
  if (post === s.viral) return rng.int(VIRAL_COMMENTS.min, VIRAL_COMMENTS.max);
  // Replies to a retweet belong to the original tweet; the account sees only a few.
  if (!post.owned && post.platform === 'twitter') return rng.int(0, 3);
  let drawn = rng.pareto(COMMENT_SCALE[post.platform], COMMENT_TAIL_SHAPE, Number.MAX_SAFE_INTEGER);
  // Fold the far tail back into "several hundred" rather than piling posts up at the cap, and leave
  // room for the account's own comment made through the service.
  if (drawn > TAIL_FOLD.above) drawn = rng.int(TAIL_FOLD.min, TAIL_FOLD.above);
  const ageHours = (s.nowMs - Date.parse(post.created)) / HOUR;
  const freshness = Math.pow(Math.min(1, ageHours / 36), 0.6);
  const budget = Math.min(MAX_COMMENTS_PER_POST - 1, Math.round(drawn * freshness));
  return s.disabledLater.has(post) ? Math.min(budget, 40) : budget;
}

export function seedCommentsOn(s: Seeding, post: NetworkPostState, profile: ProfileState): void {
  const { rng } = s;
  const platform = post.platform;
  const owner = profile.accounts[platform];
  // Only the post's owner answers as the account; on someone else's video the business is a guest.
  const accountMayReply = post.owned && owner !== undefined;
  const startMs = Date.parse(post.created);
  const endMs = s.disabledLater.get(post) ?? s.nowMs;
  let remaining = commentBudget(s, post);

  while (remaining > 0) {
    const createdMs = laterTime(rng, startMs, endMs, 4 * HOUR, 0.25);
    if (createdMs === null) break;
    const author = pickAuthor(s, platform);
    const { text, kind } = outsideComment(rng, platform);
    const top = addComment(s, post, {
      parentSocialId: null,
      text,
      createdMs,
      from: author,
      byAccount: false,
      likeCount: rng.pareto(1.2, 1.3, 400),
      hidden: rng.chance(0.02),
    });
    remaining--;
    if (remaining === 0 || !rng.chance(REPLY_CHANCE[kind])) continue;

    const replyCount = Math.min(remaining, rng.int(1, 3));
    let last = top;
    for (let j = 0; j < replyCount; j++) {
      // Mostly answers to the comment itself; sometimes to the reply before (a reply to a reply).
      const parent = j > 0 && rng.chance(0.35) ? last : top;
      const accountChance = j === 0 ? ACCOUNT_ANSWERS_FIRST[kind] : last.byAccount ? 0 : 0.4;
      const byAccount = accountMayReply && !parent.byAccount && rng.chance(accountChance);
      const replyMs = laterTime(rng, Date.parse(parent.created), endMs, byAccount ? 2 * HOUR : 3 * HOUR, 0.1);
      if (replyMs === null) break;
      let reply: CommentState;
      if (byAccount && owner) {
        reply = addComment(s, post, {
          parentSocialId: parent.socialId,
          text: accountReplyText(rng, kind, platform, parent.from.username),
          createdMs: replyMs,
          from: { id: owner.id, username: owner.username },
          byAccount: true,
          likeCount: rng.int(0, 3),
        });
        if (REPLY_BY_SOCIAL_ID_NETWORKS.includes(platform) && rng.chance(REPLY_THROUGH_SERVICE)) {
          reply.serviceCommentId = serviceId(rng);
          s.serviceComments.push({
            serviceCommentId: reply.serviceCommentId,
            profileRefId: profile.refId,
            postServiceId: post.serviceId,
            socialIds: { [platform]: reply.socialId },
          });
        }
      } else {
        // After the account answered, the person who asked often says thanks.
        const from = last.byAccount && rng.chance(0.5) ? top.from : pickAuthor(s, platform);
        reply = addComment(s, post, {
          parentSocialId: parent.socialId,
          text: outsideReplyText(rng, platform, parent.from.username),
          createdMs: replyMs,
          from,
          byAccount: false,
          likeCount: rng.pareto(0.8, 1.5, 100),
          hidden: rng.chance(0.02),
        });
      }
      last = reply;
      remaining--;
    }
  }
}

interface NewComment {
  parentSocialId: string | null;
  text: string;
  createdMs: number;
  from: Author;
  byAccount: boolean;
  likeCount?: number;
  hidden?: boolean;
}

function addComment(s: Seeding, post: NetworkPostState, spec: NewComment): CommentState {
  const platform = post.platform;
  let ids = newSocialComment(s.rng, platform, post, spec.from.id);
  while (s.takenCommentKeys.has(postKey(platform, ids.socialId))) {
    ids = newSocialComment(s.rng, platform, post, spec.from.id);
  }
  s.takenCommentKeys.add(postKey(platform, ids.socialId));
  const comment: CommentState = {
    platform,
    socialId: ids.socialId,
    postKey: postKey(platform, post.socialId),
    parentSocialId: spec.parentSocialId,
    text: spec.text,
    created: iso(spec.createdMs),
    from: { id: spec.from.id, username: spec.from.username },
    likeCount: spec.likeCount ?? 0,
    hidden: spec.hidden ?? false,
    byAccount: spec.byAccount,
    serviceCommentId: null,
    deleted: false,
  };
  if (ids.cid !== undefined) comment.cid = ids.cid;
  s.comments.push(comment);
  return comment;
}

/** Regulars comment more often than passers-by: the pool is drawn with a skew towards its start. */
function pickAuthor(s: Seeding, platform: Network): Author {
  const pool = s.authors.get(platform) as Author[];
  return pool[Math.floor(Math.pow(s.rng.next(), 2) * pool.length)] as Author;
}
