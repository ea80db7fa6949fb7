// The shape of a post's analytics on each network, as the service reports them: which fields a
// network has, and how each number follows from the post's traits and moments (post-traits.ts).
// Counts are whole and only grow from one refresh to the next.
import type { NetworkIdentity } from '../ids.ts';
import { HEX, Random } from '../random.ts';
import type { NetworkPostState } from '../world/types.ts';
import { OTHER_CHANNEL_TITLES } from '../world/vocabulary.ts';
import type { Moments, Traits } from './post-traits.ts';
import { twitterEntitiesOf } from './twitter-entities.ts';

export function metricsFor(post: NetworkPostState, owner: NetworkIdentity | undefined, traits: Traits, at: Moments): Record<string, unknown> {
  switch (post.platform) {
    case 'twitter':
      return twitterMetrics(post, owner, traits, at);
    case 'facebook':
      return facebookMetrics(traits, at);
    case 'instagram':
      return instagramMetrics(post, owner, traits, at);
    case 'linkedin':
      return linkedinMetrics(traits, at);
    case 'tiktok':
      return tiktokMetrics(post, traits, at);
    case 'youtube':
      return youtubeMetrics(post, owner, traits, at);
    case 'threads':
      return threadsMetrics(traits, at);
    case 'bluesky':
      return blueskyMetrics(post, traits, at);
  }
}

/** A count at a growth level: whole, and never smaller at a later refresh. */
function count(final: number, level: number): number {
  return Math.floor(final * level);
}

function extra(traits: Traits, index: number): number {
  return traits.extra[index] ?? 0.5;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function hashtagsOf(text: string): string[] {
  return [...text.matchAll(/#([\p{L}\p{N}_]+)/gu)].map((m) => m[1] as string);
}

// ---- per network ----

function twitterMetrics(post: NetworkPostState, owner: NetworkIdentity | undefined, traits: Traits, at: Moments): Record<string, unknown> {
  // A retweet's text names the original author, whose tweet it is.
  const original = post.owned ? undefined : /^RT @(\w+):/.exec(post.text)?.[1];
  const replies = at.comments;
  const likes = Math.max(count(traits.audience * traits.likeRate, at.held), replies * 2);
  const impressions = Math.max(count(traits.audience, at.held), likes * 12 + replies * 30);
  const retweets = count(traits.audience * traits.shareRate, at.live);
  const quotes = count(traits.audience * traits.shareRate * 0.2, at.live);
  const bookmarks = count(traits.audience * traits.likeRate * 0.15, at.live);
  const profileClicks = count(traits.audience * traits.clickRate * 0.5, at.live);
  const analytics: Record<string, unknown> = {
    created: post.created,
    name: original ?? owner?.displayName ?? '',
    username: original ?? owner?.username ?? '',
    post: post.text,
  };
  const entities = twitterEntitiesOf(post.text);
  if (entities) analytics.entities = entities;
  analytics.publicMetrics = {
    retweetCount: retweets,
    quoteCount: quotes,
    likeCount: likes,
    replyCount: replies,
    bookmarkCount: bookmarks,
    impressionCount: impressions,
  };
  // X shows non-public and organic metrics only to the tweet's own author.
  if (post.owned) {
    analytics.nonPublicMetrics = {
      userProfileClicks: profileClicks,
      engagements: likes + retweets + quotes + replies + bookmarks + profileClicks,
      impressionCount: impressions,
    };
    analytics.organicMetrics = {
      likeCount: likes,
      impressionCount: impressions,
      replyCount: replies,
      retweetCount: retweets,
      userProfileClicks: profileClicks,
    };
  }
  return analytics;
}

const FACEBOOK_REACTION_SHARES = { like: 0.74, love: 0.17, haha: 0.04, wow: 0.03, sorry: 0.01, anger: 0.01 };

function facebookMetrics(traits: Traits, at: Moments): Record<string, unknown> {
  const reactionsFinal = traits.audience * traits.likeRate * 1.3;
  const byType = {
    like: Math.max(count(reactionsFinal * FACEBOOK_REACTION_SHARES.like, at.held), at.comments * 2),
    love: count(reactionsFinal * FACEBOOK_REACTION_SHARES.love, at.held),
    haha: count(reactionsFinal * FACEBOOK_REACTION_SHARES.haha, at.held),
    wow: count(reactionsFinal * FACEBOOK_REACTION_SHARES.wow, at.held),
    sorry: count(reactionsFinal * FACEBOOK_REACTION_SHARES.sorry, at.held),
    anger: count(reactionsFinal * FACEBOOK_REACTION_SHARES.anger, at.held),
  };
  const total = byType.like + byType.love + byType.haha + byType.wow + byType.sorry + byType.anger;
  const videoViews = traits.isVideo ? Math.max(count(traits.audience * 0.7, at.held), total * 4) : 0;
  const uniqueShare = 0.7 + 0.25 * extra(traits, 0);
  const secondsPerView = 4 + 20 * extra(traits, 1);
  return {
    commentsCount: at.comments,
    likeCount: byType.like,
    reactions: { ...byType, total },
    reactionsByType: byType,
    sharesCount: count(traits.audience * traits.shareRate, at.live),
    videoViews,
    videoViewsUnique: Math.floor(videoViews * uniqueShare),
    // Facebook reports video view time in milliseconds.
    videoViewTime: Math.floor(videoViews * secondsPerView * 1000),
  };
}

function instagramMetrics(post: NetworkPostState, owner: NetworkIdentity | undefined, traits: Traits, at: Moments): Record<string, unknown> {
  const mediaType = traits.isVideo ? 'VIDEO' : extra(traits, 0) < 0.35 ? 'CAROUSEL_ALBUM' : 'IMAGE';
  const mediaProductType = traits.isVideo ? 'REELS' : 'FEED';
  const likes = Math.max(count(traits.audience * traits.likeRate * 1.4, at.held), at.comments * 2);
  const descriptive = {
    caption: post.text,
    created: post.created,
    mediaType,
    mediaProductType,
    username: owner?.username ?? '',
  };
  // Posts from before the switch to a business account have no insights: only what is public.
  if (post.flags.includes('preBusiness')) return { ...descriptive, likeCount: likes, commentsCount: at.comments };

  const reach = Math.max(count(traits.audience, at.live), likes * 8 + at.comments * 20);
  const views = Math.max(count(traits.audience * (1.2 + extra(traits, 1)), at.held), reach);
  const saved = count(traits.audience * traits.shareRate * 1.5, at.live);
  const shares = count(traits.audience * traits.shareRate, at.live);
  return {
    ...descriptive,
    commentsCount: at.comments,
    engagementCount: likes + at.comments + saved + shares,
    likeCount: likes,
    reachCount: reach,
    savedCount: saved,
    sharesCount: shares,
    viewsCount: views,
  };
}

function linkedinMetrics(traits: Traits, at: Moments): Record<string, unknown> {
  const likes = Math.max(count(traits.audience * traits.likeRate, at.held), at.comments * 2);
  const shares = count(traits.audience * traits.shareRate, at.live);
  const clicks = count(traits.audience * traits.clickRate * 2, at.live);
  const impressions = Math.max(count(traits.audience, at.live), (likes + at.comments + shares + clicks) * 10);
  const unique = Math.floor(impressions * (0.6 + 0.25 * extra(traits, 0)));
  return {
    clickCount: clicks,
    commentCount: at.comments,
    // LinkedIn's engagement is a rate: interactions per impression.
    engagement: impressions > 0 ? round((clicks + likes + at.comments + shares) / impressions, 4) : 0,
    impressionCount: impressions,
    likeCount: likes,
    shareCount: shares,
    uniqueImpressionsCount: unique,
  };
}

function tiktokMetrics(post: NetworkPostState, traits: Traits, at: Moments): Record<string, unknown> {
  const likes = Math.max(count(traits.audience * traits.likeRate * 1.5, at.held), at.comments * 3);
  const views = Math.max(count(traits.audience, at.held), likes * 10);
  const reach = Math.floor(views * (0.75 + 0.2 * extra(traits, 0)));
  const hex = new Random(post.metricsSeed ^ 0x5bd1e995).chars(HEX, 32);
  return {
    commentsCount: at.comments,
    likeCount: likes,
    shareCount: count(traits.audience * traits.shareRate * 2, at.live),
    videoViews: views,
    reach,
    // Averages, not counts: a property of the video once anyone has watched it.
    averageTimeWatched: views > 0 ? round(3 + 12 * extra(traits, 1), 2) : 0,
    fullVideoWatchedRate: views > 0 ? round(0.05 + 0.3 * extra(traits, 2), 4) : 0,
    created: post.created,
    embedUrl: `https://www.tiktok.com/embed/v2/${post.socialId}`,
    itemId: post.socialId,
    mediaType: 'VIDEO',
    postUrl: post.postUrl,
    tags: hashtagsOf(post.text),
    thumbnailUrl: `https://p16-sign.tiktokcdn-us.com/tos-useast5-p-0068-tx/${hex}~tplv-photomode-video-cover.jpeg`,
    thumbnailHeight: 1024,
    thumbnailWidth: 576,
    url: post.postUrl,
  };
}

function youtubeMetrics(post: NetworkPostState, owner: NetworkIdentity | undefined, traits: Traits, at: Moments): Record<string, unknown> {
  const notOwned = post.flags.includes('notOwned');
  const title = post.title ?? post.text.split('\n')[0] ?? '';
  const hashtags = hashtagsOf(post.text);
  const channelTitle = notOwned ? (OTHER_CHANNEL_TITLES[post.metricsSeed % OTHER_CHANNEL_TITLES.length] ?? '') : (owner?.displayName ?? '');
  const descriptive = {
    title,
    description: post.text,
    tags:
      hashtags.length > 0
        ? hashtags
        : title
            .toLowerCase()
            .split(/\W+/)
            .filter((w) => w.length > 3),
    channelTitle,
    privacyStatus: 'public',
    thumbnailUrl: `https://i.ytimg.com/vi/${post.socialId}/hqdefault.jpg`,
  };
  // Another channel's video: YouTube tells the account what it is, but none of its numbers.
  if (notOwned) {
    return {
      views: 0,
      likes: 0,
      dislikes: 0,
      comments: 0,
      shares: 0,
      subscribersGained: 0,
      subscribersLost: 0,
      estimatedMinutesWatched: 0,
      averageViewDuration: 0,
      averageViewPercentage: 0,
      ...descriptive,
    };
  }
  const likes = Math.max(count(traits.audience * traits.likeRate, at.held), at.comments * 2);
  const views = Math.max(count(traits.audience, at.held), likes * 15);
  const secondsPerView = Math.floor(40 + 200 * extra(traits, 0));
  return {
    views,
    likes,
    dislikes: count(traits.audience * traits.likeRate * 0.03, at.live),
    comments: at.comments,
    shares: count(traits.audience * traits.shareRate, at.live),
    subscribersGained: count(traits.audience * 0.01, at.live),
    subscribersLost: count(traits.audience * 0.001, at.live),
    estimatedMinutesWatched: Math.floor((views * secondsPerView) / 60),
    averageViewDuration: views > 0 ? secondsPerView : 0,
    averageViewPercentage: views > 0 ? round(25 + 40 * extra(traits, 1), 2) : 0,
    ...descriptive,
  };
}

function threadsMetrics(traits: Traits, at: Moments): Record<string, unknown> {
  const likes = Math.max(count(traits.audience * traits.likeRate, at.held), at.comments * 2);
  return {
    views: Math.max(count(traits.audience, at.held), likes * 10),
    likes,
    replies: at.comments,
    reposts: count(traits.audience * traits.shareRate, at.live),
    quotes: count(traits.audience * traits.shareRate * 0.3, at.live),
    shares: count(traits.audience * traits.shareRate * 0.5, at.live),
  };
}

function blueskyMetrics(post: NetworkPostState, traits: Traits, at: Moments): Record<string, unknown> {
  return {
    created: post.created,
    post: post.text,
    likeCount: Math.max(count(traits.audience * traits.likeRate, at.held), at.comments * 2),
    quoteCount: count(traits.audience * traits.shareRate * 0.3, at.live),
    replyCount: at.comments,
    repostCount: count(traits.audience * traits.shareRate, at.live),
  };
}
