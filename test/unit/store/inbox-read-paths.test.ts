// The page's read paths of issue 30's fifth round: "Needs reply"'s woken snoozes come from migration
// 17's index (one arm of the page's merge, by row id), a next page reads its cursor's second and the
// older rows in one walk, and a page that ends between two seconds reads no second again. Whatever
// path a page takes, paging through a view gives every row once, in the one order.
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { rowIdWalkPays, type Partition } from '../../../src/main/core/store/inboxWalks.ts';
import { Statements } from '../../../src/main/core/store/statements.ts';
import type { InboxCursor, InboxFilter } from '../../../src/main/core/store/types.ts';
import { comment, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const HOUR = 3_600_000;
const DAY = 86_400_000;

/** Two profiles on two networks; `perSecond` comments in each of `seconds` seconds (a profile's rows share seconds with the other's). */
function store(seconds: number, perSecond: number): TempStore {
  temp = seeded([profile('p-1', ['instagram', 'facebook']), profile('p-2', ['instagram'])]);
  for (let s = 0; s < seconds; s += 1)
    for (let n = 0; n < perSecond; n += 1) {
      const owner = n % 3 === 2 ? 'p-2' : 'p-1';
      const platform = owner === 'p-1' && n % 3 === 1 ? 'facebook' : 'instagram';
      temp.store.ingestComments(owner, [
        comment({ platform, socialCommentId: `s${s}n${n}`, created: new Date(T0 - DAY + s * 1000 + ((n * 37) % 1000)).toISOString() }),
      ]);
    }
  return temp;
}

/** Every key of the view by pages of `size`, following each page's cursor. */
function paged(filter: InboxFilter, size: number): string[] {
  const keys: string[] = [];
  let cursor: InboxCursor | null = null;
  for (let guard = 0; guard < 1000; guard += 1) {
    const page = temp!.store.inboxPage(filter, cursor, size);
    keys.push(...page.rows.map((row) => row.key));
    if (page.next === null) return keys;
    cursor = page.next;
  }
  throw new Error('the pages did not end');
}

const allAtOnce = (filter: InboxFilter): string[] => temp!.store.inboxPage(filter, null, 500).rows.map((row) => row.key);

describe('page read paths (issue 30, fifth round)', () => {
  it("migration 17's index holds exactly the snoozed rows that need a reply, as snoozes and triage change", () => {
    const s = store(2, 6).store;
    const woken = (): number => {
      const db = new DatabaseSync(temp!.file, { readOnly: true });
      const row = db
        .prepare(
          `SELECT count(*) AS n FROM inbox INDEXED BY inbox_needs_reply_woken
            WHERE by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0 AND snoozed_until IS NOT NULL`,
        )
        .get() as { n: number };
      db.close();
      return row.n;
    };
    expect(woken()).toBe(0);
    s.setTriage(['instagram:s0n0', 'instagram:s0n2', 'facebook:s1n1'], { snoozedUntil: T0 - HOUR });
    s.setTriage(['instagram:s1n0'], { snoozedUntil: T0 + HOUR });
    expect(woken()).toBe(4);
    s.setTriage(['instagram:s0n0'], { done: true });
    expect(woken()).toBe(3);
    s.setTriage(['instagram:s0n2'], { snoozedUntil: null });
    expect(woken()).toBe(2);
  });

  it('paging through every view, with seconds of more rows than a page and than the room left for them, gives every row once in order', () => {
    const s = store(5, 13).store;
    s.setTriage(['instagram:s4n0', 'instagram:s3n5', 'instagram:s2n2', 'facebook:s1n1', 'instagram:s0n3'], { snoozedUntil: T0 - HOUR });
    s.setTriage(['instagram:s4n3', 'instagram:s2n0'], { snoozedUntil: T0 + HOUR });
    s.setTriage(['instagram:s3n0', 'instagram:s3n3', 'facebook:s2n4'], { done: true });
    s.setTriage(['instagram:s4n6', 'instagram:s1n0'], { unread: false });
    const filters: InboxFilter[] = [
      {},
      { view: 'needsReply' },
      { view: 'needsReply', unreadOnly: true },
      { view: 'needsReply', profileIds: ['p-1'], platforms: ['instagram'] },
      { view: 'snoozed' },
      { view: 'done' },
      { text: 'comment' },
    ];
    for (const filter of filters.map((f) => ({ now: T0, ...f })))
      for (const size of [1, 4, 5, 13, 14, 30]) {
        const expected = allAtOnce(filter);
        expect(expected.length).toBeGreaterThan(0);
        expect(paged(filter, size), `${JSON.stringify(filter)} by ${size}`).toEqual(expected);
      }
    // The due snoozes are in "Needs reply", the one ahead and the done ones are not.
    const needsReply = allAtOnce({ view: 'needsReply', now: T0 });
    expect(needsReply).toEqual(expect.arrayContaining(['instagram:s4n0', 'facebook:s1n1', 'instagram:s0n3']));
    for (const key of ['instagram:s4n3', 'instagram:s2n0', 'instagram:s3n0', 'facebook:s2n4']) expect(needsReply).not.toContain(key);
    expect(needsReply).toHaveLength(5 * 13 - 2 - 3);
  });

  it("a sparse view (an arm per partition and the woken snoozes' arm) and a dense one (one walk down the row ids) give the same rows", () => {
    const s = store(5, 13).store;
    const all = allAtOnce({ now: T0 });
    const open = ['instagram:s4n0', 'instagram:s2n5', 'facebook:s3n1', 'instagram:s1n2', 'instagram:s0n8'];
    s.setTriage(
      all.filter((key) => !open.includes(key)),
      { done: true },
    );
    s.setTriage(['instagram:s2n5', 'instagram:s0n8'], { snoozedUntil: T0 - HOUR });
    s.setTriage(['facebook:s3n1'], { snoozedUntil: T0 + HOUR });
    const expected = all.filter((key) => open.includes(key) && key !== 'facebook:s3n1');
    for (const filter of [
      { view: 'needsReply' as const, now: T0 },
      { view: 'needsReply' as const, now: T0, platforms: ['instagram' as const] },
    ]) {
      // A page of 500 in a view of 4 rows among 65 reads by partition; pages of 1 and 2 read down the row ids.
      expect(allAtOnce(filter)).toEqual(expected);
      expect(paged(filter, 1)).toEqual(expected);
      expect(paged(filter, 2)).toEqual(expected);
    }
    // p-2 has every third comment of a second (n % 3 === 2).
    const ofP2 = ['instagram:s2n5', 'instagram:s1n2', 'instagram:s0n8'];
    expect(paged({ view: 'needsReply', now: T0, profileIds: ['p-2'] }, 1)).toEqual(expected.filter((key) => ofP2.includes(key)));
    expect(allAtOnce({ view: 'needsReply', now: T0, profileIds: ['p-2'] })).toEqual(expected.filter((key) => ofP2.includes(key)));
  });

  it('a search in a view of few rows (Snoozed, done but unread) is the search in All cut to the view, page by page', () => {
    const s = store(4, 13).store;
    const snoozed = ['instagram:s3n0', 'facebook:s3n4', 'instagram:s2n2', 'instagram:s1n6', 'instagram:s0n0'];
    const doneUnread = ['instagram:s3n3', 'instagram:s2n6', 'facebook:s1n1'];
    s.setTriage(snoozed, { snoozedUntil: T0 + HOUR });
    s.setTriage(['instagram:s2n0'], { snoozedUntil: T0 - HOUR });
    s.setTriage(doneUnread, { done: true });
    s.setTriage(['instagram:s0n3'], { done: true, unread: false });
    const everything = allAtOnce({ text: 'comment', now: T0 });
    expect(everything).toHaveLength(4 * 13);
    const cases: [InboxFilter, string[]][] = [
      [{ view: 'snoozed' }, snoozed],
      [{ view: 'snoozed', platforms: ['instagram'] }, snoozed.filter((key) => key.startsWith('instagram:'))],
      [{ view: 'done', unreadOnly: true }, doneUnread],
    ];
    for (const [view, keys] of cases) {
      const filter = { ...view, text: 'comment', now: T0 };
      const expected = everything.filter((key) => keys.includes(key));
      expect(allAtOnce(filter)).toEqual(expected);
      for (const size of [1, 2, 3]) expect(paged(filter, size)).toEqual(expected);
    }
  });

  it('chooses the walk down the row ids where the view is dense enough for a page, and the arms where it is sparse', () => {
    const s = store(5, 13).store;
    const db = new DatabaseSync(temp!.file, { readOnly: true });
    try {
      const statements = new Statements(db);
      const rows = db.prepare('SELECT DISTINCT profile_id AS profileRowId, platform FROM inbox_counts').all() as { profileRowId: number; platform: string }[];
      const partitions: Partition[] = rows.map((row) => ({ ...row, kind: 'comment' }));
      const pays = (view: 'all' | 'needsReply', limit: number) => rowIdWalkPays(statements, view, false, partitions, partitions.length, limit);
      // All 65 rows are in "All" and in Needs reply: a page of 50 is found within a few rows per arm.
      expect(pays('all', 50)).toBe(true);
      expect(pays('needsReply', 50)).toBe(true);
      // Four of 65 left in Needs reply: a page of 50 would walk the whole table for them; a page of 1 still pays.
      const all = allAtOnce({ view: 'all' });
      s.setTriage(all.slice(4), { done: true });
      expect(pays('needsReply', 50)).toBe(false);
      expect(pays('needsReply', 1)).toBe(true);
      expect(pays('all', 50)).toBe(true);
    } finally {
      db.close();
    }
  });
});
