// Why a row matched a search, as ranges of its text: the words the full-text index matched, found
// the way it matches them (unicode61, diacritics removed: case and accents do not count; every word
// whole but the last, which is a prefix because the person may still be typing; see searchText.ts).
// The conversations' index keeps no text (contentless), so FTS5's highlight() cannot say which
// message matched: the messages are matched here, the same way, and the best one is shown.
import type { DirectMessage, InboxRow, SearchMatch, TextRange } from '../../../shared/domain/inbox.ts';
import { searchWordsOf } from './searchText.ts';

const TOKEN = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;

function fold(word: string): string {
  return word.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export interface SearchTerms {
  /** Words matched whole. */
  whole: ReadonlySet<string>;
  /** The last word, matched as the start of a word. */
  prefix: string;
}

/** The terms of what the person typed; null when it searches nothing (empty, or only symbols). */
export function searchTermsOf(text: string | undefined): SearchTerms | null {
  const words = searchWordsOf(text).map(fold);
  const prefix = words.pop();
  if (prefix === undefined) return null;
  return { whole: new Set(words), prefix };
}

/** The words of `text` the terms match, in order. */
export function matchRanges(text: string, terms: SearchTerms): TextRange[] {
  const ranges: TextRange[] = [];
  for (const found of text.matchAll(TOKEN)) {
    const token = fold(found[0]);
    if (terms.whole.has(token) || token.startsWith(terms.prefix)) ranges.push([found.index, found.index + found[0].length]);
  }
  return ranges;
}

/** How many different terms a text matched (the message that matched the most is shown). */
function termsHit(text: string, ranges: readonly TextRange[], terms: SearchTerms): number {
  const hit = new Set<string>();
  for (const [start, end] of ranges) {
    const token = fold(text.slice(start, end));
    hit.add(terms.whole.has(token) ? token : `${terms.prefix}*`);
  }
  return hit.size;
}

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
  let best: { message: DirectMessage; ranges: TextRange[]; hits: number } | null = null;
  for (const message of messages) {
    const ranges = matchRanges(message.text, terms);
    if (ranges.length === 0) continue;
    const hits = termsHit(message.text, ranges, terms);
    // Oldest first: a later message with as many words takes the place.
    if (best === null || hits >= best.hits) best = { message, ranges, hits };
  }
  const authorRanges = matchRanges(row.authorName, terms);
  if (best === null) return { text: row.text, ranges: [], authorRanges, message: { fromAccount: row.replied, created: row.created } };
  return {
    text: best.message.text,
    ranges: best.ranges,
    authorRanges,
    message: { fromAccount: best.message.action === 'sent', created: best.message.created },
  };
}
