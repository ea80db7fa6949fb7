// The client report as it crosses the bridge: responsiveness for a period and the period before
// (comments and direct messages together, and each kind apart),
// volume by network and by day, top posts with the honest-data flags, the client's settings. Main
// computes it from the store (src/main/core/report, src/main/core/app/reportService.ts); the
// Reports view shows it and builds its CSV from this same object.
import { z } from 'zod';
import { ReviewLinesSchema } from './reviewReport.ts';
import { CommentNetworkSchema, NetworkSchema } from '../wire/common.ts';
import { clientSettingsSchema } from './clientSettings.ts';
import { InboxItemKindSchema } from './inbox.ts';
import { AnalyticsSnapshotSchema, PostDataFlagsSchema } from './posts.ts';

/** A day's account figures (followers, reach...: the normalized names of shared/wire/accountAnalytics.ts), numbers only. */
const GrowthFiguresSchema = z.record(z.string(), z.number());
const GrowthPointSchema = z.object({ day: z.string(), figures: GrowthFiguresSchema });
/** One network's growth over the period: its first and last day's figures, last minus first, every day's. */
const NetworkGrowthSchema = z.object({
  network: NetworkSchema,
  first: GrowthPointSchema,
  last: GrowthPointSchema,
  change: GrowthFiguresSchema,
  series: z.array(GrowthPointSchema),
});
export type NetworkGrowth = z.infer<typeof NetworkGrowthSchema>;

export const ReportPeriodSchema = z.object({ start: z.number(), end: z.number() });

const ItemCountsSchema = z.object({
  received: z.number().int(),
  answered: z.number().int(),
  unanswered: z.number().int(),
  hidden: z.number().int(),
  deleted: z.number().int(),
});

const TargetSchema = z.object({
  minutes: z.number().int(),
  clock: z.enum(['business', 'wall']),
  within: z.number().int(),
  missed: z.number().int(),
  pending: z.number().int(),
  share: z.number().nullable(),
});

/** Kind names of reports prepared by an earlier version, and the inbox kind each is now. */
const EARLIER_KIND_NAMES: Readonly<Record<string, string>> = { dm: 'conversation' };

/**
 * The report's kinds of item are the inbox's kinds (a conversation's items are its turns). Reports
 * prepared by an earlier version named a conversation's turns 'dm': read as 'conversation', so those
 * files stay readable.
 */
const ItemKindSchema = z.preprocess(
  (kind) => (typeof kind === 'string' && Object.hasOwn(EARLIER_KIND_NAMES, kind) ? EARLIER_KIND_NAMES[kind] : kind),
  InboxItemKindSchema,
);

const TargetSplitSchema = z.object({
  minutes: z.number().int(),
  clock: z.enum(['business', 'wall']),
  answeredOnTime: z.number().int(),
  answeredLate: z.number().int(),
  unansweredOverdue: z.number().int(),
  unansweredPending: z.number().int(),
});

const BeforeOpeningSchema = z.object({
  answered: z.number().int(),
  inHours: z.object({ medianMs: z.number().nullable(), p90Ms: z.number().nullable() }),
});

/** One kind of item alone (comments; direct messages, one item per turn of a conversation). */
const KindFiguresSchema = z.object({
  kind: ItemKindSchema,
  totals: ItemCountsSchema,
  firstResponse: z.object({ medianMs: z.number().nullable(), p90Ms: z.number().nullable() }),
  target: TargetSchema.nullable(),
  /** This kind's answers before opening hours and its times without them (absent from reports made before they were counted per kind). */
  beforeOpening: BeforeOpeningSchema.optional(),
});
export type KindFigures = z.infer<typeof KindFiguresSchema>;

export const ResponsivenessViewSchema = z.object({
  period: ReportPeriodSchema,
  asOf: z.number(),
  /** The clock of the durations: business hours, or every hour. */
  counts: z.enum(['business', 'wall']),
  totals: ItemCountsSchema,
  byChannel: z.array(ItemCountsSchema.extend({ network: CommentNetworkSchema, kind: ItemKindSchema })),
  answeredBySource: z.object({ 'outbox-confirmed': z.number().int(), 'seen-by-sync': z.number().int() }),
  firstResponse: z.object({ medianMs: z.number().nullable(), p90Ms: z.number().nullable() }),
  distribution: z.array(z.object({ key: z.string(), label: z.string(), fromMs: z.number(), toMs: z.number().nullable(), count: z.number().int() })),
  target: TargetSchema.nullable(),
  /** The same figures per kind of item that received anything, comments first (absent from reports made before direct messages counted). */
  byKind: z.array(KindFiguresSchema).optional(),
  /** The target judged in parts: answered on time, answered late, not answered yet (never one blended share); null without a target. */
  targetSplit: TargetSplitSchema.nullable().optional(),
  /** Items answered before opening hours (0 business minutes), and the response times of the others. */
  beforeOpening: BeforeOpeningSchema.optional(),
  slowestUnanswered: z.array(
    z.object({
      id: z.string(),
      network: CommentNetworkSchema,
      kind: ItemKindSchema,
      createdAt: z.number(),
      ageMs: z.number(),
      /** Who wrote it and what (the store's copy; absent when the store no longer has it). */
      author: z.string().optional(),
      text: z.string().optional(),
    }),
  ),
});
export type ResponsivenessView = z.infer<typeof ResponsivenessViewSchema>;

export const TopPostSchema = z.object({
  postKey: z.string(),
  platform: NetworkSchema,
  text: z.string(),
  url: z.string().nullable(),
  created: z.string(),
  /** Likes/reactions + comments/replies + shares/reposts + quotes + saves, from the latest stored snapshot; null without one. */
  engagement: z.number().nullable(),
  /** The fields summed into `engagement`, flattened ("publicMetrics.likeCount"). */
  engagementFields: z.array(z.string()),
  /** Comments by others the post received in the period (summed over its networks when cross-posted). */
  commentsInPeriod: z.number().int(),
  /**
   * A post sent to several networks through the service at once (one service post id) is one top
   * post: every network it went to, and which of them have no figures yet. Absent: this network alone.
   */
  networks: z.array(NetworkSchema).optional(),
  awaitingFigures: z.array(NetworkSchema).optional(),
  /** The snapshot the numbers come from (its lastUpdated, backfilled/recovered marks: the honest-data badges). */
  latest: AnalyticsSnapshotSchema.nullable(),
  flags: PostDataFlagsSchema,
});
export type TopPost = z.infer<typeof TopPostSchema>;

/** A network whose daily account figures could not be read: since when (epoch ms) and the service's reason. */
const FiguresUnreadSchema = z.object({ network: NetworkSchema, since: z.number(), reason: z.string() });
export type FiguresUnread = z.infer<typeof FiguresUnreadSchema>;

/** One member of a team: replies they sent in the period, the items they answered first, and the median time to those (measured to the confirmed delivery). */
const MemberFiguresSchema = z.object({
  member: z.string(),
  repliesSent: z.number().int(),
  firstReplies: z.number().int(),
  /** Of those, answered before the next opening (0 business minutes), left out of the median as in the rest of the report. */
  beforeOpening: z.number().int(),
  firstReplyMedianMs: z.number().nullable(),
});
export type MemberFigures = z.infer<typeof MemberFiguresSchema>;

export const ClientReportSchema = z.object({
  profileId: z.string(),
  clientTitle: z.string(),
  /** The client's settings the figures were computed with. */
  settings: clientSettingsSchema,
  current: ResponsivenessViewSchema,
  previous: ResponsivenessViewSchema,
  /** Items received per day of the period (comments and direct-message turns), on the client's calendar (its time zone), every day listed. */
  byDay: z.array(z.object({ day: z.string(), received: z.number().int() })),
  topPosts: z.array(TopPostSchema),
  /** Account growth from the daily account snapshots of the period; `collected: false` when the store has none. */
  growth: z.discriminatedUnion('collected', [
    z.object({ collected: z.literal(false) }),
    z.object({ collected: z.literal(true), networks: z.array(NetworkGrowthSchema) }),
  ]),
  /** Posts of the period whose figures are not in yet on any network: not ranked, counted (absent: none). */
  postsAwaitingFigures: z.number().int().optional(),
  /** Networks whose figures the sync could not read since before the period ended (absent: none). */
  figuresUnread: z.array(FiguresUnreadSchema).optional(),
  /** In a team: each member's replies of the period and their median time to a first reply (absent outside a team). */
  byMember: z.array(MemberFiguresSchema).optional(),
  /**
   * When the client's stored figures begin (epoch ms: its oldest stored post); null when the app
   * holds none. A period before that start has nothing to compare with. Absent from older reports.
   */
  figuresSince: z.number().nullable().optional(),
  /** The period's reviews (issue 31): their count, stars, answers within a business day, those waiting. Absent from older reports. */
  reviews: ReviewLinesSchema.optional(),
});
export type ClientReport = z.infer<typeof ClientReportSchema>;

/** The longest period one report may cover. */
export const REPORT_MAX_DAYS = 400;

/** The file main keeps each client's report settings in (client-settings.json): entries checked one by one. */
export const ClientSettingsFileSchema = z.object({
  version: z.literal(1),
  /** The user's own zone as the page last said it: where a client without settings counts its hours. */
  userTimeZone: z.string().max(100).optional(),
  clients: z.record(z.string(), z.unknown()),
});
export type ClientSettingsFileContent = z.infer<typeof ClientSettingsFileSchema>;
