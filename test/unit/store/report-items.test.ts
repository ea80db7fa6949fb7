import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { comment, ownId, post, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

const MINUTE = 60_000;
const at = (minute: number) => new Date(T0 + minute * MINUTE).toISOString();
const period = { start: T0, end: T0 + 60 * MINUTE };

describe('report items', () => {
  it('lists the comments by others in the period, with the account replies found below each', () => {
    temp = seeded([profile('p-1'), profile('p-2')]);
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1'), post('p-1', 'facebook', 'f1'), post('p-2', 'instagram', 'p2')]);
    const me = ownId('p-1', 'instagram');
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'before', created: at(-5) }),
      comment({ socialCommentId: 'answered', created: at(1) }),
      // Answered twice: the earlier reply comes first.
      comment({ socialCommentId: 'r-late', parentSocialCommentId: 'answered', authorId: me, created: at(20) }),
      comment({ socialCommentId: 'r-early', parentSocialCommentId: 'answered', authorId: me, created: at(9) }),
      // A follow-up by the fan, answered under it: answers both the follow-up and the top comment.
      comment({ socialCommentId: 'thread-top', created: at(2) }),
      comment({ socialCommentId: 'follow-up', parentSocialCommentId: 'thread-top', created: at(3) }),
      comment({ socialCommentId: 'r-deep', parentSocialCommentId: 'follow-up', authorId: me, created: at(30) }),
      comment({ socialCommentId: 'unanswered', created: at(4) }),
      comment({ socialCommentId: 'hidden', created: at(5), hidden: true }),
      comment({ socialCommentId: 'deleted', created: at(6) }),
      // A reply by someone else is no answer; an answer after the period's end still counts (asOf decides).
      comment({ socialCommentId: 'fan-reply', parentSocialCommentId: 'unanswered', created: at(7) }),
      comment({ socialCommentId: 'fb-item', platform: 'facebook', socialPostId: 'f1', created: at(59) }),
      comment({
        socialCommentId: 'fb-answer',
        platform: 'facebook',
        socialPostId: 'f1',
        parentSocialCommentId: 'fb-item',
        authorId: ownId('p-1', 'facebook'),
        created: at(90),
      }),
      comment({ socialCommentId: 'after', created: at(60) }),
      // An answer to a comment older than the period is no item of it.
      comment({ socialCommentId: 'r-before', parentSocialCommentId: 'before', authorId: me, created: at(8) }),
    ]);
    temp.store.ingestComments('p-2', [comment({ socialCommentId: 'other-client', socialPostId: 'p2', created: at(10) })]);
    expect(temp.store.deleteComment('instagram:deleted')).toBe(true);

    const items = temp.store.reportItems('p-1', period);
    expect(items.map((item) => item.key)).toEqual([
      'instagram:answered',
      'instagram:thread-top',
      'instagram:follow-up',
      'instagram:unanswered',
      'instagram:hidden',
      'instagram:fan-reply',
      'facebook:fb-item',
    ]);
    const byKey = new Map(items.map((item) => [item.key, item]));
    expect(byKey.get('instagram:answered')).toEqual({
      key: 'instagram:answered',
      platform: 'instagram',
      socialPostId: 'p1',
      createdAt: T0 + MINUTE,
      hidden: false,
      accountReplies: [
        { socialCommentId: 'r-early', at: T0 + 9 * MINUTE },
        { socialCommentId: 'r-late', at: T0 + 20 * MINUTE },
      ],
    });
    expect(byKey.get('instagram:thread-top')?.accountReplies).toEqual([{ socialCommentId: 'r-deep', at: T0 + 30 * MINUTE }]);
    expect(byKey.get('instagram:follow-up')?.accountReplies).toEqual([{ socialCommentId: 'r-deep', at: T0 + 30 * MINUTE }]);
    expect(byKey.get('instagram:unanswered')?.accountReplies).toEqual([]);
    expect(byKey.get('instagram:hidden')?.hidden).toBe(true);
    expect(byKey.get('facebook:fb-item')?.accountReplies).toEqual([{ socialCommentId: 'fb-answer', at: T0 + 90 * MINUTE }]);

    expect(temp.store.reportItems('p-2', period).map((item) => item.key)).toEqual(['instagram:other-client']);
    expect(temp.store.reportItems('nobody', period)).toEqual([]);
  });

  it('reads the same items after the store is reopened from its file', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'a', created: at(1) }),
      comment({ socialCommentId: 'ra', parentSocialCommentId: 'a', authorId: ownId('p-1', 'instagram'), created: at(2) }),
    ]);
    const before = temp.store.reportItems('p-1', period);
    temp.reopen();
    expect(temp.store.reportItems('p-1', period)).toEqual(before);
    expect(before).toHaveLength(1);
  });

  it('survives a cycle in bad parent links', () => {
    temp = seeded();
    const me = ownId('p-1', 'instagram');
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'x', parentSocialCommentId: 'y', created: at(1) }),
      comment({ socialCommentId: 'y', parentSocialCommentId: 'x', created: at(2) }),
      comment({ socialCommentId: 'r', parentSocialCommentId: 'x', authorId: me, created: at(3) }),
    ]);
    const items = temp.store.reportItems('p-1', period);
    expect(items.map((item) => [item.key, item.accountReplies.length])).toEqual([
      ['instagram:x', 1],
      ['instagram:y', 1],
    ]);
  });

  it('refuses a period that does not end after it starts', () => {
    temp = seeded();
    expect(() => temp.store.reportItems('p-1', { start: T0, end: T0 })).toThrow(StoreInputError);
    expect(() => temp.store.reportItems('p-1', { start: Number.NaN, end: T0 })).toThrow(StoreInputError);
  });
});
