// A held answer's words (issues 27 item 12 and 28 items 2 and 13): the card says who answered and
// where their answer is now, never more than the core knows; the toast tells a hold (and an offer
// again) once, where the person is.
import { beforeAll, describe, expect, it } from 'vitest';
import type { OutboxItemView } from '../../../src/shared/domain/outbox.ts';
import { setFormatter } from '../../../src/renderer/logic/format.ts';
import { heldLine, heldState, heldToast, quotedCaption, type HeldBy } from '../../../src/renderer/logic/heldWords.ts';
import { stateLabel } from '../../../src/renderer/logic/outboxLabels.ts';

const NOW = Date.parse('2026-11-27T14:00:00Z');
const BOB = { member: 'bob', device: 'desktop' };
const by = (answer: HeldBy['answer'], who: string | null = 'ann', at: number | null = NOW - 3 * 60_000): HeldBy => ({
  who,
  device: at === null ? null : 'laptop',
  at,
  answer,
});

function item(heldBy: HeldBy | null, state: OutboxItemView['state'] = 'failed'): OutboxItemView {
  return {
    id: 'o1',
    kind: 'reply',
    accountId: 'a1',
    profileId: 'p1',
    answers: 'instagram:c1',
    platforms: ['instagram'],
    text: 'Bob: it ships tomorrow.',
    created: NOW - 60_000,
    sendAfter: NOW - 55_000,
    state,
    results: {},
    attempts: 0,
    lastError: heldBy ? { code: 'team-answered', message: 'ann already answered this comment, so yours was not sent.' } : null,
    nextAttemptAt: null,
    updated: NOW,
    person: 'mia_bakes',
    heldBy,
  };
}

beforeAll(() => {
  setFormatter({ locale: 'en-GB', timeZone: 'Europe/London' });
});

describe('heldLine', () => {
  it('says who answered first and when, and asks', () => {
    expect(heldLine(by({ state: 'sent', text: 'Ann: on its way.' }), BOB, NOW)).toBe('Ann answered 3 min ago: send yours too?');
    expect(heldLine(by(null), BOB, NOW)).toBe('Ann answered 3 min ago: send yours too?');
    expect(heldLine({ who: 'bob', device: 'phone', at: NOW - 10_000, answer: null }, BOB, NOW)).toBe('You (on phone) answered just now: send this one too?');
  });

  it('never calls an answer that did not go out an answer', () => {
    expect(heldLine(by({ state: 'failed', text: 'x' }), BOB, NOW)).toBe('Ann’s reply could not be sent, so yours goes instead.');
    expect(heldLine(by({ state: 'discarded', text: 'x' }), BOB, NOW, 'message')).toBe('Ann’s message was discarded, so yours goes instead.');
    expect(heldLine(by({ state: 'pending', text: 'x' }), BOB, NOW)).toBe('Ann’s reply is on its way (written 3 min ago): send yours too?');
  });

  it('holds for whoever took a claim it cannot read, never "unreachable"', () => {
    expect(heldLine(by(null, 'ann', null), BOB, NOW)).toBe('Ann took this comment first: send yours anyway?');
    expect(heldLine(by(null, null, null), BOB, NOW, 'message')).toBe('Someone in the team took this conversation first: send yours anyway?');
  });

  it('captions the quote with whose answer it is', () => {
    expect(quotedCaption(by({ state: 'sent', text: 'x' }), BOB)).toBe('Ann’s reply');
    expect(quotedCaption({ who: 'bob', device: 'phone', at: NOW, answer: null }, BOB)).toBe('Your reply from phone');
  });
});

describe('heldToast', () => {
  it('tells a hold once, and the offer again once the other answer will not go', () => {
    const held = item(by({ state: 'sent', text: 'Ann: on its way.' }));
    expect(heldState(held)).toBe('held');
    expect(heldToast(item(null, 'sending'), held, BOB)).toBe('Your reply to mia_bakes was held: Ann had answered.');
    expect(heldToast(held, held, BOB)).toBeNull();
    const offered = item(by({ state: 'failed', text: 'Ann: on its way.' }));
    expect(heldState(offered)).toBe('offered');
    expect(heldToast(held, offered, BOB)).toBe('Ann’s reply did not go out, so yours to mia_bakes goes instead.');
    expect(heldToast(undefined, item(by(null, null, null)), BOB)).toBe('Your reply to mia_bakes was held: someone in the team took it first.');
    expect(heldToast(offered, item(null, 'queued'), BOB)).toBeNull();
  });
});

describe('stateLabel of a held answer', () => {
  it('says Held (and Not sent once the other answer will not go) on the row as on the card, never Failed', () => {
    expect(stateLabel(item(by({ state: 'sent', text: 'Ann: tomorrow.' })))).toBe('Held');
    expect(stateLabel(item(by({ state: 'discarded', text: 'Ann: tomorrow.' })))).toBe('Not sent');
    expect(stateLabel(item(null))).toBe('Failed');
    // Held words belong to a failed item only: one sent anyway is Sent.
    expect(stateLabel(item(by({ state: 'sent', text: 'Ann: tomorrow.' }), 'sent'))).toBe('Sent');
  });
});
