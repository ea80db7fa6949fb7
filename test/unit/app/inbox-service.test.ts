import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../src/main/core/app/accountRegistry.ts';
import { accountsFileIn } from '../../../src/main/core/app/accountsFile.ts';
import { CoreRefusal } from '../../../src/main/core/refusal.ts';
import { InboxService } from '../../../src/main/core/app/inboxService.ts';
import { dm } from '../store/messageFixtures.ts';
import { ACCOUNT, comment, post, profile, seeded, T0, type TempStore } from '../store/storeFixtures.ts';

let temp: TempStore | null = null;
afterEach(() => {
  temp?.cleanup();
  temp = null;
});

function inboxWith(profiles = [profile('p-1'), profile('p-2')]) {
  temp = seeded(profiles);
  const registry = new AccountRegistry(temp.store);
  registry.put(ACCOUNT);
  let changes = 0;
  const inbox = new InboxService(temp.store, registry, () => {
    changes += 1;
  });
  return { store: temp.store, registry, inbox, changes: () => changes };
}

describe('triage through the core', () => {
  it('applies labels per comment and puts everything back with the undo token, once', () => {
    const { store, inbox, changes } = inboxWith();
    store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    const [a, b] = [comment({ socialCommentId: 'a' }), comment({ socialCommentId: 'b' })];
    store.ingestComments('p-1', [a, b]);
    store.setTriage(['instagram:a'], { labels: ['vip'], snoozedUntil: 5_000 });

    const action = inbox.triage({
      keys: ['instagram:a', 'instagram:b', 'instagram:missing'],
      done: true,
      unread: false,
      addLabels: ['later'],
      removeLabels: ['vip'],
    });
    expect(action.changed).toBe(2);
    expect(store.thread('instagram:a')?.comment).toMatchObject({ done: true, unread: false, labels: ['later'], snoozedUntil: 5_000 });
    expect(store.thread('instagram:b')?.comment).toMatchObject({ done: true, unread: false, labels: ['later'] });
    expect(changes()).toBe(1);

    expect(inbox.undoTriage(action.undoToken)).toEqual({ restored: 2 });
    expect(store.thread('instagram:a')?.comment).toMatchObject({ done: false, unread: true, labels: ['vip'], snoozedUntil: 5_000 });
    expect(store.thread('instagram:b')?.comment).toMatchObject({ done: false, unread: true, labels: [], snoozedUntil: null });
    expect(() => inbox.undoTriage(action.undoToken)).toThrow(CoreRefusal);
  });

  it('leaves the profiles of a removed account out of pages, counts and threads', () => {
    const other = { ...ACCOUNT, accountId: 'acc-2' };
    const { store, registry, inbox } = inboxWith([profile('p-1')]);
    registry.put(other);
    store.upsertProfile(profile('p-2', ['instagram'], { accountId: 'acc-2' }));
    store.upsertPosts([post('p-1', 'instagram', 'x1'), post('p-2', 'instagram', 'x2')]);
    store.ingestComments('p-1', [comment({ socialCommentId: 'kept', socialPostId: 'x1' })]);
    store.ingestComments('p-2', [comment({ socialCommentId: 'gone', socialPostId: 'x2' })]);
    expect(
      inbox
        .page({}, null, 50)
        .rows.map((row) => row.key)
        .sort(),
    ).toEqual(['instagram:gone', 'instagram:kept']);

    registry.remove('acc-2');
    expect(inbox.page({}, null, 50).rows.map((row) => row.key)).toEqual(['instagram:kept']);
    expect(inbox.page({ profileIds: ['p-2'] }, null, 50).rows).toEqual([]);
    expect(Object.keys(inbox.counts().byProfile)).toEqual(['p-1']);
    expect(inbox.counts().total.all).toBe(1);
    expect(() => inbox.thread('instagram:gone', () => [])).toThrow(CoreRefusal);
    expect(inbox.triage({ keys: ['instagram:gone'], done: true }).changed).toBe(0);
  });
});

describe('triage of conversations through the core', () => {
  it('triages a conversation beside a comment, counts it by kind, and puts it back with the undo token', () => {
    const { store, inbox, changes } = inboxWith([profile('p-1', ['instagram', 'facebook'])]);
    store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    store.ingestComments('p-1', [comment({ socialCommentId: 'a' })]);
    store.ingestMessages('p-1', [dm({ conversationId: 'conv-1' }), dm({ conversationId: 'conv-2', platform: 'facebook' })]);
    store.setTriage(['dm:facebook:conv-2'], { labels: ['vip'] });
    expect(inbox.counts(undefined, 'conversation').total).toMatchObject({ all: 2, unread: 2, needsReply: 2 });
    expect(inbox.counts(undefined, 'comment').total).toMatchObject({ all: 1, unread: 1 });
    expect(inbox.counts().total).toMatchObject({ all: 3, unread: 3 });

    const action = inbox.triage({ keys: ['dm:instagram:conv-1', 'instagram:a', 'dm:facebook:conv-2', 'dm:twitter:unknown'], done: true, addLabels: ['later'] });
    expect(action.changed).toBe(3);
    expect(changes()).toBe(1);
    expect(store.conversation('dm:instagram:conv-1')?.row).toMatchObject({ done: true, labels: ['later'] });
    expect(store.conversation('dm:facebook:conv-2')?.row).toMatchObject({ done: true, labels: ['vip', 'later'] });
    expect(inbox.counts(undefined, 'conversation').total).toMatchObject({ done: 2, needsReply: 0 });

    expect(inbox.undoTriage(action.undoToken)).toEqual({ restored: 3 });
    expect(store.conversation('dm:instagram:conv-1')?.row).toMatchObject({ done: false, unread: true, labels: [] });
    expect(store.conversation('dm:facebook:conv-2')?.row).toMatchObject({ done: false, labels: ['vip'] });
    expect(store.thread('instagram:a')?.comment).toMatchObject({ done: false, labels: [] });
  });

  it('sweeps a view of conversations only, and leaves a removed account’s conversations alone', () => {
    const { store, registry, inbox } = inboxWith([profile('p-1', ['instagram'])]);
    registry.put({ ...ACCOUNT, accountId: 'acc-2' });
    store.upsertProfile(profile('p-2', ['instagram'], { accountId: 'acc-2' }));
    store.upsertPosts([post('p-1', 'instagram', 'p1')]);
    store.ingestComments('p-1', [comment({ socialCommentId: 'a' })]);
    store.ingestMessages('p-1', [dm({ conversationId: 'mine' })]);
    store.ingestMessages('p-2', [dm({ conversationId: 'theirs' })]);
    const size = inbox.viewSize({ kind: 'conversation' });
    expect(size.count).toBe(2);
    registry.remove('acc-2');
    expect(inbox.triage({ keys: ['dm:instagram:theirs'], done: true }).changed).toBe(0);
    const swept = inbox.triageView({ filter: { kind: 'conversation' }, newest: inbox.viewSize({ kind: 'conversation' }).newest!, count: 1, unread: false });
    expect(swept.changed).toBe(1);
    expect(store.conversation('dm:instagram:mine')?.row.unread).toBe(false);
    expect(store.conversation('dm:instagram:theirs')?.row.unread).toBe(true);
    expect(store.thread('instagram:a')?.comment.unread).toBe(true);
  });

  it('counts Closing soon as its list has it, per client and in all, whatever kind the switch counts (issue 27: the sidebar had no number for it)', () => {
    const { store, inbox } = inboxWith();
    store.ingestMessages('p-1', [dm({ conversationId: 'a' }), dm({ conversationId: 'b', platform: 'facebook' })]);
    store.ingestMessages('p-2', [dm({ conversationId: 'c' })]);
    // X has no reply window, and an answered conversation waits for no one.
    store.ingestMessages('p-2', [dm({ conversationId: 'x', platform: 'twitter' })]);
    store.ingestMessages('p-2', [dm({ at: 1, conversationId: 'answered' }), dm({ at: 2, conversationId: 'answered', action: 'sent' })]);
    const listed = (profileId: string) => store.conversationsClosingSoon({ now: T0, profileIds: [profileId] }).length;
    for (const kind of [undefined, 'comment', 'conversation'] as const) {
      const counts = inbox.counts(undefined, kind);
      expect(counts.byProfile['p-1']?.closingSoon).toBe(listed('p-1'));
      expect(counts.byProfile['p-2']?.closingSoon).toBe(listed('p-2'));
      expect(counts.total.closingSoon).toBe(3);
    }
    expect(inbox.counts(['facebook']).total.closingSoon).toBe(1);
    inbox.triage({ keys: ['dm:instagram:a'], done: true });
    expect(inbox.counts().byProfile['p-1']?.closingSoon).toBe(1);
  });
});

describe('the account registry', () => {
  // Issue 21: accounts.json is the only account list; the store keeps none.
  it('keeps the accounts and the sandbox choice in the accounts record, across a reopen', () => {
    const { registry: first } = inboxWith();
    const file = accountsFileIn(temp!.dir);
    const registry = new AccountRegistry(temp!.store, { file });
    registry.put(first.get(ACCOUNT.accountId)!);
    registry.put({ accountId: 'acc-9', title: 'Other', baseUrl: 'https://api.example.com/api', kind: 'service' });
    registry.sandboxRemoved = true;
    temp!.reopen();
    const again = new AccountRegistry(temp!.store, { file });
    expect(again.list().map((account) => account.accountId)).toEqual(['acc-1', 'acc-9']);
    expect(again.sandboxRemoved).toBe(true);
    again.remove('acc-9');
    temp!.reopen();
    expect(new AccountRegistry(temp!.store, { file }).list().map((account) => account.accountId)).toEqual(['acc-1']);
  });

  it('starts empty when the list an earlier version left in the store is not readable', () => {
    const { store } = inboxWith();
    const carry = (value: string) => {
      const db = new DatabaseSync(temp!.file);
      db.prepare("INSERT OR REPLACE INTO accounts_carried_over (name, value) VALUES ('accounts', ?)").run(value);
      db.close();
    };
    carry('{not json');
    expect(new AccountRegistry(store).list()).toEqual([]);
    carry(JSON.stringify([{ accountId: 1 }]));
    expect(new AccountRegistry(store).list()).toEqual([]);
  });
});
