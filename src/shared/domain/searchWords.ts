// The words of a search and where they are in a text, as the store's full-text index matches them
// (unicode61, diacritics removed: case and accents do not count; every word whole but the last,
// which is a prefix because the person may still be typing). Shared: the core says why a row
// matched (core/store/searchMatch.ts) and the open conversation marks the same words in its chat.
import type { DirectMessage, TextRange } from './inbox.ts';

/** A word, as FTS5's unicode61 tokenizer cuts them. */
const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
export const MAX_SEARCH_WORDS = 16;

/** The words a search looks for, as typed (at most MAX_SEARCH_WORDS). */
export function searchWordsOf(text: string | undefined): string[] {
  return text?.match(WORD)?.slice(0, MAX_SEARCH_WORDS) ?? [];
}

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
  for (const found of text.matchAll(WORD)) {
    const token = fold(found[0]);
    if (terms.whole.has(token) || token.startsWith(terms.prefix)) ranges.push([found.index, found.index + found[0].length]);
  }
  return ranges;
}

/** How many different terms a text matched. */
function termsHit(text: string, ranges: readonly TextRange[], terms: SearchTerms): number {
  const hit = new Set<string>();
  for (const [start, end] of ranges) {
    const token = fold(text.slice(start, end));
    hit.add(terms.whole.has(token) ? token : `${terms.prefix}*`);
  }
  return hit.size;
}

/** The message of a conversation that matched the most words (the newest of those); null when none did. */
export function bestMatchingMessage<M extends Pick<DirectMessage, 'text'>>(
  messages: readonly M[],
  terms: SearchTerms,
): { message: M; index: number; ranges: TextRange[] } | null {
  let best: { message: M; index: number; ranges: TextRange[]; hits: number } | null = null;
  for (const [index, message] of messages.entries()) {
    const ranges = matchRanges(message.text, terms);
    if (ranges.length === 0) continue;
    const hits = termsHit(message.text, ranges, terms);
    // Oldest first: a later message with as many words takes the place.
    if (best === null || hits >= best.hits) best = { message, index, ranges, hits };
  }
  return best === null ? null : { message: best.message, index: best.index, ranges: best.ranges };
}
