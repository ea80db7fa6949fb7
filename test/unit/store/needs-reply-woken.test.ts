// "Needs reply" holds the rows whose snooze has come due (issue 30): the store reads them, newest
// first, from the index of the snoozed rows that need a reply (migration 17), as one more arm of the
// page's merge. Whatever the share of snoozes due or ahead, the page is the same: due snoozes in,
// snoozes ahead out, done ones out, the profile, network and unread filters kept, newest first.
import { afterEach, describe, expect, it } from 'vitest';
import type { InboxFilter } from '../../../src/main/core/store/types.ts';
import { comment, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const HOUR = 3_600_000;
const at = (n: number): string => new Date(T0 - 86_400_000 + n * 60_000).toISOString();

/** p-1 on instagram: i1..i6 (i1 oldest); p-2 on facebook: f1, f2. */
function store(): TempStore {
  temp = seeded([profile('p-1', ['instagram']), profile('p-2', ['facebook'])]);
  temp.store.ingestComments(
    'p-1',
    [1, 2, 3, 4, 5, 6].map((n) => comment({ socialCommentId: `i${n}`, created: at(n) })),
  );
  temp.store.ingestComments(
    'p-2',
    [7, 8].map((n) => comment({ platform: 'facebook', socialCommentId: `f${n - 6}`, created: at(n) })),
  );
  return temp;
}

const keys = (filter: InboxFilter): string[] => temp!.store.inboxPage({ view: 'needsReply', now: T0, ...filter }).rows.map((row) => row.key);

describe('Needs reply and snoozes that came due', () => {
  it('few snoozes came due (read from the due range): they are in, those ahead are out, every filter kept', () => {
    const s = store().store;
    s.setTriage(['instagram:i1', 'instagram:i2', 'instagram:i4', 'facebook:f1'], { snoozedUntil: T0 + HOUR });
    s.setTriage(['instagram:i3', 'facebook:f2'], { snoozedUntil: T0 - HOUR });
    s.setTriage(['instagram:i5'], { snoozedUntil: T0 - HOUR, done: true });
    expect(keys({})).toEqual(['facebook:f2', 'instagram:i6', 'instagram:i3']);
    expect(keys({ platforms: ['instagram'] })).toEqual(['instagram:i6', 'instagram:i3']);
    expect(keys({ profileIds: ['p-2'] })).toEqual(['facebook:f2']);
    s.setTriage(['instagram:i3'], { unread: false });
    expect(keys({ unreadOnly: true })).toEqual(['facebook:f2', 'instagram:i6']);
    expect(keys({})).toEqual(['facebook:f2', 'instagram:i6', 'instagram:i3']);
  });

  it('most snoozes came due (read by a walk per profile and network): the same rows', () => {
    const s = store().store;
    s.setTriage(['instagram:i1', 'instagram:i2', 'instagram:i4', 'facebook:f1'], { snoozedUntil: T0 - HOUR });
    s.setTriage(['instagram:i3'], { snoozedUntil: T0 + HOUR });
    s.setTriage(['instagram:i5'], { snoozedUntil: T0 - HOUR });
    s.setTriage(['instagram:i6'], { snoozedUntil: T0 - HOUR, done: true });
    expect(keys({})).toEqual(['facebook:f2', 'facebook:f1', 'instagram:i5', 'instagram:i4', 'instagram:i2', 'instagram:i1']);
    expect(keys({ platforms: ['instagram'], unreadOnly: true })).toEqual(['instagram:i5', 'instagram:i4', 'instagram:i2', 'instagram:i1']);
    // Nothing came due: only the rows never snoozed.
    expect(keys({ now: T0 - 2 * HOUR })).toEqual(['facebook:f2']);
  });
});
