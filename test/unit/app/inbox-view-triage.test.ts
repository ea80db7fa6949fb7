// "Select all in this view" through the core (inbox.viewSize, then inbox.triageView) on a real
// SQLite store: one write for every row of the view, bounded to what was selected, undone with `z`.
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../src/main/core/app/accountRegistry.ts';
import { InboxService } from '../../../src/main/core/app/inboxService.ts';
import { CoreRefusal } from '../../../src/main/core/refusal.ts';
import { TriageUndo } from '../../../src/main/core/app/triageUndo.ts';
import { ACCOUNT, comment, post, profile, seeded, T0, type TempStore } from '../store/storeFixtures.ts';

let temp: TempStore | null = null;
afterEach(() => {
  temp?.cleanup();
  temp = null;
});

const at = (secondsAgo: number) => new Date(T0 - secondsAgo * 1000).toISOString();

function inboxWith(profiles = [profile('p-1'), profile('p-2')]) {
  temp = seeded(profiles);
  const registry = new AccountRegistry(temp.store);
  registry.put(ACCOUNT);
  let changes = 0;
  const inbox = new InboxService(temp.store, registry, () => {
    changes += 1;
  });
  temp.store.upsertPosts([post('p-1', 'instagram', 'p1'), post('p-2', 'instagram', 'p2')]);
  return { store: temp.store, registry, inbox, changes: () => changes };
}

/** A client with `count` comments that need a reply, one a second, the newest `firstAgo` seconds ago. */
function commentsOf(profileId: string, prefix: string, count: number, firstAgo = 100) {
  return Array.from({ length: count }, (_, n) =>
    comment({ socialCommentId: `${prefix}${n}`, socialPostId: profileId === 'p-1' ? 'p1' : 'p2', created: at(firstAgo + n) }),
  );
}

describe('marking a whole view done in one command', () => {
  it('sweeps every row of the view (not a page), leaves the other client alone, and one undo puts each back as it was', () => {
    const { store, inbox, changes } = inboxWith();
    store.ingestComments('p-1', commentsOf('p-1', 'a', 1_200));
    store.ingestComments('p-2', commentsOf('p-2', 'b', 30));
    // Some rows carry state of their own that the undo must give back exactly.
    store.setTriage(['instagram:a3'], { unread: false, labels: ['vip'] });
    store.setTriage(['instagram:a7'], { snoozedUntil: T0 - 1_000 });
    const filter = { profileIds: ['p-1'], view: 'needsReply' as const };

    const selected = inbox.viewSize(filter);
    expect(selected).toEqual({ count: 1_200, newest: { created: at(100), key: 'instagram:a0' } });
    const swept = inbox.triageView({ filter, newest: selected.newest!, count: selected.count, done: true });
    expect(swept.changed).toBe(1_200);
    expect(changes()).toBe(1);
    expect(inbox.counts().byProfile['p-1']).toMatchObject({ needsReply: 0, done: 1_200 });
    expect(inbox.counts().byProfile['p-2']).toMatchObject({ needsReply: 30, done: 0 });

    expect(inbox.undoTriage(swept.undoToken)).toEqual({ restored: 1_200 });
    expect(inbox.counts().byProfile['p-1']).toMatchObject({ needsReply: 1_200, done: 0 });
    expect(store.thread('instagram:a3')?.comment).toMatchObject({ done: false, unread: false, labels: ['vip'] });
    expect(store.thread('instagram:a7')?.comment).toMatchObject({ done: false, snoozedUntil: T0 - 1_000 });
    expect(store.thread('instagram:a8')?.comment).toMatchObject({ done: false, unread: true, labels: [] });
    expect(() => inbox.undoTriage(swept.undoToken)).toThrow(CoreRefusal);
  });

  it('never sweeps a comment that arrived after the selection, newer than what was seen', () => {
    const { store, inbox } = inboxWith();
    store.ingestComments('p-1', commentsOf('p-1', 'a', 50));
    const filter = { profileIds: ['p-1'], view: 'needsReply' as const };
    const selected = inbox.viewSize(filter);

    // Meanwhile the sync brings a new comment (newer than the selection's newest row).
    store.ingestComments('p-1', [comment({ socialCommentId: 'late', socialPostId: 'p1', created: at(5) })]);
    const swept = inbox.triageView({ filter, newest: selected.newest!, count: selected.count, done: true });
    expect(swept.changed).toBe(50);
    expect(store.thread('instagram:late')?.comment.done).toBe(false);
    expect(inbox.page(filter, null, 10).rows.map((row) => row.key)).toEqual(['instagram:late']);
  });

  it('changes nothing and says so when more comments are under the bound than were selected (one came in with an older time)', () => {
    const { store, inbox, changes } = inboxWith();
    store.ingestComments('p-1', commentsOf('p-1', 'a', 20));
    const filter = { profileIds: ['p-1'], view: 'needsReply' as const };
    const selected = inbox.viewSize(filter);
    store.ingestComments('p-1', [comment({ socialCommentId: 'backlog', socialPostId: 'p1', created: at(110) })]);

    expect(() => inbox.triageView({ filter, newest: selected.newest!, count: selected.count, done: true })).toThrow(/select all again/);
    expect(changes()).toBe(0);
    expect(inbox.counts().byProfile['p-1']?.needsReply).toBe(21);
    // Selected again, it goes.
    const again = inbox.viewSize(filter);
    expect(inbox.triageView({ filter, newest: again.newest!, count: again.count, done: true }).changed).toBe(21);
  });

  it('sweeps fewer when rows left the view meanwhile, and works for read, unread and snooze too', () => {
    const { store, inbox } = inboxWith();
    store.ingestComments('p-1', commentsOf('p-1', 'a', 10));
    const filter = { view: 'needsReply' as const };
    const selected = inbox.viewSize(filter);
    inbox.triage({ keys: ['instagram:a0', 'instagram:a1'], done: true });
    const read = inbox.triageView({ filter, newest: selected.newest!, count: selected.count, unread: false });
    expect(read.changed).toBe(8);
    expect(store.thread('instagram:a5')?.comment.unread).toBe(false);
    expect(store.thread('instagram:a0')?.comment.unread).toBe(true);
    const snoozed = inbox.triageView({ filter, newest: selected.newest!, count: selected.count, snoozedUntil: T0 + 3_600_000 });
    expect(snoozed.changed).toBe(8);
    expect(inbox.viewSize(filter)).toEqual({ count: 0, newest: null });
  });

  it('leaves the profiles of a removed account out of the size and the sweep', () => {
    const other = { ...ACCOUNT, accountId: 'acc-2' };
    const { store, registry, inbox } = inboxWith([profile('p-1')]);
    registry.put(other);
    store.upsertProfile(profile('p-2', ['instagram'], { accountId: 'acc-2' }));
    store.upsertPosts([post('p-2', 'instagram', 'p2')]);
    store.ingestComments('p-1', commentsOf('p-1', 'a', 5));
    store.ingestComments('p-2', commentsOf('p-2', 'b', 5, 1));
    registry.remove('acc-2');

    const selected = inbox.viewSize({ view: 'needsReply' });
    expect(selected).toEqual({ count: 5, newest: { created: at(100), key: 'instagram:a0' } });
    expect(inbox.triageView({ filter: { view: 'needsReply' }, newest: { created: at(1), key: 'instagram:b0' }, count: 5, done: true }).changed).toBe(5);
    expect(store.thread('instagram:b0')?.comment.done).toBe(false);
  });
});

describe('the undo memory', () => {
  it('forgets the oldest actions when too many changes are remembered, but always keeps the latest', () => {
    // An action is remembered by the ids of the changes it wrote (issue 21: undo is an inverse change).
    const undo = new TriageUndo({ actions: 10, changes: 100 });
    const restores = (n: number) => Array.from({ length: n }, (_, i) => `change-${i}`);
    const first = undo.remember(restores(60));
    const second = undo.remember(restores(30));
    const huge = undo.remember(restores(500));
    expect(undo.take(first)).toBeNull();
    expect(undo.take(second)).toBeNull();
    expect(undo.take(huge)).toHaveLength(500);
    const small = undo.remember(restores(40));
    const again = undo.remember(restores(40));
    expect(undo.take(small)).toHaveLength(40);
    expect(undo.take(again)).toHaveLength(40);
  });
});
