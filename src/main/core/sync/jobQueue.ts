// Which job of a profile's sync goes next. Urgency: a manual "refresh now" first (the post lists,
// then posts, newest first); then the post lists when due; then the first figures of posts never
// asked (a request carries 100 of them: a few requests give every post its numbers, issue 27); then
// posts never fetched (newest first: a first sync shows today's comments before last month's); then every due job by how far past due
// it is relative to its interval, direct messages among them. Ranking by that ratio stretches every
// interval by the same factor when the budget cannot keep up, instead of starving old posts, hot
// ones or conversations.
import type { Network } from '../../../shared/networks.ts';
import type { AccountAnalyticsNext } from './accountAnalyticsJob.ts';
import { type AnalyticsJob, type AnalyticsTrack, isFirstRead, nextAnalyticsJob } from './analyticsPlan.ts';
import type { MessageJob } from './conversationPlan.ts';
import type { PollTarget } from './pollTargets.ts';

export type SyncJob =
  | { kind: 'discovery' }
  | { kind: 'comments'; target: PollTarget }
  | { kind: 'analytics'; job: AnalyticsJob }
  | { kind: 'messages'; job: MessageJob }
  | { kind: 'account-analytics'; networks: Network[] };

export interface Agenda {
  discoveryDueAt: number;
  discoveryManual: boolean;
  targets: Iterable<PollTarget>;
  analytics: Iterable<AnalyticsTrack>;
  /** The most urgent direct-messages request (ranked by messageSyncJob.ts as comments are), or when one falls due. */
  messages?: { job: MessageJob | undefined; at: number; rank: number } | undefined;
  /** The daily account-analytics read (accountAnalyticsJob.ts), ranked by days late. */
  accountAnalytics?: AccountAnalyticsNext | undefined;
}

export interface JobQueueOptions {
  /** The target's current poll interval (the ratio's denominator). */
  intervalOf: (target: PollTarget) => number;
  analyticsBatchDelayMs: number;
  /** Analytics jobs are ranked as if due this often. */
  analyticsRankIntervalMs: number;
  skipAnalytics?: (platform: Network) => boolean;
}

/** Ranks due jobs: a higher tier first, then a higher value. */
interface Urgency {
  tier: number;
  value: number;
}

/** The most urgent job due at `now`, or when the next one falls due (`at`, Infinity for never). */
export function nextJob(agenda: Agenda, now: number, options: JobQueueOptions): { job: SyncJob | undefined; at: number } {
  if (agenda.discoveryManual) return { job: { kind: 'discovery' }, at: now };
  // Read twice below: an iterator would be spent after the first pass.
  const targets = [...agenda.targets];
  let manual: PollTarget | undefined;
  for (const target of targets) {
    if (target.manual && (!manual || target.created > manual.created)) manual = target;
  }
  if (manual) return { job: { kind: 'comments', target: manual }, at: now };
  if (agenda.discoveryDueAt <= now) return { job: { kind: 'discovery' }, at: now };

  let best: { job: SyncJob; urgency: Urgency } | undefined;
  let nextAt = agenda.discoveryDueAt;
  const offer = (job: SyncJob, urgency: Urgency) => {
    if (!best || urgency.tier > best.urgency.tier || (urgency.tier === best.urgency.tier && urgency.value > best.urgency.value)) best = { job, urgency };
  };
  for (const target of targets) {
    if (target.dueAt > now) {
      nextAt = Math.min(nextAt, target.dueAt);
      continue;
    }
    if (target.lastPolledAt === null) offer({ kind: 'comments', target }, { tier: 2, value: target.created });
    else offer({ kind: 'comments', target }, { tier: 1, value: (now - target.dueAt) / options.intervalOf(target) });
  }
  const analytics = nextAnalyticsJob(agenda.analytics, now, {
    batchDelayMs: options.analyticsBatchDelayMs,
    ...(options.skipAnalytics ? { skip: options.skipAnalytics } : {}),
  });
  if (analytics.job) offer({ kind: 'analytics', job: analytics.job }, analyticsUrgency(analytics.job, now - analytics.at, options.analyticsRankIntervalMs));
  else nextAt = Math.min(nextAt, analytics.at);
  const messages = agenda.messages;
  if (messages?.job) offer({ kind: 'messages', job: messages.job }, { tier: 1, value: messages.rank });
  else if (messages) nextAt = Math.min(nextAt, messages.at);
  const account = agenda.accountAnalytics;
  if (account?.job) offer({ kind: 'account-analytics', networks: account.job }, { tier: 1, value: account.rank });
  else if (account) nextAt = Math.min(nextAt, account.at);
  return best ? { job: best.job, at: now } : { job: undefined, at: nextAt };
}

/**
 * A batch of first figures by social ids (up to 100 posts a request) before the first comment
 * polls; a first read by service id (one post a request) among them, newest first; the rest by
 * lateness.
 */
function analyticsUrgency(job: AnalyticsJob, late: number, rankIntervalMs: number): Urgency {
  if (!isFirstRead(job)) return { tier: 1, value: late / rankIntervalMs };
  if (job.kind === 'by-social-ids') return { tier: 3, value: job.tracks.length };
  return { tier: 2, value: Math.max(...job.tracks.map((track) => track.created)) };
}
