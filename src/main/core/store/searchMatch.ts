// Why a row matched a search, as ranges of its text: the words the full-text index matched, found
// the way it matches them (shared/domain/searchWords.ts). The conversations' index keeps no text
// (contentless), so FTS5's highlight() cannot say which message matched: the messages are matched
// here, the same way, and the best one is shown.
import type { DirectMessage, InboxRow, SearchMatch } from '../../../shared/domain/inbox.ts';
import { bestMatchingMessage, matchRanges, type SearchTerms } from '../../../shared/domain/searchWords.ts';

export { matchRanges, searchTermsOf, type SearchTerms } from '../../../shared/domain/searchWords.ts';

/** A comment's match: its text and its author. */
export function commentMatch(row: Pick<InboxRow, 'text' | 'authorName'>, terms: SearchTerms): SearchMatch {
  return { text: row.text, ranges: matchRanges(row.text, terms), authorRanges: matchRanges(row.authorName, terms), message: null };
}

/**
 * A conversation's match: the message that matched the most words (the newest of those), or, when
 * only the person's name matched, the last message without marks.
 */
export function conversationMatch(
  row: Pick<InboxRow, 'text' | 'authorName' | 'replied' | 'created'>,
  messages: readonly DirectMessage[],
  terms: SearchTerms,
): SearchMatch {
  const best = bestMatchingMessage(messages, terms);
  const authorRanges = matchRanges(row.authorName, terms);
  if (best === null) return { text: row.text, ranges: [], authorRanges, message: { fromAccount: row.replied, created: row.created } };
  return {
    text: best.message.text,
    ranges: best.ranges,
    authorRanges,
    message: { fromAccount: best.message.action === 'sent', created: best.message.created },
  };
}
