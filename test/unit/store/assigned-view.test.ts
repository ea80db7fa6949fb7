// "Assigned to me" (issue 22) in a real SQLite file: the items assigned to the store's member (its
// actor in a team) that are not done and not snoozed, comments and conversations alike, newest
// first, with its count per client; searches and filters narrow it as they do every view; a store
// outside a team has no such count (and no item is assigned to "me").
import { afterEach, describe, expect, it } from 'vitest';
import { conversationKeyOf } from '../../../src/main/core/store/keys.ts';
import { dm } from './messageFixtures.ts';
import { comment, post, profile, seeded, type TempStore } from './storeFixtures.ts';

let temp: TempStore | undefined;
afterEach(() => {
  temp?.cleanup();
  temp = undefined;
});

function teamStore(): TempStore {
  temp = seeded([profile('p-1', ['instagram', 'facebook']), profile('p-2', ['instagram'])]);
  const { store } = temp;
  store.upsertPosts([post('p-1', 'instagram', 'p1'), post('p-2', 'instagram', 'p2')]);
  store.ingestComments('p-1', [
    comment({ socialCommentId: 'a', text: 'Where is my refund' }),
    comment({ socialCommentId: 'b' }),
    comment({ socialCommentId: 'c' }),
    comment({ socialCommentId: 'd' }),
    comment({ socialCommentId: 'e', text: 'Refund please' }),
  ]);
  store.ingestComments('p-2', [comment({ socialCommentId: 'f', socialPostId: 'p2' })]);
  store.ingestMessages('p-1', [dm({ at: 1 })]);
  store.setLocalActor({ who: 'ann', device: 'laptop' });
  return temp;
}

const DM = conversationKeyOf('instagram', 'conv-1');

describe('the Assigned to me view', () => {
  it('lists what is assigned to this member and still asks for work, newest first, and counts it per client', () => {
    const { store, clock } = teamStore();
    store.setTriage(['instagram:a', 'instagram:c', 'instagram:d', 'instagram:e', 'instagram:f', DM], { assignee: 'ann' });
    store.setTriage(['instagram:b'], { assignee: 'bob' });
    store.setTriage(['instagram:c'], { done: true });
    store.setTriage(['instagram:d'], { snoozedUntil: clock.now() + 60_000 });
    store.setTriage(['instagram:e'], { snoozedUntil: clock.now() - 60_000 });

    const keys = store.inboxPage({ view: 'assignedToMe' }).rows.map((row) => row.key);
    // The conversation's last message is a day before the comments: it comes last.
    expect(keys).toEqual(['instagram:a', 'instagram:e', 'instagram:f', DM]);
    expect(store.inboxPage({ view: 'assignedToMe' }).rows.every((row) => row.assignee === 'ann')).toBe(true);
    expect(store.inboxPage({ view: 'all' }).rows.find((row) => row.key === 'instagram:b')?.assignee).toBe('bob');
    const counts = store.counts();
    expect(counts['p-1']?.assignedToMe).toBe(3);
    expect(counts['p-2']?.assignedToMe).toBe(1);
    expect(store.counts({ kind: 'conversation' })['p-1']?.assignedToMe).toBe(1);
    expect(store.inboxViewSize({ view: 'assignedToMe' }).count).toBe(4);

    // Narrowed like any view: a client, a kind, unread only, a search.
    expect(store.inboxPage({ view: 'assignedToMe', profileIds: ['p-2'] }).rows.map((row) => row.key)).toEqual(['instagram:f']);
    expect(store.inboxPage({ view: 'assignedToMe', kind: 'conversation' }).rows.map((row) => row.key)).toEqual([DM]);
    expect(store.inboxPage({ view: 'assignedToMe', text: 'refund' }).rows.map((row) => row.key)).toEqual(['instagram:a', 'instagram:e']);
    store.setTriage(['instagram:a'], { unread: false });
    expect(store.inboxPage({ view: 'assignedToMe', unreadOnly: true }).rows.map((row) => row.key)).not.toContain('instagram:a');

    // Unassigned, it leaves.
    store.setTriage(['instagram:a'], { assignee: null });
    expect(store.inboxPage({ view: 'assignedToMe' }).rows.map((row) => row.key)).not.toContain('instagram:a');
    expect(store.inboxPage({ view: 'all' }).rows.find((row) => row.key === 'instagram:a')).not.toHaveProperty('assignee');
  });

  it('has no count outside a team, and nothing in it', () => {
    temp = seeded([profile('p-1', ['instagram'])]);
    temp.store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'a' })]);
    expect(temp.store.counts()['p-1']).not.toHaveProperty('assignedToMe');
    expect(temp.store.inboxPage({ view: 'assignedToMe' }).rows).toEqual([]);
  });
});
