// Direct messages in the responsiveness figures, against hand-computed cases: the item is a turn
// (the person's first message after the account last wrote), answered by the account's earliest
// message before the person writes again; the app's messages are timed by the outbox's confirmed
// delivery, others by the sync; the outbox's messages the sync has not read yet count at their
// confirmed time. Instants in UTC with Berlin's wall clock beside them (CET, +1).
import { describe, expect, it } from 'vitest';
import type { ConfirmedReply } from '../../../src/main/core/report/firstResponses.ts';
import { addMessageTurns } from '../../../src/main/core/report/messageTurns.ts';
import { ReceivedColumns } from '../../../src/main/core/report/receivedColumns.ts';
import { computeResponsiveness, type ReceivedItem } from '../../../src/main/core/report/responsiveness.ts';
import type { ReportConversation } from '../../../src/main/core/store/types.ts';
import { defaultClientSettings, type ClientSettings } from '../../../src/shared/domain/clientSettings.ts';
import type { MessageNetwork } from '../../../src/shared/networks.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
/** Tue 3 March 2026 10:00 in Berlin. */
const T = Date.parse('2026-03-03T09:00:00Z');
/** The week of 2 March on Berlin's clock. */
const WEEK = { start: Date.parse('2026-03-01T23:00:00Z'), end: Date.parse('2026-03-08T23:00:00Z') };
const AS_OF = T + 24 * HOUR;
/** Every hour counts, a target of one hour. */
const wall: ClientSettings = { timeZone: 'Europe/Berlin', businessHours: null, responseTarget: { minutes: 60, clock: 'wall' } };

function conversation(
  platform: MessageNetwork,
  conversationId: string,
  messages: [string, 'sent' | 'received', number][],
  before: ReportConversation['before'] = null,
): ReportConversation {
  return { platform, conversationId, before, messages: messages.map(([messageId, action, at]) => ({ messageId, action, at })) };
}

function sent(conversationKey: string, platform: MessageNetwork, messageId: string | null, at: number): ConfirmedReply {
  return { answers: conversationKey, platform, socialCommentId: messageId, at };
}

function report(conversations: ReportConversation[], confirmed: ConfirmedReply[], settings: ClientSettings, period = WEEK, asOf = AS_OF) {
  const columns = new ReceivedColumns();
  addMessageTurns(columns, conversations, confirmed, period.start);
  return computeResponsiveness({ items: columns, period, asOf, settings });
}

describe('direct messages in the report', () => {
  const conversations = [
    // Answered by the app: its message was seen by the sync at +20 min, confirmed live at +21 min.
    conversation('instagram', 'conv-a', [
      ['a1', 'received', T],
      ['a2', 'sent', T + 20 * MIN],
    ]),
    // Answered from the network's own app (not in the outbox): the sync's time, 60 min.
    conversation('facebook', 'conv-b', [
      ['b1', 'received', T + 10 * MIN],
      ['b2', 'sent', T + 70 * MIN],
    ]),
    // Never answered.
    conversation('instagram', 'conv-c', [['c1', 'received', T + 30 * MIN]]),
    // Two messages by the person, one answer: one item from the first message (45 min); the
    // person's next message is a new turn, not answered.
    conversation('twitter', 'conv-d', [
      ['d1', 'received', T],
      ['d2', 'received', T + 5 * MIN],
      ['d3', 'sent', T + 45 * MIN],
      ['d4', 'received', T + 100 * MIN],
    ]),
    // A turn that began before the week (the person wrote last before it) is no item of it; the
    // next turn is answered by the app's message the sync has not read yet (confirmed at +230 min).
    conversation(
      'instagram',
      'conv-e',
      [
        ['e1', 'received', T + 1 * MIN],
        ['e2', 'sent', T + 2 * MIN],
        ['e3', 'received', T + 200 * MIN],
      ],
      { action: 'received', at: WEEK.start - HOUR },
    ),
    // Two answers: the app's (seen at +50, confirmed at +80) and one from the phone at +60: the earliest, 60 min.
    conversation('instagram', 'conv-f', [
      ['f1', 'received', T],
      ['f2', 'sent', T + 50 * MIN],
      ['f3', 'sent', T + 60 * MIN],
    ]),
  ];
  const confirmed = [
    sent('dm:instagram:conv-a', 'instagram', 'a2', T + 21 * MIN),
    sent('dm:instagram:conv-e', 'instagram', 'e-unseen', T + 230 * MIN),
    sent('dm:instagram:conv-f', 'instagram', 'f2', T + 80 * MIN),
    // Confirmed before the week (after the person's last message before it): not looked at, the
    // store's last message before the week says who spoke last.
    sent('dm:instagram:conv-e', 'instagram', 'e-old', WEEK.start - MIN),
  ];

  it('counts each turn once and times its first answer by the outbox when the app sent it, else by the sync', () => {
    const figures = report(conversations, confirmed, wall);
    // Items: a (21 min, outbox), b (60, sync), c (never), d1 (45, sync), d4 (never), e3 (30, outbox), f (60, sync).
    expect(figures.totals).toEqual({ received: 7, answered: 5, unanswered: 2, hidden: 0, deleted: 0 });
    expect(figures.answeredBySource).toEqual({ 'outbox-confirmed': 2, 'seen-by-sync': 3 });
    // Sorted: 21, 30, 45, 60, 60: nearest rank 3 and 5.
    expect(figures.firstResponse).toEqual({ medianMs: 45 * MIN, p90Ms: 60 * MIN });
    // Within an hour: all five answers; the two unanswered are a day old at asOf: missed.
    expect(figures.target).toMatchObject({ within: 5, missed: 2, pending: 0, share: 5 / 7 });
    expect(figures.byChannel).toEqual([
      { network: 'facebook', kind: 'conversation', received: 1, answered: 1, unanswered: 0, hidden: 0, deleted: 0 },
      { network: 'instagram', kind: 'conversation', received: 4, answered: 3, unanswered: 1, hidden: 0, deleted: 0 },
      { network: 'twitter', kind: 'conversation', received: 2, answered: 1, unanswered: 1, hidden: 0, deleted: 0 },
    ]);
    expect(figures.slowestUnanswered).toEqual([
      { id: 'dm:instagram:conv-c', network: 'instagram', kind: 'conversation', createdAt: T + 30 * MIN, ageMs: 24 * HOUR - 30 * MIN },
      { id: 'dm:twitter:conv-d', network: 'twitter', kind: 'conversation', createdAt: T + 100 * MIN, ageMs: 24 * HOUR - 100 * MIN },
    ]);
    expect(figures.byKind).toEqual([
      { kind: 'conversation', totals: figures.totals, firstResponse: figures.firstResponse, target: figures.target, beforeOpening: figures.beforeOpening },
    ]);
  });

  it('does not count an answer after the moment the report is made', () => {
    // Made at +40 min: a (21) is answered; d1 (45), b (60), f (60) and e3 (230) are not yet.
    const figures = report(conversations, confirmed, wall, WEEK, T + 40 * MIN);
    expect(figures.totals.answered).toBe(1);
    expect(figures.answeredBySource).toEqual({ 'outbox-confirmed': 1, 'seen-by-sync': 0 });
  });

  it('counts business hours: a message on Friday afternoon answered on Monday morning', () => {
    // Fri 6 Mar 16:30 CET → Mon 9 Mar 09:30 CET: 30 + 30 business minutes.
    const friday = Date.parse('2026-03-06T15:30:00Z');
    const monday = Date.parse('2026-03-09T08:30:00Z');
    const figures = report(
      [
        conversation('facebook', 'conv-w', [
          ['w1', 'received', friday],
          ['w2', 'received', friday + 10 * MIN],
          ['w3', 'sent', monday],
        ]),
      ],
      [],
      defaultClientSettings('Europe/Berlin'),
      { start: WEEK.start, end: WEEK.end + 7 * 24 * HOUR },
      monday + HOUR,
    );
    expect(figures.counts).toBe('business');
    expect(figures.firstResponse).toEqual({ medianMs: HOUR, p90Ms: HOUR });
    expect(figures.target).toMatchObject({ within: 1, missed: 0, share: 1 });
  });

  it('shows comments and direct messages apart, beside the figures of both', () => {
    const item = (id: string, kind: ReceivedItem['kind'], minutes: number | null): ReceivedItem => ({
      id,
      kind,
      network: 'instagram',
      createdAt: T,
      hidden: false,
      deleted: false,
      firstResponse: minutes === null ? null : { at: T + minutes * MIN, source: 'seen-by-sync' },
    });
    const figures = computeResponsiveness({
      items: [
        item('instagram:c1', 'comment', 10),
        item('instagram:c2', 'comment', 30),
        item('dm:instagram:x', 'conversation', 90),
        item('dm:instagram:y', 'conversation', null),
      ],
      period: WEEK,
      asOf: AS_OF,
      settings: wall,
    });
    expect(figures.firstResponse).toEqual({ medianMs: 30 * MIN, p90Ms: 90 * MIN });
    expect(figures.byKind).toEqual([
      {
        kind: 'comment',
        totals: { received: 2, answered: 2, unanswered: 0, hidden: 0, deleted: 0 },
        firstResponse: { medianMs: 10 * MIN, p90Ms: 30 * MIN },
        target: { minutes: 60, clock: 'wall', within: 2, missed: 0, pending: 0, share: 1 },
        // On the wall clock no answer comes "before opening": the times in hours are all of them.
        beforeOpening: { answered: 0, inHours: { medianMs: 10 * MIN, p90Ms: 30 * MIN } },
      },
      {
        kind: 'conversation',
        totals: { received: 2, answered: 1, unanswered: 1, hidden: 0, deleted: 0 },
        firstResponse: { medianMs: 90 * MIN, p90Ms: 90 * MIN },
        target: { minutes: 60, clock: 'wall', within: 0, missed: 2, pending: 0, share: 0 },
        beforeOpening: { answered: 0, inHours: { medianMs: 90 * MIN, p90Ms: 90 * MIN } },
      },
    ]);
  });
});
