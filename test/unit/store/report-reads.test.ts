// The client report's reads by columns (reportCommentRows.ts, reportMessages.ts) on real SQLite
// files: which rows are items at a period's edges, comments per post, keys of rows, and the
// direct messages of a period with who spoke last before it.
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { dm } from './messageFixtures.ts';
import { comment, ownId, post, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

const MINUTE = 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe("the report's reads by columns", () => {
  it('flags as items the comments by others created in the period, to the millisecond at its edges', () => {
    temp = seeded([profile('p-1'), profile('p-2')]);
    const { store } = temp;
    store.upsertPosts([post('p-1', 'instagram', 'p1'), post('p-1', 'facebook', 'f1')]);
    const me = ownId('p-1', 'instagram');
    store.ingestComments('p-1', [
      comment({ socialCommentId: 'edge-before', created: iso(T0 + 400) }),
      comment({ socialCommentId: 'edge-in', created: iso(T0 + 500) }),
      comment({ socialCommentId: 'a', created: iso(T0 + MINUTE) }),
      comment({ socialCommentId: 'r', parentSocialCommentId: 'a', authorId: me, created: iso(T0 + 2 * MINUTE) }),
      comment({ socialCommentId: 'fb', platform: 'facebook', socialPostId: 'f1', created: iso(T0 + 3 * MINUTE), hidden: true }),
      comment({ socialCommentId: 'end-in', created: iso(T0 + 10 * MINUTE + 299) }),
      comment({ socialCommentId: 'end-out', created: iso(T0 + 10 * MINUTE + 300) }),
    ]);
    store.ingestComments('p-2', [comment({ socialCommentId: 'other', created: iso(T0 + MINUTE) })]);
    const period = { start: T0 + 500, end: T0 + 10 * MINUTE + 300 };

    const rows = store.reportCommentRows('p-1', period)!;
    const keys = store.reportCommentKeys([...rows.ids]);
    const itemKeys = keys.filter((_, index) => rows.items[index] === 1);
    expect(itemKeys).toEqual(['instagram:edge-in', 'instagram:a', 'facebook:fb', 'instagram:end-in']);
    expect(rows.createdAt[keys.indexOf('instagram:edge-before')]).toBe(T0 + 400);
    expect(rows.hidden[keys.indexOf('facebook:fb')]).toBe(1);
    // The account's reply: its row, its social id and its parent's key, and its parent's place.
    const reply = keys.indexOf('instagram:r');
    expect([...rows.replyRows]).toEqual([reply]);
    expect(rows.replySocialIds).toEqual(['r']);
    expect(rows.replyParentKeys).toEqual(['instagram:a']);
    expect(rows.parents[reply]).toBe(keys.indexOf('instagram:a'));

    expect(store.reportCommentRowIds(['instagram:a', 'instagram:nothing', 'not a key', 'instagram:other'])).toEqual([
      rows.ids[keys.indexOf('instagram:a')],
      null,
      null,
      expect.any(Number),
    ]);
    expect(store.reportCommentKeys([-1])).toEqual([null]);
    // The account's reply and the comments outside the period are not counted; the hidden one is.
    expect(store.reportCommentsPerPost('p-1', period, ['instagram:p1', 'facebook:f1', 'youtube:none'])).toEqual(
      new Map([
        ['instagram:p1', 3],
        ['facebook:f1', 1],
      ]),
    );
    expect(store.reportCommentRows('nobody', period)).toBeNull();
    expect(() => store.reportCommentRows('p-1', { start: T0, end: T0 })).toThrow(StoreInputError);
    expect(() => store.reportCommentsPerPost('p-1', { start: Number.NaN, end: T0 }, [])).toThrow(StoreInputError);
  });

  it('counts comments per post in a period within one second, and in one across two adjacent seconds, each once', () => {
    temp = seeded([profile('p-1')]);
    const { store } = temp;
    store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    // Seconds T0 and T0 + 1 s: the counts read the period's inner seconds from ids and its edge
    // seconds by time, three ranges that must neither overlap nor leave a gap.
    store.ingestComments(
      'p-1',
      [-1, 50, 100, 499, 500, 899, 900, 999, 1000, 1499, 1500].map((ms) => comment({ socialCommentId: `at-${String(ms)}`, created: iso(T0 + ms) })),
    );
    const perPost = (start: number, end: number) =>
      store.reportCommentsPerPost('p-1', { start: T0 + start, end: T0 + end }, ['instagram:p1']).get('instagram:p1');
    expect(perPost(100, 900)).toBe(4); // 100, 499, 500, 899
    expect(perPost(500, 1500)).toBe(6); // 500, 899, 900, 999 | 1000, 1499
    expect(perPost(0, 1000)).toBe(7); // one whole second: 50 to 999, not -1 nor 1000
    expect(perPost(0, 2000)).toBe(10); // two whole seconds
  });

  it('reads the direct messages since the period started, with who spoke last before it', () => {
    temp = seeded([profile('p-1', ['instagram', 'facebook', 'twitter'])]);
    const { store } = temp;
    // dm() times are minutes after T0 - 1 day.
    const day = T0 - 86_400_000;
    store.ingestMessages('p-1', [
      dm({ at: 1, messageId: 'a1' }),
      dm({ at: 2, messageId: 'a2', action: 'sent' }),
      dm({ at: 3, messageId: 'a3' }),
      dm({ at: 20, messageId: 'a4' }),
      dm({ at: 30, messageId: 'a5', action: 'sent' }),
      dm({ at: 5, messageId: 'b1', conversationId: 'conv-2', platform: 'facebook' }),
      dm({ at: 40, messageId: 'c1', conversationId: 'conv-3' }),
    ]);
    const conversations = store.reportConversations('p-1', { start: day + 10 * MINUTE, end: day + 60 * MINUTE });
    expect(conversations).toEqual([
      {
        platform: 'instagram',
        conversationId: 'conv-1',
        before: { action: 'received', at: day + 3 * MINUTE },
        messages: [
          { messageId: 'a4', action: 'received', at: day + 20 * MINUTE },
          { messageId: 'a5', action: 'sent', at: day + 30 * MINUTE },
        ],
      },
      { platform: 'instagram', conversationId: 'conv-3', before: null, messages: [{ messageId: 'c1', action: 'received', at: day + 40 * MINUTE }] },
    ]);
    expect(store.reportConversations('nobody', { start: day, end: T0 })).toEqual([]);
    expect(() => store.reportConversations('p-1', { start: T0, end: day })).toThrow(StoreInputError);
  });
});
