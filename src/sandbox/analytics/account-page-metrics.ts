// Account analytics of pages and channels (POST /analytics/social): a facebook page, a linkedin
// company page, a youtube channel. Their figures are mostly period sums (impressions, page views by
// page and device, watch time) over the `quarters` window, beside follower levels that only grow.
// Related figures share a phase and scale from one rate, so a part never exceeds its whole.
import { HEX, Random, URL_SAFE } from '../random.ts';
import { isoSeconds } from '../time.ts';
import { type AccountContext, between, bioOf, characterOf, dailyFigures, openedAt, type PeriodFigure, periodFigures, round } from './account-figures.ts';
import { DAY_MS } from './account-series.ts';

const FACEBOOK_REACTION_SHARES = { like: 0.74, love: 0.17, haha: 0.04, wow: 0.03, sorry: 0.01, anger: 0.01 };

export function facebookAccount(context: AccountContext): Record<string, unknown> {
  const { identity, series } = context;
  const rng = characterOf(context);
  const followers = series.level(rng.int(400, 5000), between(rng, 0.5, 5), rng.next() * 6);
  // Page likes (fans) trail followers: some follow a page without liking it.
  const fanShare = between(rng, 0.8, 0.95);
  const impressions = between(rng, 200, 2000);
  const videoViews = between(rng, 50, 500);
  const paidShare = between(rng, 0.05, 0.25);
  const phase = rng.next() * 6;
  const engagements = impressions * 0.05;
  const reactionRate = engagements * 0.6;
  const figures: PeriodFigure[] = [
    { name: 'pageImpressions', rate: impressions * 1.3, phase },
    { name: 'pageImpressionsPaid', rate: impressions * 1.3 * paidShare, phase },
    { name: 'pagePostsImpressions', rate: impressions, phase },
    { name: 'pagePostsImpressionsPaid', rate: impressions * paidShare, phase },
    { name: 'pagePostsImpressionsUnique', rate: impressions * 0.65, phase },
    { name: 'pagePostEngagements', rate: engagements, phase },
    { name: 'pageVideoViews', rate: videoViews, phase },
    { name: 'pageVideoViewsPaid', rate: videoViews * paidShare, phase },
    // Facebook reports view time in milliseconds: about 8 s a view.
    { name: 'pageVideoViewTime', rate: videoViews * 8000, phase },
    { name: 'pageFanRemoves', rate: between(rng, 0.1, 0.6), phase },
  ];
  const reactionFigures = Object.entries(FACEBOOK_REACTION_SHARES).map(([name, share]) => ({ name, rate: reactionRate * share, phase }));
  const byType = periodFigures(series, reactionFigures);
  const total = Object.values(byType).reduce((sum, n) => sum + n, 0);
  const analytics: Record<string, unknown> = {
    fanCount: Math.floor(followers * fanShare),
    followersCount: followers,
    id: identity.id,
    link: `https://www.facebook.com/${identity.username}`,
    name: identity.displayName,
    ...periodFigures(series, figures),
    reactions: { ...byType, total },
    verified: false,
  };
  if (context.daily) analytics.daily = dailyFigures(series, [...figures, ...reactionFigures]);
  return analytics;
}

/** linkedin's company page tabs; each is counted on desktop and on mobile. */
const LINKEDIN_PAGES = [
  ['overview', 0.42],
  ['about', 0.16],
  ['people', 0.12],
  ['jobs', 0.1],
  ['careers', 0.06],
  ['lifeAt', 0.05],
  ['insights', 0.04],
  ['products', 0.05],
] as const;

export function linkedinAccount(context: AccountContext): Record<string, unknown> {
  const { series } = context;
  const rng = characterOf(context);
  const organic = series.level(rng.int(100, 2000), between(rng, 0.3, 3), rng.next() * 6);
  const paid = series.level(rng.int(0, 50), between(rng, 0, 0.1));
  const impressions = between(rng, 100, 1200);
  const pageViews = between(rng, 10, 120);
  const mobileShare = between(rng, 0.35, 0.6);
  const phase = rng.next() * 6;
  const counts = periodFigures(series, [
    { name: 'impressionCount', rate: impressions, phase },
    { name: 'clickCount', rate: impressions * 0.02, phase },
    { name: 'likeCount', rate: impressions * 0.015, phase },
    { name: 'commentCount', rate: impressions * 0.002, phase },
    { name: 'shareCount', rate: impressions * 0.001, phase },
  ]);
  const impressionCount = counts.impressionCount ?? 0;
  const interactions = (counts.clickCount ?? 0) + (counts.likeCount ?? 0) + (counts.commentCount ?? 0) + (counts.shareCount ?? 0);
  const views: Record<string, number> = {};
  let allDesktop = 0;
  let allMobile = 0;
  for (const [page, share] of LINKEDIN_PAGES) {
    const desktop = series.period(pageViews * share * (1 - mobileShare), phase);
    const mobile = series.period(pageViews * share * mobileShare, phase);
    const Page = page.charAt(0).toUpperCase() + page.slice(1);
    views[`${page}PageViews`] = desktop + mobile;
    views[`desktop${Page}PageViews`] = desktop;
    views[`mobile${Page}PageViews`] = mobile;
    allDesktop += desktop;
    allMobile += mobile;
  }
  return {
    ...counts,
    // LinkedIn's engagement is a rate: interactions per impression.
    engagement: impressionCount > 0 ? round(interactions / impressionCount, 4) : 0,
    followers: { organicFollowerCount: organic, paidFollowerCount: paid },
    views: { allPageViews: allDesktop + allMobile, allDesktopPageViews: allDesktop, allMobilePageViews: allMobile, ...views },
  };
}

const PLAYLIST_TITLES = ['Behind the scenes', 'How-to videos', 'Customer stories', 'Shorts', 'Seasonal specials'];

export function youtubeAccount(context: AccountContext): Record<string, unknown> {
  const { identity, series } = context;
  const rng = characterOf(context);
  const created = openedAt(context, rng);
  const subscribersBefore = rng.int(200, 4000);
  const gained = between(rng, 0.5, 6);
  // Fewer leave than join, so the count grows (and the level below never falls).
  const lost = gained * between(rng, 0.05, 0.3);
  const views = between(rng, 60, 900);
  const viewsBefore = rng.int(10_000, 400_000);
  const secondsPerView = rng.int(40, 240);
  const viewPercentage = round(between(rng, 25, 65), 2);
  const videosBefore = rng.int(5, 120);
  const phase = rng.next() * 6;
  const figures: PeriodFigure[] = [
    { name: 'views', rate: views, phase },
    { name: 'likes', rate: views * 0.04, phase },
    { name: 'dislikes', rate: views * 0.001, phase },
    { name: 'comments', rate: views * 0.005, phase },
    { name: 'shares', rate: views * 0.003, phase },
    { name: 'subscribersGained', rate: gained, phase },
    { name: 'subscribersLost', rate: lost, phase },
    { name: 'estimatedMinutesWatched', rate: (views * secondsPerView) / 60, phase },
    { name: 'videosAddedToPlaylists', rate: views * 0.002, phase },
    { name: 'videosRemovedFromPlaylists', rate: views * 0.0005, phase },
  ];
  const totals = periodFigures(series, figures);
  const watched = (totals.views ?? 0) > 0;
  const playlistRng = new Random(context.seed ^ 0x68e31da4);
  const playlists = playlistRng.sample(PLAYLIST_TITLES, 2 + playlistRng.int(0, 2)).map((title) => {
    const id = `PL${playlistRng.chars(URL_SAFE, 32)}`;
    return {
      id,
      title,
      description: `${title} from ${identity.displayName}`,
      publishedAt: isoSeconds(new Date(series.startMs - playlistRng.int(1, 400) * DAY_MS)),
      url: `https://www.youtube.com/playlist?list=${id}`,
      channelId: identity.id,
    };
  });
  const analytics: Record<string, unknown> = {
    ...totals,
    // Averages of the window, not counts: zero when nobody has watched yet.
    averageViewDuration: watched ? secondsPerView : 0,
    averageViewPercentage: watched ? viewPercentage : 0,
    created,
    description: bioOf(context),
    handle: identity.username,
    hiddenSubscriberCount: false,
    id: identity.id,
    isLinked: true,
    longUploadsStatus: 'allowed',
    // The channel's uploads playlist: its id with UU for UC, as YouTube names it.
    playlistId: `UU${identity.id.slice(2)}`,
    playlists,
    privacyStatus: 'public',
    subscriberCount: series.level(subscribersBefore, gained - lost, phase),
    thumbnailUrl: `https://yt3.ggpht.com/${new Random(context.seed).chars(HEX, 32)}=s88-c-k-c0x00ffffff-no-rj`,
    title: identity.displayName,
    url: `https://www.youtube.com/${identity.username}`,
    videoCount: videosBefore + context.postsMade,
    viewCount: series.lifetime(viewsBefore, views, phase),
  };
  if (context.daily) analytics.daily = dailyFigures(series, figures);
  return analytics;
}
