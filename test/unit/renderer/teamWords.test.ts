// The team's words (issue 22), hand-checked in en-GB on Berlin's clock: history lines say who did
// what on which device and when ("You" for this member), read and unread are not told, and the
// notice of two decisions made at once says both and what stands, the snooze's end said once.
import { describe, expect, it } from 'vitest';
import type { ItemHistoryEntry, ResolutionNotice } from '../../../src/shared/domain/teamItem.ts';
import { createFormatter } from '../../../src/shared/format/formatter.ts';
import { heldForOf, historyLine, noticeWords } from '../../../src/renderer/logic/teamWords.ts';

const format = createFormatter({ locale: 'en-GB', timeZone: 'Europe/Berlin', hour12: false });
// Friday 27 November 2026, 14:02 in Berlin.
const AT = Date.parse('2026-11-27T13:02:00Z');
const NOW = AT + 60_000;
// Monday 30 November 2026, 9:00 in Berlin.
const MONDAY_NINE = Date.parse('2026-11-30T08:00:00Z');

function change(
  who: string,
  device: string,
  field: 'done' | 'assignee' | 'note' | 'unread' | 'snoozedUntil' | 'labels',
  from: unknown,
  to: unknown,
): ItemHistoryEntry {
  return { who, device, at: AT, act: { kind: 'change', field, from: from as never, to: to as never, undo: false } };
}

describe('an item’s history in words', () => {
  it('says who did what, on which device, and when', () => {
    expect(historyLine(change('Ann', 'Laptop', 'done', false, true), 'bob', format, NOW)).toBe('Ann marked this done on Laptop · 14:02');
    expect(historyLine(change('bob', 'desktop', 'assignee', null, 'Ann'), 'bob', format, NOW)).toBe('You assigned this to Ann on desktop · 14:02');
    expect(historyLine(change('Ann', 'Laptop', 'assignee', null, 'bob'), 'bob', format, NOW)).toBe('Ann assigned this to you on Laptop · 14:02');
    expect(historyLine(change('Ann', 'Laptop', 'assignee', 'bob', null), 'bob', format, NOW)).toBe('Ann unassigned this on Laptop · 14:02');
    expect(historyLine(change('Ann', 'Laptop', 'note', null, 'Be kind'), 'bob', format, NOW)).toBe('Ann added a note on Laptop · 14:02');
    expect(historyLine(change('Ann', 'Laptop', 'snoozedUntil', null, MONDAY_NINE), 'bob', format, NOW)).toBe(
      'Ann snoozed this until Mon 30 Nov, 9:00 on Laptop · 14:02',
    );
    expect(historyLine(change('Ann', 'Laptop', 'labels', ['a'], ['a', 'refund']), 'bob', format, NOW)).toBe('Ann labelled this “refund” on Laptop · 14:02');
    expect(historyLine({ who: 'Ann', device: 'Laptop', at: AT, act: { kind: 'event', event: 'reply-sent' } }, 'bob', format, NOW)).toBe(
      'Ann answered on Laptop · 14:02',
    );
    expect(historyLine({ who: 'Ann', device: 'Laptop', at: AT, act: { kind: 'event', event: 'reply-sent-anyway' } }, 'bob', format, NOW)).toBe(
      'Ann chose to send their answer although someone had answered first on Laptop · 14:02',
    );
    expect(historyLine({ who: 'Ann', device: 'Laptop', at: AT, act: { kind: 'outbox', state: 'sent' } }, 'bob', format, NOW)).toBe(
      'Ann sent a reply on Laptop · 14:02',
    );
  });

  it('says a conversation’s answers are messages', () => {
    const sent: ItemHistoryEntry = { who: 'Ann', device: 'Laptop', at: AT, act: { kind: 'outbox', state: 'sent' } };
    const held: ItemHistoryEntry = { who: 'bob', device: 'desktop', at: AT, act: { kind: 'outbox', state: 'held' } };
    expect(historyLine(sent, 'bob', format, NOW, 'message')).toBe('Ann sent a message on Laptop · 14:02');
    expect(historyLine(held, 'bob', format, NOW, 'message')).toBe('Your message was held: someone had answered first · 14:02');
    expect(historyLine({ who: 'Ann', device: 'Laptop', at: AT, act: { kind: 'event', event: 'reply-sent' } }, 'bob', format, NOW, 'message')).toBe(
      'Ann answered on Laptop · 14:02',
    );
    expect(historyLine({ who: 'Ann', device: 'Laptop', at: AT, act: { kind: 'event', event: 'message-received' } }, 'bob', format, NOW, 'message')).toBe(
      'Ann got a new message from the person on Laptop · 14:02',
    );
    expect(historyLine({ who: 'bob', device: 'desktop', at: AT, act: { kind: 'event', event: 'reply-sent-anyway' } }, 'bob', format, NOW, 'message')).toBe(
      'You chose to send your answer although someone had answered first on desktop · 14:02',
    );
  });

  it('leaves out read and unread (each person’s own) and marks an undo', () => {
    expect(historyLine(change('Ann', 'Laptop', 'unread', true, false), 'bob', format, NOW)).toBeNull();
    const undone: ItemHistoryEntry = { who: 'Ann', device: 'Laptop', at: AT, act: { kind: 'change', field: 'done', from: true, to: false, undo: true } };
    expect(historyLine(undone, 'bob', format, NOW)).toBe('Ann moved this back to the inbox (an undo) on Laptop · 14:02');
  });
});

describe('a held answer in the history', () => {
  it('says whose answer was held and who had answered, not that its author held it', () => {
    const history: ItemHistoryEntry[] = [
      { who: 'ann', device: 'laptop', at: AT - 5_000, act: { kind: 'outbox', state: 'sent' } },
      { who: 'ann', device: 'laptop', at: AT - 4_000, act: { kind: 'event', event: 'reply-sent' } },
      { who: 'bob', device: 'desktop', at: AT, act: { kind: 'outbox', state: 'held' } },
    ];
    const lines = history.map((entry, index) => historyLine(entry, 'carol', format, NOW, 'reply', heldForOf(history, index)));
    expect(lines[2]).toBe('Bob’s reply was held: Ann had answered · 14:02');
    expect(historyLine(history[2]!, 'bob', format, NOW, 'reply', heldForOf(history, 2))).toBe('Your reply was held: Ann had answered · 14:02');
    expect(historyLine(history[2]!, 'ann', format, NOW, 'reply', heldForOf(history, 2))).toBe('Bob’s reply was held: you had answered · 14:02');
    expect(lines.join('\n')).not.toMatch(/held a reply/);
  });

  it('names nobody when the history has no other answer', () => {
    const history: ItemHistoryEntry[] = [{ who: 'bob', device: 'desktop', at: AT, act: { kind: 'outbox', state: 'held' } }];
    expect(heldForOf(history, 0)).toBeNull();
    expect(historyLine(history[0]!, 'carol', format, NOW, 'reply', null)).toBe('Bob’s reply was held: someone had answered first · 14:02');
  });
});

describe('a notice of two decisions made at once', () => {
  const base: ResolutionNotice = {
    id: 'x',
    itemKey: 'instagram:c1',
    register: 'visibility',
    other: 'Bob',
    mine: { kind: 'change', field: 'done', from: false, to: true, undo: false },
    theirs: { kind: 'change', field: 'snoozedUntil', from: null, to: MONDAY_NINE, undo: false },
    keptMine: false,
    state: { done: false, snoozedUntil: MONDAY_NINE, assignee: null },
    person: null,
  };

  it('says both, and what stands, the snooze’s end once', () => {
    expect(noticeWords(base, 'ann', format, NOW)).toBe('Bob snoozed this while you marked it done: it stays snoozed until Mon 30 Nov, 9:00');
    expect(noticeWords({ ...base, person: 'Mia Chen' }, 'ann', format, NOW)).toBe(
      'Bob snoozed Mia Chen’s comment while you marked it done: it stays snoozed until Mon 30 Nov, 9:00',
    );
    expect(noticeWords({ ...base, itemKey: 'dm:instagram:t1', person: 'Mia Chen' }, 'ann', format, NOW)).toBe(
      'Bob snoozed the conversation with Mia Chen while you marked it done: it stays snoozed until Mon 30 Nov, 9:00',
    );
    const bobsSide: ResolutionNotice = { ...base, other: 'ann', mine: base.theirs, theirs: base.mine, keptMine: true };
    expect(noticeWords(bobsSide, 'bob', format, NOW)).toBe('ann marked this done while you snoozed it: it stays snoozed until Mon 30 Nov, 9:00');
  });

  it('words two assignments and two notes', () => {
    const assigned: ResolutionNotice = {
      ...base,
      register: 'assignee',
      mine: { kind: 'change', field: 'assignee', from: null, to: 'ann', undo: false },
      theirs: { kind: 'change', field: 'assignee', from: null, to: 'cy', undo: false },
      state: { done: false, snoozedUntil: null, assignee: 'cy' },
    };
    expect(noticeWords(assigned, 'ann', format, NOW)).toBe('Bob assigned this to cy while you took it: it stays with cy');
    const noted: ResolutionNotice = {
      ...base,
      register: 'note',
      mine: { kind: 'change', field: 'note', from: null, to: 'Mine', undo: false },
      theirs: { kind: 'change', field: 'note', from: null, to: 'Theirs', undo: false },
      keptMine: true,
    };
    expect(noticeWords(noted, 'ann', format, NOW)).toBe('Bob added a note while you added a note: your note was kept');
  });
});
