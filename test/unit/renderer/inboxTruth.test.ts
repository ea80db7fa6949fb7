// The pure rules behind issue 19's items 6, 7, 8 and 15 on the screen: the header's exact count,
// a sent reply shown once, where a comment the app cannot answer is answered, a match in view.
import { describe, expect, it } from 'vitest';
import type { InboxCounts, InboxRow } from '../../../src/shared/domain/inbox.ts';
import type { OutboxItemView } from '../../../src/shared/domain/outbox.ts';
import { answerElsewhere } from '../../../src/renderer/logic/answerElsewhere.ts';
import { aroundFirstMatch } from '../../../src/renderer/logic/aroundFirstMatch.ts';
import { deliveredReplies } from '../../../src/renderer/logic/sentReplies.ts';
import { countFromCounts } from '../../../src/renderer/logic/viewCount.ts';

const views = (needsReply: number, all: number) => ({ unread: 7, needsReply, all, done: 1, snoozed: 2, hidden: 3 });
const counts: InboxCounts = { byProfile: { a: views(405, 900), b: views(0, 10) }, total: views(405, 910) };
const filter = { view: 'needsReply' as const, profileId: null, platform: null, unreadOnly: false, kind: null, text: '' };

describe("the list header's count", () => {
  it("is the sidebar's count of the view for a client or for all of them, never the loaded rows", () => {
    expect(countFromCounts(filter, counts, null)).toBe(405);
    expect(countFromCounts({ ...filter, profileId: 'b' }, counts, null)).toBe(0);
    expect(countFromCounts({ ...filter, view: 'all', profileId: 'a' }, counts, null)).toBe(900);
  });

  it('waits while the counts are of another kind, asks the core for what the counts do not cover, and counts a search by its results', () => {
    expect(countFromCounts({ ...filter, kind: 'conversation' }, counts, null)).toBeNull();
    expect(countFromCounts(filter, null, null)).toBeNull();
    expect(countFromCounts({ ...filter, text: 'mug' }, counts, null)).toBe('loaded');
    expect(countFromCounts({ ...filter, unreadOnly: true }, counts, null)).toBe('ask');
    expect(countFromCounts({ ...filter, platform: 'instagram' }, counts, null)).toBe('ask');
  });
});

function reply(key: string, text: string, byAccount = true): InboxRow {
  const [platform, id] = key.split(':') as ['instagram', string];
  return {
    key,
    kind: 'comment',
    profileId: 'a',
    platform,
    socialCommentId: id,
    socialPostId: 'p',
    parentSocialCommentId: 'c',
    postExcerpt: '',
    authorId: 'x',
    authorName: 'Acme',
    text,
    created: '2026-11-27T10:00:00.000Z',
    likeCount: 0,
    hidden: false,
    byAccount,
    unread: false,
    done: false,
    snoozedUntil: null,
    replied: false,
    labels: [],
    commentUrn: null,
    videoId: null,
  };
}

function item(id: string, text: string, state: OutboxItemView['state'], socialCommentId: string | null): OutboxItemView {
  return {
    id,
    kind: 'reply',
    accountId: 'acc',
    profileId: 'a',
    answers: 'instagram:c',
    platforms: ['instagram'],
    text,
    created: 1,
    sendAfter: 2,
    state,
    results: state === 'sent' ? { instagram: { state: 'sent', socialCommentId, postUrl: null, adopted: false, at: 3 } } : {},
    attempts: 1,
    lastError: null,
    nextAttemptAt: null,
    updated: 3,
  };
}

describe('a sent reply in its thread', () => {
  it("is the account's comment with the id the service gave it, or its text; queued ones and others' comments are not", () => {
    const replies = [reply('instagram:r1', 'Thanks!'), reply('instagram:r2', 'See you Friday'), reply('instagram:r3', 'See you Friday', false)];
    const matched = deliveredReplies(replies, [
      item('o1', 'Thanks! (edited on the network)', 'sent', 'r1'),
      item('o2', ' See you Friday ', 'sent', null),
      item('o3', 'Thanks!', 'queued', null),
    ]);
    expect([...matched].map(([key, it]) => [key, it.id])).toEqual([
      ['instagram:r1', 'o1'],
      ['instagram:r2', 'o2'],
    ]);
  });
});

describe('a comment answered on its network', () => {
  it('is one on Threads, YouTube or Bluesky, never a conversation or a network the service replies on', () => {
    expect(answerElsewhere({ platform: 'threads', kind: 'comment' })?.label).toBe('Answer on Threads');
    expect(answerElsewhere({ platform: 'youtube', kind: 'comment' })?.toast).toMatch(/YouTube comments can’t be answered from the app/);
    expect(answerElsewhere({ platform: 'bluesky', kind: undefined })).not.toBeNull();
    expect(answerElsewhere({ platform: 'instagram', kind: 'comment' })).toBeNull();
    expect(answerElsewhere({ platform: 'twitter', kind: 'conversation' })).toBeNull();
  });
});

describe('a match far into a text', () => {
  it('starts the text at a word shortly before it, ranges moved along', () => {
    const text = 'We loved the afternoon, the weather, the people and the music; and then the saffron cake arrived';
    const at = text.indexOf('saffron');
    const cut = aroundFirstMatch(text, [[at, at + 7]]);
    expect(cut.text.startsWith('…')).toBe(true);
    const [range] = cut.ranges;
    expect(cut.text.slice(range![0], range![1])).toBe('saffron');
    expect(cut.ranges[0]![0]).toBeLessThanOrEqual(40);
    expect(aroundFirstMatch('saffron cake', [[0, 7]])).toEqual({ text: 'saffron cake', ranges: [[0, 7]] });
  });
});
