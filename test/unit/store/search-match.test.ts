// Why a row matched a search (issue 19, item 15): the words marked the way the full-text index
// matches them, and in a conversation the message that matched rather than its last one.
import { describe, expect, it } from 'vitest';
import type { DirectMessage } from '../../../src/shared/domain/inbox.ts';
import { commentMatch, conversationMatch, matchRanges, searchTermsOf } from '../../../src/main/core/store/searchMatch.ts';

function marked(text: string, search: string): string[] {
  const terms = searchTermsOf(search);
  if (terms === null) throw new Error('no terms');
  return matchRanges(text, terms).map(([from, to]) => text.slice(from, to));
}

function message(text: string, action: 'sent' | 'received', minute: number): DirectMessage {
  return { messageId: `m${minute}`, action, text, created: new Date(Date.UTC(2026, 10, 27, 10, minute)).toISOString(), senderId: 's', mediaUrls: [] };
}

describe('the words a search matched', () => {
  it('marks whole words, and the last word as the start of a word, ignoring case and accents', () => {
    expect(marked('The pistachio loaf was gone, will you bake more Pistachio loaves?', 'pistachio loa')).toEqual(['pistachio', 'loaf', 'Pistachio', 'loaves']);
    expect(marked('Crème brûlée for the café, s’il vous plaît', 'creme cafe')).toEqual(['Crème', 'café']);
    // A word that is not the last is matched whole only.
    expect(marked('pistachios and pistachio', 'pistachio b')).toEqual(['pistachio']);
  });

  it('has nothing to look for when only symbols are typed', () => {
    expect(searchTermsOf('!!! 🎉')).toBeNull();
    expect(searchTermsOf('   ')).toBeNull();
  });

  it('marks a comment in its text and its author', () => {
    const terms = searchTermsOf('maya mug');
    if (terms === null) throw new Error('no terms');
    expect(commentMatch({ text: 'Is the blue mug back?', authorName: 'Maya Stone' }, terms)).toEqual({
      text: 'Is the blue mug back?',
      ranges: [[12, 15]],
      authorRanges: [[0, 4]],
      message: null,
    });
  });

  it('shows the message of a conversation that matched the most words, the newest of equals, not its last message', () => {
    const terms = searchTermsOf('saffron cake');
    if (terms === null) throw new Error('no terms');
    const messages = [
      message('Do you have saffron?', 'received', 1),
      message('Is the saffron honey cake available without nuts?', 'received', 2),
      message('We make a saffron cake on Fridays', 'sent', 3),
      message('Thanks in advance!', 'received', 4),
    ];
    const row = { text: 'Thanks in advance!', authorName: 'Odile Marchand', replied: false, created: messages[3]!.created };
    const match = conversationMatch(row, messages, terms);
    expect(match.text).toBe('We make a saffron cake on Fridays');
    expect(match.ranges).toEqual([
      [10, 17],
      [18, 22],
    ]);
    expect(match.message).toEqual({ fromAccount: true, created: messages[2]!.created });
    // Only the person's name matched: the last message, unmarked, and the name marked.
    const byName = searchTermsOf('odile');
    if (byName === null) throw new Error('no terms');
    expect(conversationMatch(row, messages, byName)).toEqual({
      text: 'Thanks in advance!',
      ranges: [],
      authorRanges: [[0, 5]],
      message: { fromAccount: false, created: row.created },
    });
  });
});
