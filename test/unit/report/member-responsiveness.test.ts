// Responsiveness per member (issue 22), against hand-computed cases: the item's first response as
// the report picked it, credited to the member whose outbox confirmed it at that instant; replies
// sent counted by their first confirmed delivery in the period; the report's clock (business hours
// here: Mon–Fri 09:00–17:00 Berlin); hidden items and replies seen only by the sync left out.
import { describe, expect, it } from 'vitest';
import { memberResponsiveness, type MemberReply } from '../../../src/main/core/report/memberResponsiveness.ts';
import { HIDDEN, NO_RESPONSE, OPEN, ReceivedColumns, sourceCode } from '../../../src/main/core/report/receivedColumns.ts';
import { defaultClientSettings } from '../../../src/shared/domain/clientSettings.ts';

const HOUR = 3_600_000;
const t = (iso: string) => Date.parse(iso);
const OUTBOX = sourceCode('outbox-confirmed');
const SYNC = sourceCode('seen-by-sync');
const berlin = defaultClientSettings('Europe/Berlin');
/** March 2026 on Berlin's clock. */
const MARCH = { start: t('2026-02-28T23:00:00Z'), end: t('2026-03-31T22:00:00Z') };
const AS_OF = t('2026-04-02T10:00:00Z');

function columns(rows: [name: string, createdAt: string, outcome: number, responseAt: string | null, source: number][]): ReceivedColumns {
  const items = new ReceivedColumns();
  const channel = items.channelOf('instagram', 'comment');
  for (const [name, createdAt, outcome, responseAt, source] of rows)
    items.add(channel, t(createdAt), outcome, responseAt === null ? Number.NaN : t(responseAt), source, name);
  return items;
}

const reply = (member: string, id: string, answers: string, ...deliveredAt: string[]): MemberReply => ({
  member,
  reply: id,
  answers,
  deliveredAt: deliveredAt.map(t),
});

describe('responsiveness per member', () => {
  it('credits each first response to the member whose reply it was, on the report’s clock', () => {
    const items = columns([
      // Tue 3 Mar 10:00 CET, Ann's reply at 12:00: 2 business hours.
      ['instagram:a', '2026-03-03T09:00:00Z', OPEN, '2026-03-03T11:00:00Z', OUTBOX],
      // Tue 3 Mar 10:00 CET, Ann's reply at 10:30: 30 min.
      ['instagram:b', '2026-03-03T09:00:00Z', OPEN, '2026-03-03T09:30:00Z', OUTBOX],
      // Fri 6 Mar 16:00 CET, Bob's reply Mon 9 Mar 10:00: 1 h + 1 h = 2 business hours.
      ['instagram:c', '2026-03-06T15:00:00Z', OPEN, '2026-03-09T09:00:00Z', OUTBOX],
      // Answered in the network's own app: nobody's here.
      ['instagram:d', '2026-03-04T09:00:00Z', OPEN, '2026-03-04T10:00:00Z', SYNC],
      // Hidden: moderation, not a reply, although Bob answered it too.
      ['instagram:e', '2026-03-05T09:00:00Z', HIDDEN, '2026-03-05T10:00:00Z', OUTBOX],
      // Before the period: its reply (in the period) counts as sent, not as a first reply.
      ['instagram:f', '2026-02-27T09:00:00Z', OPEN, '2026-03-02T09:00:00Z', OUTBOX],
      ['instagram:g', '2026-03-10T09:00:00Z', OPEN, null, NO_RESPONSE],
      // Sat 7 Mar 10:00 CET, Ann's reply at 11:00: before Monday's opening, counted apart (never "0 s").
      ['instagram:h', '2026-03-07T09:00:00Z', OPEN, '2026-03-07T10:00:00Z', OUTBOX],
    ]);
    const replies = [
      reply('ann', 'laptop:1', 'instagram:a', '2026-03-03T11:00:00Z'),
      reply('ann', 'laptop:2', 'instagram:b', '2026-03-03T09:30:00Z'),
      reply('ann', 'laptop:3', 'instagram:h', '2026-03-07T10:00:00Z'),
      // On two networks: one reply, the earliest delivery is the one that answered.
      reply('bob', 'desktop:1', 'instagram:c', '2026-03-09T09:05:00Z', '2026-03-09T09:00:00Z'),
      reply('bob', 'desktop:2', 'instagram:e', '2026-03-05T10:00:00Z'),
      reply('bob', 'desktop:3', 'instagram:f', '2026-03-02T09:00:00Z'),
      // Sent after the report was made: not yet.
      reply('bob', 'desktop:4', 'instagram:g', '2026-04-03T09:00:00Z'),
      // Delivered before the period: not this period's (a member with nothing in it has no row).
      reply('cleo', 'phone:1', 'instagram:x', '2026-02-20T09:00:00Z'),
    ];
    expect(memberResponsiveness({ items, period: MARCH, asOf: AS_OF, settings: berlin, replies })).toEqual([
      { member: 'ann', repliesSent: 3, firstReplies: 3, beforeOpening: 1, firstReplyMedianMs: 0.5 * HOUR },
      { member: 'bob', repliesSent: 3, firstReplies: 1, beforeOpening: 0, firstReplyMedianMs: 2 * HOUR },
    ]);
  });

  it('credits a reply further down the thread by the instant it was confirmed', () => {
    const items = columns([['instagram:a', '2026-03-03T09:00:00Z', OPEN, '2026-03-03T10:00:00Z', OUTBOX]]);
    const replies = [reply('ann', 'laptop:1', 'instagram:a-child', '2026-03-03T10:00:00Z')];
    expect(memberResponsiveness({ items, period: MARCH, asOf: AS_OF, settings: berlin, replies })).toEqual([
      { member: 'ann', repliesSent: 1, firstReplies: 1, beforeOpening: 0, firstReplyMedianMs: HOUR },
    ]);
  });

  it('has no rows without replies', () => {
    expect(memberResponsiveness({ items: columns([]), period: MARCH, asOf: AS_OF, settings: berlin, replies: [] })).toEqual([]);
  });
});
