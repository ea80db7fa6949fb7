// Responsiveness per member of a team (issue 22: the audit "shown ... in the client report
// (responsiveness per member)"). Pure, like responsiveness.ts, and on the same rules: an item counts
// in the period when it arrived in it; its first response is the one the report already picked
// (the earliest of the account's replies, an app's reply timed by its confirmed delivery); the time
// runs on the report's clock (business hours or every hour). What is added is who: an item whose
// first response was confirmed by a member's outbox (this device's or another's, through the
// team's outbox status documents) counts for that member. Replies seen only by the sync (written
// in the network's own app) have no member and are left out here; the report's totals keep them.
import { clientSettingsSchema, type ClientSettings } from '../../../shared/domain/clientSettings.ts';
import { businessClock } from './businessTime.ts';
import { NO_RESPONSE, OPEN, type ReceivedColumns, sourceCode } from './receivedColumns.ts';
import { ReportInputError } from './reportInputError.ts';
import { nearestRank, type Period } from './responsiveness.ts';

const OUTBOX = sourceCode('outbox-confirmed');

/** One reply or direct message a member's outbox saw live, on its earliest network. */
export interface MemberReply {
  member: string;
  /** Which outbox item (device and outbox id): a reply to several networks is one reply. */
  reply: string;
  /** The item key it answers (a comment's, or a conversation's). */
  answers: string;
  /** Its confirmed delivery times, one per network it went to. */
  deliveredAt: readonly number[];
}

export interface MemberFigures {
  member: string;
  /** Replies and messages of theirs first confirmed live in the period (by the report's moment). */
  repliesSent: number;
  /** Items of the period whose first response was theirs. */
  firstReplies: number;
  /** Of those, answered out of hours before the next opening (business clock only): 0 business minutes, counted apart as the report does. */
  beforeOpening: number;
  /** Median time to the other first responses (nearest rank), on the report's clock; null without any. */
  firstReplyMedianMs: number | null;
}

export interface MemberResponsivenessInput {
  items: ReceivedColumns;
  period: Period;
  asOf: number;
  settings: ClientSettings;
  replies: readonly MemberReply[];
}

function compareMembers(a: MemberFigures, b: MemberFigures): number {
  return b.repliesSent - a.repliesSent || b.firstReplies - a.firstReplies || (a.member < b.member ? -1 : a.member > b.member ? 1 : 0);
}

export function memberResponsiveness(input: MemberResponsivenessInput): MemberFigures[] {
  const parsed = clientSettingsSchema.safeParse(input.settings);
  if (!parsed.success) throw new ReportInputError('The client’s settings are not usable');
  const { items, period, asOf } = input;
  const clock = businessClock(parsed.data);
  const figures = new Map<string, { sent: Set<string>; times: number[]; early: number }>();
  const of = (member: string) => {
    let entry = figures.get(member);
    if (entry === undefined) figures.set(member, (entry = { sent: new Set<string>(), times: [], early: 0 }));
    return entry;
  };

  // Replies sent: by their first confirmed delivery. Who confirmed what, when: by delivery time, for the items below.
  const byDelivery = new Map<number, MemberReply[]>();
  for (const reply of input.replies) {
    const delivered = reply.deliveredAt.filter(Number.isFinite);
    if (delivered.length === 0) continue;
    const first = Math.min(...delivered);
    if (first >= period.start && first < period.end && first <= asOf) of(reply.member).sent.add(reply.reply);
    for (const at of delivered) {
      const list = byDelivery.get(at);
      if (list === undefined) byDelivery.set(at, [reply]);
      else list.push(reply);
    }
  }

  // The items of the period answered first by an app's confirmed reply, and by whom.
  const answered: number[] = [];
  for (let index = 0; index < items.length; index++) {
    const createdAt = items.createdAt[index] ?? Number.NaN;
    const at = items.responseAt[index] ?? Number.NaN;
    if (!(createdAt >= period.start && createdAt < period.end) || items.outcome[index] !== OPEN) continue;
    // Hidden and deleted items have no response time in the report: moderation is not a reply.
    if ((items.responseSource[index] ?? NO_RESPONSE) !== OUTBOX || !(at <= asOf)) continue;
    if (byDelivery.has(at)) answered.push(index);
  }
  const keys = answered.length === 0 ? [] : items.names(answered);
  answered.forEach((index, n) => {
    const at = items.responseAt[index] ?? Number.NaN;
    const candidates = byDelivery.get(at) ?? [];
    // The reply to this very item at that instant; else (a reply further down its thread) the one at that instant.
    const reply = candidates.find((candidate) => candidate.answers === keys[n]) ?? candidates[0];
    if (reply === undefined) return;
    const createdAt = items.createdAt[index] ?? at;
    const time = clock.between(createdAt, at);
    // As responsiveness.ts: 0 business minutes for a reply after the item came before the clock started.
    if (clock.counts === 'business' && time === 0 && at > createdAt) of(reply.member).early++;
    else of(reply.member).times.push(time);
  });

  return [...figures.entries()]
    .map(([member, { sent, times, early }]): MemberFigures => {
      const sorted = Float64Array.from(times).sort();
      return { member, repliesSent: sent.size, firstReplies: times.length + early, beforeOpening: early, firstReplyMedianMs: nearestRank(sorted, 50) };
    })
    .sort(compareMembers);
}
