// The shape of an account's analytics on each network, as the service reports them in POST
// /analytics/social (field names: docs/service-account-analytics.md), and how each number follows
// from the account's character and its series (account-figures.ts). Pages and channels (facebook,
// linkedin, youtube) are in account-page-metrics.ts. Counts are whole and only grow from one refresh
// to the next; period figures cover the `quarters` window when one is asked.
import { type AccountContext, between, bioOf, characterOf, dailyFigures, openedAt, type PeriodFigure, periodFigures, round } from './account-figures.ts';
import { facebookAccount, linkedinAccount, youtubeAccount } from './account-page-metrics.ts';

export function accountAnalytics(context: AccountContext): Record<string, unknown> {
  switch (context.platform) {
    case 'twitter':
      return twitterAccount(context);
    case 'bluesky':
      return blueskyAccount(context);
    case 'threads':
      return threadsAccount(context);
    case 'instagram':
      return instagramAccount(context);
    case 'tiktok':
      return tiktokAccount(context);
    case 'facebook':
      return facebookAccount(context);
    case 'linkedin':
      return linkedinAccount(context);
    case 'youtube':
      return youtubeAccount(context);
  }
}

// ---- per network ----

function twitterAccount(context: AccountContext): Record<string, unknown> {
  const { identity, series } = context;
  const rng = characterOf(context);
  const created = openedAt(context, rng);
  const followers = series.level(rng.int(300, 3000), between(rng, 0.5, 4), rng.next() * 6);
  const following = series.level(rng.int(150, 800), between(rng, 0.05, 0.3), rng.next() * 6);
  const listed = series.level(rng.int(2, 30), between(rng, 0.01, 0.05));
  const likes = series.level(rng.int(200, 3000), between(rng, 0.3, 2), rng.next() * 6);
  const tweetsBefore = rng.int(200, 2000);
  return {
    created,
    description: bioOf(context),
    displayName: identity.displayName,
    followersCount: followers,
    followingCount: following,
    id: identity.id,
    likeCount: likes,
    listedCount: listed,
    location: rng.pick(LOCATIONS),
    name: identity.displayName,
    profileImageUrl: `https://pbs.twimg.com/profile_images/${identity.id.slice(0, 19)}/avatar_normal.jpg`,
    protected: false,
    tweetCount: tweetsBefore + context.postsMade,
    url: context.link,
    username: identity.username,
    verified: false,
  };
}

function blueskyAccount(context: AccountContext): Record<string, unknown> {
  const { identity, series } = context;
  const rng = characterOf(context);
  const created = openedAt(context, rng);
  return {
    created,
    description: bioOf(context),
    displayName: identity.displayName,
    followersCount: series.level(rng.int(100, 1500), between(rng, 0.3, 3), rng.next() * 6),
    followsCount: series.level(rng.int(80, 400), between(rng, 0.05, 0.2), rng.next() * 6),
    handle: identity.username,
    id: identity.id,
    postsCount: rng.int(50, 600) + context.postsMade,
  };
}

function threadsAccount(context: AccountContext): Record<string, unknown> {
  const { series } = context;
  const rng = characterOf(context);
  const followers = series.level(rng.int(150, 2000), between(rng, 0.3, 3), rng.next() * 6);
  const views = between(rng, 80, 600);
  const phase = rng.next() * 6;
  return {
    followersCount: followers,
    ...periodFigures(series, [
      { name: 'views', rate: views, phase },
      { name: 'likes', rate: views * 0.03, phase },
      { name: 'replies', rate: views * 0.004, phase },
      { name: 'reposts', rate: views * 0.002, phase },
      { name: 'quotes', rate: views * 0.0008, phase },
    ]),
  };
}

function instagramAccount(context: AccountContext): Record<string, unknown> {
  const { identity, series } = context;
  const rng = characterOf(context);
  const followers = series.level(rng.int(500, 6000), between(rng, 1, 6), rng.next() * 6);
  const follows = series.level(rng.int(150, 900), between(rng, 0.05, 0.4), rng.next() * 6);
  const mediaBefore = rng.int(40, 400);
  const reach = between(rng, 150, 1500);
  const phase = rng.next() * 6;
  const figures: PeriodFigure[] = [
    { name: 'reachCount', rate: reach, phase },
    { name: 'impressionsCount', rate: reach * 1.6, phase },
    { name: 'viewsCount', rate: reach * 2.1, phase },
    { name: 'likeCount', rate: reach * 0.04, phase },
    { name: 'commentsCount', rate: reach * 0.004, phase },
    { name: 'profileViewsCount', rate: reach * 0.03, phase },
    { name: 'websiteClicksCount', rate: reach * 0.004, phase },
    { name: 'emailContactsCount', rate: reach * 0.0005, phase },
    { name: 'phoneCallClicksCount', rate: reach * 0.0004, phase },
    { name: 'textMessageClicksCount', rate: reach * 0.0003, phase },
  ];
  const analytics: Record<string, unknown> = {
    biography: bioOf(context),
    followersCount: followers,
    followsCount: follows,
    id: identity.id,
    // The account's id on the older Instagram API, which the service still reports.
    igId: 1_000_000_000 + (context.seed % 8_000_000_000),
    mediaCount: mediaBefore + context.postsMade,
    name: identity.displayName,
    profilePictureUrl: `https://scontent.cdninstagram.com/v/t51.2885-19/${identity.id}_n.jpg`,
    username: identity.username,
    ...periodFigures(series, figures),
  };
  if (context.daily) analytics.daily = dailyFigures(series, figures);
  return analytics;
}

function tiktokAccount(context: AccountContext): Record<string, unknown> {
  const { identity, series } = context;
  const rng = characterOf(context);
  const followersBase = rng.int(300, 8000);
  const followersRate = between(rng, 2, 15);
  const followersPhase = rng.next() * 6;
  const followers = series.level(followersBase, followersRate, followersPhase);
  const following = series.level(rng.int(20, 200), between(rng, 0.02, 0.1));
  const videosBefore = rng.int(10, 150);
  const views = between(rng, 400, 4000);
  const phase = rng.next() * 6;
  const before = { views: rng.int(20_000, 600_000), likes: rng.int(2000, 60_000), comments: rng.int(100, 4000), shares: rng.int(50, 3000) };
  const total = (prior: number, rate: number) => (series.sixtyDays ? series.lastSixtyDays(rate, phase) : series.lifetime(prior, rate, phase));
  const analytics: Record<string, unknown> = {
    bio: bioOf(context),
    // Likes are of all time even with period60Days: the option narrows comments, shares and views.
    commentCountTotal: total(before.comments, views * 0.003),
    displayName: identity.displayName,
    durationAverage: round(between(rng, 15, 60), 1),
    followerCount: followers,
    followingCount: following,
    likeCountTotal: series.lifetime(before.likes, views * 0.08, phase),
    shareCountTotal: total(before.shares, views * 0.002),
    url: `https://www.tiktok.com/@${identity.username}`,
    userImage: `https://p16-sign.tiktokcdn-us.com/tos-useast5-avt-0068-tx/${identity.id}~c5_168x168.jpeg`,
    username: identity.username,
    videoCountTotal: videosBefore + context.postsMade,
    viewCountTotal: total(before.views, views),
  };
  if (context.daily) {
    analytics.daily = dailyFigures(series, [
      { name: 'followers', rate: followersRate, phase: followersPhase },
      { name: 'videoViews', rate: views, phase },
      { name: 'likes', rate: views * 0.08, phase },
      { name: 'comments', rate: views * 0.003, phase },
      { name: 'shares', rate: views * 0.002, phase },
    ]);
  }
  return analytics;
}

const LOCATIONS = ['Portland, OR', 'Seattle, WA', 'Austin, TX', 'Denver, CO', 'Asheville, NC', ''];
