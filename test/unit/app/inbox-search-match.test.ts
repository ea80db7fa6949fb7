// Search results say why they matched (issue 19, item 15), through the core's page on a real SQLite
// store: a comment's words marked, and a conversation's matching message, not its last one.
import { afterEach, describe, expect, it } from 'vitest';
import { AccountRegistry } from '../../../src/main/core/app/accountRegistry.ts';
import { InboxService } from '../../../src/main/core/app/inboxService.ts';
import { dm } from '../store/messageFixtures.ts';
import { ACCOUNT, comment, post, profile, seeded, type TempStore } from '../store/storeFixtures.ts';

let temp: TempStore | null = null;
afterEach(() => {
  temp?.cleanup();
  temp = null;
});

describe('what a search matched', () => {
  it('marks the words of a comment and shows the message of a conversation that matched', () => {
    temp = seeded([profile('p-1', ['instagram'])]);
    const registry = new AccountRegistry(temp.store);
    registry.put(ACCOUNT);
    const inbox = new InboxService(temp.store, registry, () => {});
    temp.store.upsertPosts([post('p-1', 'instagram', 'x1')]);
    temp.store.ingestComments('p-1', [comment({ socialCommentId: 'k', socialPostId: 'x1', text: 'Your kumquat jam is the best', authorName: 'Jo' })]);
    temp.store.ingestMessages('p-1', [
      dm({ conversationId: 'a', at: 1, text: 'Do you still sell the kumquat marmalade?', personName: 'Inês Carvalho' }),
      dm({ conversationId: 'a', at: 2, text: 'Thanks in advance!', personName: 'Inês Carvalho' }),
    ]);

    const rows = inbox.page({ text: 'kumquat' }, null, 50).rows;
    const byKey = new Map(rows.map((row) => [row.key, row]));
    expect(byKey.get('instagram:k')?.match).toEqual({ text: 'Your kumquat jam is the best', ranges: [[5, 12]], authorRanges: [], message: null });
    const conversation = byKey.get('dm:instagram:a');
    expect(conversation?.text).toBe('Thanks in advance!');
    expect(conversation?.match).toMatchObject({ text: 'Do you still sell the kumquat marmalade?', ranges: [[22, 29]], message: { fromAccount: false } });
    // By the person's name (accents ignored): the last message, the name marked.
    expect(inbox.page({ text: 'ines' }, null, 50).rows[0]?.match).toMatchObject({ text: 'Thanks in advance!', ranges: [], authorRanges: [[0, 4]] });
    // Without a search, no row carries a match.
    expect(inbox.page({}, null, 50).rows.every((row) => row.match === undefined)).toBe(true);
  });
});
