import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { comment, ownId, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

describe('deleteComment', () => {
  it('takes the comment out of the list, the counts, the search and its thread, and keeps its replies', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'gone', text: 'wrong shop, sorry' }),
      comment({ socialCommentId: 'child', parentSocialCommentId: 'gone', text: 'a reply below' }),
      comment({ socialCommentId: 'other', text: 'lovely colours' }),
    ]);
    expect(temp.store.deleteComment('instagram:gone')).toBe(true);
    expect(temp.store.thread('instagram:gone')).toBeNull();
    expect(
      temp.store
        .inboxPage({ view: 'all' })
        .rows.map((r) => r.key)
        .sort(),
    ).toEqual(['instagram:child', 'instagram:other']);
    expect(temp.store.inboxPage({ text: 'wrong' }).rows).toEqual([]);
    expect(temp.store.counts({ now: T0 })['p-1']).toMatchObject({ all: 2, unread: 2 });
    expect(temp.store.thread('instagram:child')!.comment.text).toBe('a reply below');
  });

  it("puts a comment back in need of a reply when the account's answer is deleted", () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'question' }),
      comment({ socialCommentId: 'answer', parentSocialCommentId: 'question', authorId: ownId('p-1', 'instagram') }),
    ]);
    expect(temp.store.thread('instagram:question')!.comment.replied).toBe(true);
    temp.store.deleteComment('instagram:answer');
    expect(temp.store.thread('instagram:question')!.comment.replied).toBe(false);
    expect(temp.store.inboxPage({ view: 'needsReply' }).rows.map((r) => r.key)).toEqual(['instagram:question']);
  });

  it('answers false for a key it does not know and refuses a malformed one', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a' })]);
    expect(temp.store.deleteComment('instagram:nope')).toBe(false);
    expect(() => temp.store.deleteComment('not-a-key')).toThrow(StoreInputError);
    expect(temp.store.thread('instagram:a')).not.toBeNull();
  });
});
