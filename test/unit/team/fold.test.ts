// The fold's rules on small logs written as two devices would write them, and its promise:
// any order and any duplication of the same entries give the same items.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ItemChange, ItemStateField } from '../../../src/shared/domain/itemState.ts';
import { foldTeamLog, type FoldedItem } from '../../../src/main/core/team/fold.ts';
import { formatStamp } from '../../../src/main/core/team/hybridClock.ts';
import type { ItemEventKind, TeamLogEntry } from '../../../src/main/core/team/teamLog.ts';

const ITEM = 'facebook:c1';

function change<F extends ItemStateField>(
  id: string,
  at: { ms: number; device: string; who: string },
  field: F,
  from: ItemChange<F>['from'],
  to: ItemChange<F>['to'],
  seen: string[] = [],
  itemKey = ITEM,
): TeamLogEntry {
  const hlc = formatStamp(at.ms, 0, at.device);
  return {
    kind: 'change',
    id,
    itemKey,
    hlc,
    seen,
    who: at.who,
    device: at.device,
    change: { id, itemKey, field, from, to, who: at.who, device: at.device, at: at.ms },
  };
}

function event(id: string, at: { ms: number; device: string; who: string }, kind: ItemEventKind, seen: string[] = []): TeamLogEntry {
  return { kind: 'event', id, itemKey: ITEM, hlc: formatStamp(at.ms, 0, at.device), seen, who: at.who, device: at.device, event: kind, at: at.ms };
}

const annAt = (ms: number) => ({ ms, device: 'laptop', who: 'ann' });
const bobAt = (ms: number) => ({ ms, device: 'desktop', who: 'bob' });

function only(entries: TeamLogEntry[], viewer = 'ann'): FoldedItem {
  const items = foldTeamLog(entries, viewer);
  expect(items).toHaveLength(1);
  return items[0] as FoldedItem;
}

describe('the fold', () => {
  it('keeps the snooze over a done made at the same time, and records it for both people', () => {
    // The done has the later clock: the rule, not the clock, keeps the snooze.
    const done = change('d', annAt(1002), 'done', false, true);
    const snooze = change('s', bobAt(1001), 'snoozedUntil', null, 90_000);
    for (const log of [
      [done, snooze],
      [snooze, done],
    ]) {
      const item = only(log);
      expect(item.state.done).toBe(false);
      expect(item.state.snoozedUntil).toBe(90_000);
      expect(item.resolutions).toEqual([
        {
          itemKey: ITEM,
          register: 'visibility',
          rule: 'shows-soonest',
          kept: { id: 's', who: 'bob', device: 'desktop' },
          dropped: [{ id: 'd', who: 'ann', device: 'laptop' }],
        },
      ]);
    }
  });

  it('keeps the earlier of two snoozes made at the same time', () => {
    const item = only([change('a', annAt(1000), 'snoozedUntil', null, 50_000), change('b', bobAt(999), 'snoozedUntil', null, 80_000)]);
    expect(item.state.snoozedUntil).toBe(50_000);
    expect(item.resolutions[0]?.kept.id).toBe('a');
  });

  it('follows a done made after seeing the snooze (no conflict)', () => {
    const snooze = change('s', bobAt(1000), 'snoozedUntil', null, 90_000);
    const done = change('d', annAt(2000), 'done', false, true, ['s']);
    const item = only([done, snooze]);
    expect(item.state).toMatchObject({ done: true, snoozedUntil: 90_000 });
    expect(item.resolutions).toEqual([]);
    expect(item.heads.visibility).toEqual(['d']);
  });

  it('reopens on a new message from the person and closes on a sent reply', () => {
    const done = change('d', annAt(1000), 'done', false, true);
    const message = event('m', bobAt(2000), 'message-received', ['d']);
    expect(only([done, message]).state).toMatchObject({ done: false, snoozedUntil: null, unread: true });
    const reply = event('r', annAt(3000), 'reply-sent', ['m']);
    expect(only([done, message, reply]).state.done).toBe(true);
  });

  it('lets the audit of a "send anyway" choice change nothing: the snooze stays, the sent reply after it closes', () => {
    const snooze = change('s', annAt(1000), 'snoozedUntil', null, 90_000);
    const choice = event('a', bobAt(2000), 'reply-sent-anyway', ['s']);
    const item = only([snooze, choice]);
    expect(item.state).toMatchObject({ done: false, snoozedUntil: 90_000 });
    expect(item.heads.visibility).toEqual(['s']);
    expect(item.resolutions).toEqual([]);
    expect(only([snooze, choice, event('r', bobAt(3000), 'reply-sent', ['s'])]).state.done).toBe(true);
  });

  it('lets a new message the closer had not seen reopen the item', () => {
    const message = event('m', bobAt(1000), 'message-received');
    const done = change('d', annAt(1001), 'done', false, true);
    expect(only([message, done]).state.done).toBe(false);
  });

  it('takes the latest assignee and records the concurrent one', () => {
    const item = only([change('a', annAt(1000), 'assignee', null, 'ann'), change('b', bobAt(1500), 'assignee', null, 'bob')]);
    expect(item.state.assignee).toBe('bob');
    expect(item.resolutions).toEqual([
      {
        itemKey: ITEM,
        register: 'assignee',
        rule: 'latest-clock',
        kept: { id: 'b', who: 'bob', device: 'desktop' },
        dropped: [{ id: 'a', who: 'ann', device: 'laptop' }],
      },
    ]);
  });

  it('keeps a label added on one device while the other removed it (observed-remove set)', () => {
    const add = change('l1', annAt(1000), 'labels', [], ['urgent']);
    const removeSeen = change('l2', bobAt(2000), 'labels', ['urgent'], [], ['l1']);
    const addAgain = change('l3', annAt(2001), 'labels', ['urgent'], ['urgent', 'vip'], ['l1']);
    expect(only([add, removeSeen]).state.labels).toEqual([]);
    expect(only([add, removeSeen, addAgain]).state.labels).toEqual(['vip']);
    const concurrentAdd = change('l4', annAt(2002), 'labels', [], ['urgent'], []);
    expect(only([add, removeSeen, concurrentAdd]).state.labels).toEqual(['urgent']);
  });

  it('keeps read per person, and a new message makes it unread for everyone', () => {
    const message = event('m', bobAt(1000), 'message-received');
    const annRead = change('r', annAt(2000), 'unread', true, false);
    const log = [message, annRead];
    expect(only(log, 'ann').state.unread).toBe(false);
    expect(only(log, 'bob').state.unread).toBe(true);
    expect(only([...log, event('m2', bobAt(3000), 'message-received')], 'ann').state.unread).toBe(true);
  });

  it('ignores a seen that points forward (no cycle from a forged log)', () => {
    const a = change('a', annAt(1000), 'note', null, 'one', ['b']);
    const b = change('b', bobAt(2000), 'note', null, 'two', ['a']);
    expect(only([a, b]).state.note).toBe('two');
    expect(only([b, a]).state.note).toBe('two');
  });
});

// Logs as devices write them: each entry's seen names earlier entries of the same item.
const FIELDS = ['done', 'snoozedUntil', 'assignee', 'labels', 'note', 'unread'] as const;
const entryArbitrary = fc.record({
  item: fc.constantFrom('facebook:c1', 'twitter:c2', 'dm:instagram:t3'),
  member: fc.constantFrom('ann', 'bob', 'cy'),
  ms: fc.integer({ min: 0, max: 50 }),
  field: fc.constantFrom(...FIELDS, 'message-received' as const, 'reply-sent' as const),
  value: fc.integer({ min: 0, max: 3 }),
  seenPicks: fc.array(fc.nat(), { maxLength: 3 }),
});

interface Spec {
  item: string;
  member: string;
  ms: number;
  field: (typeof FIELDS)[number] | 'message-received' | 'reply-sent';
  value: number;
  seenPicks: number[];
}

function buildLog(specs: Spec[]): TeamLogEntry[] {
  const log: TeamLogEntry[] = [];
  specs.forEach((spec, index) => {
    const at = { ms: spec.ms + index, device: `${spec.member}-device`, who: spec.member };
    const earlier = log.filter((entry) => entry.itemKey === spec.item);
    const seen = earlier.length === 0 ? [] : spec.seenPicks.map((pick) => (earlier[pick % earlier.length] as TeamLogEntry).id);
    const id = `e${index}`;
    if (spec.field === 'message-received' || spec.field === 'reply-sent') {
      log.push({
        kind: 'event',
        id,
        itemKey: spec.item,
        hlc: formatStamp(at.ms, 0, at.device),
        seen,
        who: at.who,
        device: at.device,
        event: spec.field,
        at: at.ms,
      });
      return;
    }
    const values: Record<(typeof FIELDS)[number], [unknown, unknown]> = {
      done: [spec.value % 2 === 0, spec.value % 2 === 1],
      snoozedUntil: [null, 1000 * spec.value],
      assignee: [null, ['ann', 'bob', 'cy', null][spec.value]],
      labels: [spec.value > 1 ? ['a'] : [], [['a'], ['b'], ['a', 'b'], []][spec.value]],
      note: [null, `note ${spec.value}`],
      unread: [true, spec.value % 2 === 0],
    };
    const [from, to] = values[spec.field];
    log.push(change(id, at, spec.field, from as never, to as never, seen, spec.item));
  });
  return log;
}

describe('the fold, whatever the order', () => {
  it('gives the same items for any order and any duplication of the same entries', () => {
    fc.assert(
      fc.property(
        fc.array(entryArbitrary, { minLength: 1, maxLength: 30 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        fc.integer(),
        fc.constantFrom('ann', 'bob'),
        (specs, duplicates, seed, viewer) => {
          const log = buildLog(specs);
          const shuffled = [...log, ...duplicates.map((pick) => log[pick % log.length] as TeamLogEntry)];
          let state = seed;
          for (let index = shuffled.length - 1; index > 0; index -= 1) {
            state = (state * 1103515245 + 12345) & 0x7fffffff;
            const other = state % (index + 1);
            [shuffled[index], shuffled[other]] = [shuffled[other] as TeamLogEntry, shuffled[index] as TeamLogEntry];
          }
          expect(foldTeamLog(shuffled, viewer)).toEqual(foldTeamLog(log, viewer));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('gives two devices that exchanged everything the same items (whoever received what first)', () => {
    fc.assert(
      fc.property(fc.array(entryArbitrary, { minLength: 1, maxLength: 30 }), fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }), (specs, sides) => {
        const log = buildLog(specs);
        const laptop = log.filter((_, index) => sides[index]);
        const desktop = log.filter((_, index) => !sides[index]);
        expect(foldTeamLog([...laptop, ...desktop], 'ann')).toEqual(foldTeamLog([...desktop, ...laptop], 'ann'));
      }),
      { numRuns: 200 },
    );
  });
});
