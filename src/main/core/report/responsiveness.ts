// The "responsiveness" part of the client report: how fast the account answered what its community
// wrote in one period. Pure: the caller reads the items from the store and passes the instant the
// report is made; nothing here reads a clock or a file. The comparison with the period before is
// this function called a second time with the previous period and the same `asOf`.
//
// The rules (docs/decisions/responsiveness-rules.md says why):
//  - An item counts in the period when period.start ≤ createdAt < period.end.
//  - Every item is exactly one of: deleted, hidden (and not deleted), answered, unanswered. Hidden
//    and deleted items are counted but have no response time: moderation is not a reply.
//  - A response counts when it happened by `asOf` (the moment the report is made). A response
//    before the item's creation (clocks of two machines) counts as 0.
//  - Response times are business time when the client has business hours, else wall-clock time;
//    an item that arrives out of hours starts its clock at the next opening.
//  - Median and p90 are nearest-rank percentiles of the answered items' response times.
//  - The target share is within / (within + missed): an unanswered item older than the target at
//    `asOf` is missed, a younger one is pending and left out, since it may still make it. The report
//    shows the split instead of that share (`targetSplit`): answered on time, answered late and
//    not answered yet apart, never one blended percentage.
//  - An item that arrived out of hours and was answered before the next opening took 0 business
//    minutes: it is counted apart (`beforeOpening`, overall and per kind), and the response times
//    "in hours" leave it out, so a month answered mostly at breakfast does not read "median 0 min".
//    The histogram says them apart too (its "before opening" bar), so every figure of the report
//    reads one set of answers (src/renderer/logic/reportFigureDefinitions.ts names which).
import type { CommentNetwork } from '../../../shared/networks.ts';
import { clientSettingsSchema, type ClientSettings } from '../../../shared/domain/clientSettings.ts';
import { businessClock, type BusinessClock } from './businessTime.ts';
import {
  DELETED,
  type FirstResponseSource,
  HIDDEN,
  ITEM_KINDS,
  type ItemKind,
  NO_RESPONSE,
  OPEN,
  ReceivedColumns,
  sourceCode,
  sourceOfCode,
} from './receivedColumns.ts';
import { ReportInputError } from './reportInputError.ts';
import { distributionOf, type DistributionBucket } from './responseTimeBuckets.ts';
import { compareText, slowest, type SlowUnansweredItem } from './slowestUnanswered.ts';
import { TimeList } from './timeList.ts';

const MINUTE_MS = 60_000;

export type { DistributionBucket, FirstResponseSource, ItemKind, SlowUnansweredItem };

/**
 * The account's first reply to an item. The caller picks it by one rule: of the account's replies
 * to the item, the earliest; its time is the outbox's confirmed delivery time when the app sent it
 * ('outbox-confirmed': the moment the reply was verified live), else the reply's own time as the
 * sync saw it on the network ('seen-by-sync': e.g. answered from the network's own app).
 */
export interface FirstResponse {
  at: number;
  source: FirstResponseSource;
}

/** One item the client's account received: a comment, or a turn of a direct-message conversation (messageTurns.ts). */
export interface ReceivedItem {
  id: string;
  kind: ItemKind;
  network: CommentNetwork;
  createdAt: number;
  hidden: boolean;
  deleted: boolean;
  firstResponse: FirstResponse | null;
}

export interface Period {
  start: number;
  end: number;
}

export interface ResponsivenessInput {
  /** One by one, or as columns (the report's own path: no object per item). Items outside the period are skipped. */
  items: readonly ReceivedItem[] | ReceivedColumns;
  period: Period;
  /** The moment the report is made: responses after it do not count yet, unanswered ages run to it. */
  asOf: number;
  settings: ClientSettings;
  /** How many of the slowest unanswered items to list. */
  slowestCount?: number;
}

export interface ItemCounts {
  received: number;
  answered: number;
  unanswered: number;
  hidden: number;
  deleted: number;
}

export type ChannelCounts = ItemCounts & { network: CommentNetwork; kind: ItemKind };

export interface TargetFigures {
  minutes: number;
  clock: 'business' | 'wall';
  /** Answered no later than the target after arrival. */
  within: number;
  /** Answered later than the target, or unanswered and already older than it at asOf. */
  missed: number;
  /** Unanswered but still younger than the target at asOf: not judged yet. */
  pending: number;
  /** within / (within + missed); null when nothing can be judged yet. */
  share: number | null;
}

/** The target judged in three parts (the report's one on-target figure): never blended into one share. */
export interface TargetSplit {
  minutes: number;
  clock: 'business' | 'wall';
  /** Answered, no later than the target after arrival. */
  answeredOnTime: number;
  /** Answered, later than the target. */
  answeredLate: number;
  /** Not answered by asOf, and already older than the target. */
  unansweredOverdue: number;
  /** Not answered by asOf, still younger than the target. */
  unansweredPending: number;
}

/** Items that arrived out of hours and were answered before the next opening, and the response times of the others. */
export interface BeforeOpening {
  /** Answered before the next opening: 0 business minutes, shown as such. */
  answered: number;
  /** Median and p90 of the answered items without them; null when none is left. */
  inHours: { medianMs: number | null; p90Ms: number | null };
}

/** The figures of one kind of item alone: comments apart from direct messages. */
export interface KindFigures {
  kind: ItemKind;
  totals: ItemCounts;
  firstResponse: { medianMs: number | null; p90Ms: number | null };
  target: TargetFigures | null;
  /** This kind's answers before opening hours, and its response times without them. */
  beforeOpening: BeforeOpening;
}

export interface ResponsivenessReport {
  period: Period;
  asOf: number;
  /** The clock of every duration below (except the target's, which has its own). */
  counts: 'business' | 'wall';
  totals: ItemCounts;
  /** One row per network and kind that received anything, by network then kind. */
  byChannel: ChannelCounts[];
  /** The same figures per kind that received anything, comments first. */
  byKind: KindFigures[];
  answeredBySource: Record<FirstResponseSource, number>;
  firstResponse: { medianMs: number | null; p90Ms: number | null };
  distribution: DistributionBucket[];
  target: TargetFigures | null;
  /** The same judgement split: answered on time, answered late, not answered yet (null without a target). */
  targetSplit: TargetSplit | null;
  /** Items answered before opening hours (business clock only; 0 on the wall clock). */
  beforeOpening: BeforeOpening;
  slowestUnanswered: SlowUnansweredItem[];
}

export const DEFAULT_SLOWEST_COUNT = 10;

/**
 * Nearest-rank percentile of values sorted ascending: the value at rank ⌈percent/100 × n⌉ (1-based).
 * Always one of the values (no interpolation, so the report never shows a time no item had); the
 * median of an even count is the lower middle value. null for no values.
 */
export function nearestRank(sorted: ArrayLike<number>, percent: number): number | null {
  if (sorted.length === 0) return null;
  const rank = Math.max(1, Math.ceil((percent * sorted.length) / 100));
  return sorted[rank - 1] ?? null;
}

function emptyCounts(): ItemCounts {
  return { received: 0, answered: 0, unanswered: 0, hidden: 0, deleted: 0 };
}

function checkInput(input: ResponsivenessInput): ClientSettings {
  const { period, asOf } = input;
  if (!Number.isFinite(period.start) || !Number.isFinite(period.end) || period.end <= period.start) {
    throw new ReportInputError('The report period must end after it starts');
  }
  if (!Number.isFinite(asOf)) throw new ReportInputError('The report needs the instant it is made (asOf)');
  const slowest = input.slowestCount ?? DEFAULT_SLOWEST_COUNT;
  if (!Number.isInteger(slowest) || slowest < 0) throw new ReportInputError('slowestCount must be a whole number ≥ 0');
  const parsed = clientSettingsSchema.safeParse(input.settings);
  if (!parsed.success) {
    throw new ReportInputError(`The client's settings are not usable: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return parsed.data;
}

/** One kind's (or all kinds') response times and target judgements, gathered as the items are read. */
class Tally {
  readonly counts = emptyCounts();
  readonly times = new TimeList();
  within = 0;
  missed = 0;
  pending = 0;
  /** Answered before the next opening (business clock only), and the response times of the others. */
  beforeOpening = 0;
  readonly inHoursTimes = new TimeList();

  #sortedTimes: Float64Array | null = null;
  #sortedInHours: Float64Array | null = null;

  /**
   * The response times sorted, once. `whole`: the tally of every kind, which saw each time this one
   * saw, in the same order; as long as this one, it holds the same times, and its sort is taken
   * (a month of one kind sorted twice was a tenth of the figures' time).
   */
  sortedTimes(whole?: Tally): Float64Array {
    if (whole?.times.length === this.times.length) return whole.sortedTimes();
    return (this.#sortedTimes ??= this.times.sorted());
  }

  /** The in-hours times sorted, once; `whole` as for sortedTimes. */
  sortedInHours(whole?: Tally): Float64Array {
    if (whole?.inHoursTimes.length === this.inHoursTimes.length) return whole.sortedInHours();
    // On the wall clock every answer is timed in hours: the same times as `times`.
    if (this.inHoursTimes.length === this.times.length && this.beforeOpening === 0) return this.sortedTimes(whole);
    return (this.#sortedInHours ??= this.inHoursTimes.sorted());
  }

  responseFigures(whole?: Tally): { medianMs: number | null; p90Ms: number | null; sorted: Float64Array } {
    const sorted = this.sortedTimes(whole);
    return { medianMs: nearestRank(sorted, 50), p90Ms: nearestRank(sorted, 90), sorted };
  }

  inHoursFigures(whole?: Tally): BeforeOpening['inHours'] {
    const sorted = this.sortedInHours(whole);
    return { medianMs: nearestRank(sorted, 50), p90Ms: nearestRank(sorted, 90) };
  }

  targetFigures(target: ClientSettings['responseTarget']): TargetFigures | null {
    if (target === null) return null;
    const { within, missed, pending } = this;
    return { minutes: target.minutes, clock: target.clock, within, missed, pending, share: within + missed === 0 ? null : within / (within + missed) };
  }
}

/** The columns of items given one by one (the per-item form: tests, and reportItems' reference path). */
function columnsOf(items: readonly ReceivedItem[]): ReceivedColumns {
  const columns = new ReceivedColumns();
  for (const item of items) {
    const { firstResponse: response } = item;
    const outcome = item.deleted ? DELETED : item.hidden ? HIDDEN : OPEN;
    const source = response === null ? NO_RESPONSE : sourceCode(response.source);
    columns.add(columns.channelOf(item.network, item.kind), item.createdAt, outcome, response?.at ?? Number.NaN, source, item.id);
  }
  return columns;
}

function columnsFrom(items: ResponsivenessInput['items']): ReceivedColumns {
  return items instanceof ReceivedColumns ? items : columnsOf(items);
}

export function computeResponsiveness(input: ResponsivenessInput): ResponsivenessReport {
  const settings = checkInput(input);
  const { period, asOf } = input;
  const columns = columnsFrom(input.items);
  const clock = businessClock(settings);
  const target = settings.responseTarget;
  const targetClock: BusinessClock | null = target === null ? null : target.clock === 'business' ? clock : businessClock({ ...settings, businessHours: null });
  const targetMs = target === null ? 0 : target.minutes * MINUTE_MS;

  const all = new Tally();
  let answeredLate = 0;
  let unansweredOverdue = 0;
  const kinds = new Map<ItemKind, Tally>();
  const channels = columns.channels.map((channel): ChannelCounts => ({ ...channel, ...emptyCounts() }));
  const received = new Uint8Array(channels.length);
  // Each channel's kind's tally, found once per channel rather than once per item.
  const tallyOfChannel: (Tally | undefined)[] = channels.map(() => undefined);
  const answeredBySource: Record<FirstResponseSource, number> = { 'outbox-confirmed': 0, 'seen-by-sync': 0 };
  // The unanswered items as parallel arrays: only the slowest few become objects.
  const unansweredIndexes: number[] = [];
  const unansweredAges: number[] = [];
  const { createdAt: created, channel: channelOf, outcome: outcomes, responseAt, responseSource } = columns;
  const name = (index: number) => columns.names([index])[0] ?? '';

  for (let index = 0; index < columns.length; index++) {
    const createdAt = created[index] ?? Number.NaN;
    if (!Number.isFinite(createdAt)) throw new ReportInputError(`Item ${name(index)} has no usable creation time`);
    if (createdAt < period.start || createdAt >= period.end) continue;
    const channelIndex = channelOf[index] ?? 0;
    const channel = channels[channelIndex];
    if (channel === undefined) throw new ReportInputError(`Item ${name(index)} has no network`);
    received[channelIndex] = 1;
    let tally = tallyOfChannel[channelIndex];
    if (tally === undefined) {
      tally = kinds.get(channel.kind);
      if (tally === undefined) kinds.set(channel.kind, (tally = new Tally()));
      tallyOfChannel[channelIndex] = tally;
    }
    all.counts.received++;
    tally.counts.received++;
    channel.received++;

    const outcome = outcomes[index];
    if (outcome === DELETED || outcome === HIDDEN) {
      const field = outcome === DELETED ? 'deleted' : 'hidden';
      all.counts[field]++;
      tally.counts[field]++;
      channel[field]++;
      continue;
    }

    const source = responseSource[index] ?? NO_RESPONSE;
    const at = responseAt[index] ?? Number.NaN;
    if (source !== NO_RESPONSE && !Number.isFinite(at)) throw new ReportInputError(`Item ${name(index)} has a response with no usable time`);
    if (source !== NO_RESPONSE && at <= asOf) {
      all.counts.answered++;
      tally.counts.answered++;
      channel.answered++;
      answeredBySource[sourceOfCode(source)]++;
      // A reply stamped before the item (two machines' clocks) counts as an instant answer:
      // between() is 0 when its end is not after its start.
      const responseTime = clock.between(createdAt, at);
      all.times.push(responseTime);
      tally.times.push(responseTime);
      // 0 business minutes for a reply after the item: it came before the clock started (out of hours).
      if (clock.counts === 'business' && responseTime === 0 && at > createdAt) {
        all.beforeOpening++;
        tally.beforeOpening++;
      } else {
        all.inHoursTimes.push(responseTime);
        tally.inHoursTimes.push(responseTime);
      }
      if (targetClock !== null) {
        const onTargetClock = targetClock === clock ? responseTime : targetClock.between(createdAt, at);
        const field = onTargetClock <= targetMs ? 'within' : 'missed';
        if (field === 'missed') answeredLate++;
        all[field]++;
        tally[field]++;
      }
    } else {
      all.counts.unanswered++;
      tally.counts.unanswered++;
      channel.unanswered++;
      const age = clock.between(createdAt, asOf);
      unansweredIndexes.push(index);
      unansweredAges.push(age);
      if (targetClock !== null) {
        const onTargetClock = targetClock === clock ? age : targetClock.between(createdAt, asOf);
        const field = onTargetClock > targetMs ? 'missed' : 'pending';
        if (field === 'missed') unansweredOverdue++;
        all[field]++;
        tally[field]++;
      }
    }
  }

  const { medianMs, p90Ms, sorted } = all.responseFigures();
  const byChannel = channels
    .filter((_, index) => received[index] === 1)
    .sort((a, b) => (a.network === b.network ? compareText(a.kind, b.kind) : compareText(a.network, b.network)));
  // The kinds in the bridge's order, then any other registered kind whose items came in.
  const kindOrder = [...ITEM_KINDS, ...[...kinds.keys()].filter((kind) => !ITEM_KINDS.includes(kind))];
  const byKind = kindOrder.flatMap((kind): KindFigures[] => {
    const tally = kinds.get(kind);
    if (tally === undefined) return [];
    const figures = tally.responseFigures(all);
    return [
      {
        kind,
        totals: tally.counts,
        firstResponse: { medianMs: figures.medianMs, p90Ms: figures.p90Ms },
        target: tally.targetFigures(target),
        beforeOpening: { answered: tally.beforeOpening, inHours: tally.inHoursFigures(all) },
      },
    ];
  });

  return {
    period: { start: period.start, end: period.end },
    asOf,
    counts: clock.counts,
    totals: all.counts,
    byChannel,
    byKind,
    answeredBySource,
    firstResponse: { medianMs, p90Ms },
    // On business hours the answers before opening are a bar of their own, the others by their time.
    distribution: clock.counts === 'business' ? distributionOf(all.sortedInHours(), all.beforeOpening) : distributionOf(sorted),
    target: all.targetFigures(target),
    targetSplit:
      target === null
        ? null
        : {
            minutes: target.minutes,
            clock: target.clock,
            answeredOnTime: all.within,
            answeredLate,
            unansweredOverdue,
            unansweredPending: all.pending,
          },
    beforeOpening: { answered: all.beforeOpening, inHours: all.inHoursFigures() },
    slowestUnanswered: slowest(columns, unansweredIndexes, unansweredAges, input.slowestCount ?? DEFAULT_SLOWEST_COUNT),
  };
}
