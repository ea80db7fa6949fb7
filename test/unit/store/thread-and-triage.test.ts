import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { comment, ownId, post, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

describe('thread', () => {
  it('gives the post, the ancestors from the top down and every reply below, oldest first', () => {
    temp = seeded();
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'top', created: at(0) }),
      comment({ socialCommentId: 'mid', parentSocialCommentId: 'top', created: at(1) }),
      comment({ socialCommentId: 'me', parentSocialCommentId: 'mid', created: at(2) }),
      comment({ socialCommentId: 'r2', parentSocialCommentId: 'me', created: at(4) }),
      comment({ socialCommentId: 'r1', parentSocialCommentId: 'me', created: at(3) }),
      comment({ socialCommentId: 'r1a', parentSocialCommentId: 'r1', created: at(5) }),
      comment({ socialCommentId: 'other', created: at(6) }),
    ]);
    const thread = temp.store.thread('instagram:me')!;
    expect(thread.post?.socialPostId).toBe('p1');
    expect(thread.ancestors.map((r) => r.socialCommentId)).toEqual(['top', 'mid']);
    expect(thread.comment.socialCommentId).toBe('me');
    expect(thread.replies.map((r) => r.socialCommentId)).toEqual(['r1', 'r2', 'r1a']);
  });

  it('answers null for an unknown or malformed key, and survives a cycle in bad parent links', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'a', parentSocialCommentId: 'b' }),
      comment({ socialCommentId: 'b', parentSocialCommentId: 'a' }),
    ]);
    expect(temp.store.thread('instagram:nope')).toBeNull();
    expect(temp.store.thread('garbage')).toBeNull();
    const thread = temp.store.thread('instagram:a')!;
    expect(thread.ancestors.map((r) => r.socialCommentId)).toEqual(['b']);
    expect(thread.replies.map((r) => r.socialCommentId)).toEqual(['b']);
    expect(thread.post).toBeNull();
  });
});

describe('triage', () => {
  it('applies one patch to many comments and leaves the fields it does not name', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a' }), comment({ socialCommentId: 'b' }), comment({ socialCommentId: 'c' })]);
    temp.store.setTriage(['instagram:a', 'instagram:b'], { labels: ['vip', 'vip', 'urgent'] });
    temp.store.setTriage(['instagram:a', 'instagram:b', 'instagram:unknown'], { unread: false });
    const row = (id: string) => temp.store.thread(`instagram:${id}`)!.comment;
    expect(row('a')).toMatchObject({ unread: false, done: false, labels: ['vip', 'urgent'] });
    expect(row('c')).toMatchObject({ unread: true, labels: [] });
    expect(temp.store.counts()['p-1']).toMatchObject({ unread: 1, all: 3 });
  });

  it('changes nothing when one key of the call is malformed', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a' })]);
    expect(() => temp.store.setTriage(['instagram:a', 'not-a-key'], { done: true })).toThrow(StoreInputError);
    expect(() => temp.store.setTriage(['instagram:a'], { snoozedUntil: Number.NaN })).toThrow(StoreInputError);
    expect(temp.store.thread('instagram:a')!.comment.done).toBe(false);
  });

  it('keeps the counts per view in step with every change', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'a' }),
      comment({ socialCommentId: 'b', hidden: true }),
      comment({ socialCommentId: 'mine', authorId: ownId('p-1', 'instagram'), parentSocialCommentId: 'c' }),
      comment({ socialCommentId: 'c' }),
    ]);
    expect(temp.store.counts({ now: T0 })['p-1']).toEqual({ unread: 3, needsReply: 1, all: 4, done: 0, snoozed: 0, hidden: 1 });
    temp.store.setTriage(['instagram:a'], { snoozedUntil: T0 + 1000 });
    expect(temp.store.counts({ now: T0 })['p-1']).toMatchObject({ needsReply: 0, snoozed: 1 });
    expect(temp.store.counts({ now: T0 + 1000 })['p-1']).toMatchObject({ needsReply: 1, snoozed: 0 });
    temp.store.setTriage(['instagram:a', 'instagram:b'], { done: true, unread: false });
    expect(temp.store.counts({ now: T0 + 1000 })['p-1']).toEqual({ unread: 1, needsReply: 0, all: 4, done: 2, snoozed: 0, hidden: 1 });
    expect(temp.store.counts({ platforms: ['facebook'] })['p-1']).toEqual({ unread: 0, needsReply: 0, all: 0, done: 0, snoozed: 0, hidden: 0 });
  });
});
