import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../../../src/main/core/store/errors.ts';
import { comment, ownId, post, profile, seeded, T0, type TempStore } from './storeFixtures.ts';

let temp: TempStore;
afterEach(() => temp?.cleanup());

/** Another connection's view of "did anything commit since?" (PRAGMA data_version). */
function commitWatcher(file: string): { changed(): boolean; close(): void } {
  const db = new DatabaseSync(file);
  const version = () => (db.prepare('PRAGMA data_version').get() as { data_version: number }).data_version;
  const before = version();
  return { changed: () => version() !== before, close: () => db.close() };
}

describe('ingest', () => {
  it('writes nothing when the same answer is ingested twice', () => {
    temp = seeded();
    const batch = [comment(), comment(), comment({ parentSocialCommentId: 'c-x' })];
    const first = temp.store.ingestComments('p-1', batch);
    expect(first.inserted).toHaveLength(3);
    const watcher = commitWatcher(temp.file);
    const second = temp.store.ingestComments('p-1', structuredClone(batch));
    expect(second).toEqual({ inserted: [], updated: 0, unchanged: 3, rejected: [] });
    expect(watcher.changed()).toBe(false);
    watcher.close();
  });

  it('keeps triage state when a comment is ingested again, even changed', () => {
    temp = seeded();
    const c = comment({ socialCommentId: 'keep' });
    temp.store.ingestComments('p-1', [c]);
    temp.store.setTriage(['instagram:keep'], { unread: false, done: true, labels: ['vip'], snoozedUntil: T0 + 5000 });
    const result = temp.store.ingestComments('p-1', [{ ...c, likeCount: 10, text: 'edited', hidden: true }]);
    expect(result.updated).toBe(1);
    const row = temp.store.thread('instagram:keep')!.comment;
    expect(row).toMatchObject({ unread: false, done: true, labels: ['vip'], snoozedUntil: T0 + 5000, likeCount: 10, text: 'edited', hidden: true });
  });

  it('reindexes an edited text: the new words are found, the old ones no longer', () => {
    temp = seeded();
    const c = comment({ socialCommentId: 'edit', text: 'Where is my parcel' });
    temp.store.ingestComments('p-1', [c]);
    expect(temp.store.inboxPage({ text: 'parcel' }).rows.map((r) => r.key)).toEqual(['instagram:edit']);
    temp.store.ingestComments('p-1', [{ ...c, text: 'Found the package, thanks' }]);
    expect(temp.store.inboxPage({ text: 'parcel' }).rows).toEqual([]);
    expect(temp.store.inboxPage({ text: 'package' }).rows.map((r) => r.key)).toEqual(['instagram:edit']);
  });

  it('indexes every new comment of a batch for search, in whatever order the batch lists them', () => {
    temp = seeded();
    const batch = [
      comment({ socialCommentId: 'late', text: 'Lemon tart please', created: '2026-11-20T11:00:00.000Z' }),
      comment({ socialCommentId: 'early', text: 'Lemon cake please', created: '2026-11-20T09:00:00.000Z' }),
      comment({ socialCommentId: 'twice', text: 'first listing', created: '2026-11-20T10:00:00.000Z' }),
      comment({ socialCommentId: 'twice', text: 'Lemon pie instead', created: '2026-11-20T10:00:00.000Z' }),
      comment({ socialCommentId: 'bad', created: 'not a time', text: 'Lemon never stored' }),
    ];
    const result = temp.store.ingestComments('p-1', batch);
    expect(result.inserted).toHaveLength(3);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'next', text: 'Lemon bread' }), { ...batch[0]!, text: 'Orange tart please' }]);
    expect(
      temp.store
        .inboxPage({ text: 'lemon' })
        .rows.map((r) => r.key)
        .sort(),
    ).toEqual(['instagram:early', 'instagram:next', 'instagram:twice']);
    expect(temp.store.inboxPage({ text: 'first listing' }).rows).toEqual([]);
    expect(temp.store.inboxPage({ text: 'orange tart' }).rows.map((r) => r.key)).toEqual(['instagram:late']);
    // FTS5 compares its index with the comments table: a missing or extra row fails here.
    const db = new DatabaseSync(temp.file);
    expect(() => db.exec(`INSERT INTO comments_fts (comments_fts, rank) VALUES ('integrity-check', 1)`)).not.toThrow();
    db.close();
  });

  it('finds a comment by its author name', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a', authorName: 'Zoë Okafor', text: 'nice' }), comment({ text: 'also nice' })]);
    expect(temp.store.inboxPage({ text: 'zoe okafor' }).rows.map((r) => r.key)).toEqual(['instagram:a']);
  });

  it("decides 'by the account' from the profile's identity on that network, and starts those read", () => {
    temp = seeded();
    const mine = comment({ socialCommentId: 'mine', authorId: ownId('p-1', 'instagram') });
    const theirs = comment({ socialCommentId: 'theirs' });
    // The same author id on another network is someone else.
    const elsewhere = comment({ socialCommentId: 'elsewhere', platform: 'twitter', authorId: ownId('p-1', 'instagram') });
    temp.store.ingestComments('p-1', [mine, theirs, elsewhere]);
    const byKey = (key: string) => temp.store.thread(key)!.comment;
    expect(byKey('instagram:mine')).toMatchObject({ byAccount: true, unread: false });
    expect(byKey('instagram:theirs')).toMatchObject({ byAccount: false, unread: true });
    expect(byKey('twitter:elsewhere')).toMatchObject({ byAccount: false, unread: true });
  });

  it('marks replied only the comment the account answered, not the comment above it (issue 27)', () => {
    temp = seeded();
    const me = ownId('p-1', 'instagram');
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'top' }),
      comment({ socialCommentId: 'fan-reply', parentSocialCommentId: 'top' }),
      comment({ socialCommentId: 'lonely' }),
    ]);
    const needsReply = () =>
      temp.store
        .inboxPage({ view: 'needsReply' })
        .rows.map((r) => r.key)
        .sort();
    expect(needsReply()).toEqual(['instagram:fan-reply', 'instagram:lonely', 'instagram:top']);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'my-answer', parentSocialCommentId: 'fan-reply', authorId: me })]);
    expect(temp.store.thread('instagram:fan-reply')!.comment.replied).toBe(true);
    // The top comment's author was not answered: they still wait.
    expect(temp.store.thread('instagram:top')!.comment.replied).toBe(false);
    expect(needsReply()).toEqual(['instagram:lonely', 'instagram:top']);
    // An answer to the top comment itself marks it.
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'my-answer-2', parentSocialCommentId: 'top', authorId: me })]);
    expect(needsReply()).toEqual(['instagram:lonely']);
  });

  it('marks a comment replied when the answer arrived before the comment itself', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'answer', parentSocialCommentId: 'late', authorId: ownId('p-1', 'instagram') })]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'late' })]);
    expect(temp.store.thread('instagram:late')!.comment.replied).toBe(true);
    expect(temp.store.inboxPage({ view: 'needsReply' }).rows).toEqual([]);
  });

  it('re-decides authorship and replies when the profile learns its identity later', () => {
    temp = seeded([profile('p-1', ['facebook'])]);
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'q', platform: 'instagram' }),
      comment({ socialCommentId: 'a', platform: 'instagram', parentSocialCommentId: 'q', authorId: 'ig-me' }),
    ]);
    expect(temp.store.inboxPage({ view: 'needsReply' }).rows).toHaveLength(2);
    temp.store.upsertProfile(profile('p-1', ['facebook'], { networks: { facebook: { id: 'fb', username: 'x' }, instagram: { id: 'ig-me', username: 'me' } } }));
    expect(temp.store.thread('instagram:a')!.comment.byAccount).toBe(true);
    expect(temp.store.thread('instagram:q')!.comment.replied).toBe(true);
    expect(temp.store.inboxPage({ view: 'needsReply' }).rows).toEqual([]);
    expect(temp.store.counts()['p-1']!.needsReply).toBe(0);
    // …and takes it back when the identity goes.
    temp.store.upsertProfile(profile('p-1', ['facebook']));
    expect(temp.store.thread('instagram:q')!.comment.replied).toBe(false);
    expect(temp.store.counts()['p-1']!.needsReply).toBe(2);
  });

  it('refuses malformed comments one by one and stores the rest of the batch', () => {
    temp = seeded();
    const good = comment({ socialCommentId: 'good' });
    const result = temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'bad-time', created: 'yesterday-ish' }),
      good,
      comment({ platform: 'myspace' as never, socialCommentId: 'bad-net' }),
      comment({ socialCommentId: '' }),
      comment({
        socialCommentId: 'cyclic',
        raw: (() => {
          const o: Record<string, unknown> = {};
          o.self = o;
          return o;
        })(),
      }),
    ]);
    expect(result.inserted).toEqual(['instagram:good']);
    expect(result.rejected.map((r) => r.key)).toEqual(['instagram:bad-time', 'myspace:bad-net', 'instagram:', 'instagram:cyclic']);
    expect(result.rejected.every((r) => r.reason.length > 0)).toBe(true);
  });

  it('refuses comments of an unknown profile with a typed error and writes nothing', () => {
    temp = seeded();
    expect(() => temp.store.ingestComments('nobody', [comment()])).toThrow(StoreInputError);
    expect(temp.store.inboxPage({}).rows).toEqual([]);
  });

  it('keeps ids learnt once when a later answer leaves them out', () => {
    temp = seeded();
    const c = comment({ socialCommentId: 'ids', platform: 'linkedin', commentUrn: 'urn:li:comment:(urn:li:activity:1,2)', serviceCommentId: 'svc-9' });
    temp.store.ingestComments('p-1', [c]);
    const { commentUrn: _urn, serviceCommentId: _svc, ...without } = c;
    expect(temp.store.ingestComments('p-1', [without]).unchanged).toBe(1);
    expect(temp.store.thread('linkedin:ids')!.comment.commentUrn).toBe('urn:li:comment:(urn:li:activity:1,2)');
  });

  it('normalizes times so that order follows time whatever the offset notation', () => {
    temp = seeded();
    temp.store.ingestComments('p-1', [
      comment({ socialCommentId: 'utc', created: '2026-11-20T10:00:00Z' }),
      comment({ socialCommentId: 'offset', created: '2026-11-20T11:30:00+02:00' }),
    ]);
    const rows = temp.store.inboxPage({}).rows;
    expect(rows.map((r) => [r.key, r.created])).toEqual([
      ['instagram:utc', '2026-11-20T10:00:00.000Z'],
      ['instagram:offset', '2026-11-20T09:30:00.000Z'],
    ]);
  });

  it('counts comments per post for the scheduler, once each', () => {
    temp = seeded();
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    const batch = [comment({ created: '2026-11-20T08:00:00.000Z' }), comment({ created: '2026-11-20T09:00:00.000Z' })];
    temp.store.ingestComments('p-1', batch);
    temp.store.ingestComments('p-1', batch);
    const [state] = temp.store.postsForSync('p-1');
    expect(state).toMatchObject({ commentCount: 2, lastCommentAt: '2026-11-20T09:00:00.000Z' });
  });
});
