// What a person types into the search box, as an FTS5 query: every word must appear (in the text
// or the author's name), the last one as a prefix because they may still be typing. Words are
// quoted, so FTS5's own syntax (AND, NEAR, column filters, stray quotes) is never interpreted:
// any input is a valid query.

import { searchWordsOf } from '../../../shared/domain/searchWords.ts';

export type SearchQuery = { kind: 'none' } | { kind: 'nothing' } | { kind: 'match'; fts: string };

export function searchQueryOf(text: string | undefined): SearchQuery {
  if (text === undefined || text.trim() === '') return { kind: 'none' };
  const words = searchWordsOf(text);
  // Only symbols (emoji, punctuation): the index holds words only, so nothing can match.
  if (words.length === 0) return { kind: 'nothing' };
  const quoted = words.map((word, index) => `"${word}"${index === words.length - 1 ? ' *' : ''}`);
  return { kind: 'match', fts: quoted.join(' ') };
}
