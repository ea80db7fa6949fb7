// The renderer's view registry of inbox kinds (issue 21, item 1): one view per kind, found by the
// kind, by an item's key and by the outbox task that answers it; the words the screen uses come
// from it.
import { describe, expect, it } from 'vitest';
import { INBOX_ITEM_KINDS } from '../../../src/shared/domain/inbox.ts';
import { KIND_VIEWS, kindView, kindViewOfAnswer, kindViewOfKey } from '../../../src/renderer/kinds/kindViews.ts';
import { itemsNoun, KIND_CHOICES, nextKind } from '../../../src/renderer/logic/itemKinds.ts';
import { isConversationKey } from '../../../src/renderer/logic/directMessages.ts';

describe('the view registry of inbox kinds', () => {
  it('has one view for every kind the core knows, and one answer task per view', () => {
    expect(KIND_VIEWS.map((view) => view.kind).sort()).toEqual([...INBOX_ITEM_KINDS].sort());
    expect(new Set(KIND_VIEWS.map((view) => view.answer)).size).toBe(KIND_VIEWS.length);
    for (const view of KIND_VIEWS) {
      expect(kindView(view.kind)).toBe(view);
      expect(kindViewOfAnswer(view.answer)).toBe(view);
    }
  });

  it('knows a kind by its key, and the network in it', () => {
    const conversation = kindViewOfKey('dm:instagram:17841400000000001');
    expect(conversation.kind).toBe('conversation');
    expect(conversation.networkOfKey('dm:instagram:17841400000000001')).toBe('instagram');
    const comment = kindViewOfKey('facebook:123_456');
    expect(comment.kind).toBe('comment');
    expect(comment.networkOfKey('facebook:123_456')).toBe('facebook');
    expect(isConversationKey('dm:x:1')).toBe(true);
    expect(isConversationKey('x:1')).toBe(false);
  });

  it('takes a row without a kind, and an outbox item without one, for a comment and a reply', () => {
    expect(kindView(undefined).kind).toBe('comment');
    expect(kindViewOfAnswer(undefined).answer).toBe('reply');
  });

  it('gives the switch, m and the list their words from the views, in the order they had', () => {
    expect(KIND_CHOICES.map((choice) => [choice.kind, choice.label])).toEqual([
      [null, 'All'],
      ['comment', 'Comments'],
      ['conversation', 'Messages'],
      ['review', 'Reviews'],
    ]);
    expect(nextKind(null)).toBe('comment');
    expect(nextKind('conversation')).toBe('review');
    expect(nextKind('review')).toBeNull();
    expect(itemsNoun('conversation')).toBe('messages');
    expect(itemsNoun('comment')).toBe('comments');
    expect(itemsNoun(null)).toBe('comments, messages and reviews');
  });

  it("keeps a conversation's composer on its reply window and a comment's without a clock", () => {
    expect(kindView('conversation').composer.recheckMs).toBeLessThan(kindView('comment').composer.recheckMs);
    expect(kindView('conversation').composer.savedReplies).toBe(false);
    expect(kindView('comment').onAPost).toBe(true);
    expect(kindView('conversation').onAPost).toBe(false);
  });
});
