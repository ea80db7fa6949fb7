// What a person types into the search box, as an FTS5 query: every word must appear (in the text
// or the author's name), the last one as a prefix because they may still be typing. Words are
// quoted, so FTS5's own syntax (AND, NEAR, column filters, stray quotes) is never interpreted:
// any input is a valid query.

const WORD = /[\p{L}\p{N}\p{M}\p{Co}]+/gu;
const MAX_WORDS = 16;

export type SearchQuery = { kind: 'none' } | { kind: 'nothing' } | { kind: 'match'; fts: string };

/** The words a search looks for, as typed (at most MAX_WORDS). */
export function searchWordsOf(text: string | undefined): string[] {
  return text?.match(WORD)?.slice(0, MAX_WORDS) ?? [];
}

export function searchQueryOf(text: string | undefined): SearchQuery {
  if (text === undefined || text.trim() === '') return { kind: 'none' };
  const words = searchWordsOf(text);
  // Only symbols (emoji, punctuation): the index holds words only, so nothing can match.
  if (words.length === 0) return { kind: 'nothing' };
  const quoted = words.map((word, index) => `"${word}"${index === words.length - 1 ? ' *' : ''}`);
  return { kind: 'match', fts: quoted.join(' ') };
}
