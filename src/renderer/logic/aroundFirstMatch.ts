// A long text cut to start shortly before its first search match, so that a match far into a
// message is in view on a one-line row. Pure.
import type { TextRange } from '../../shared/domain/inbox.ts';
import { graphemeStartAtOrBefore } from '../../shared/format/graphemes.ts';

/** Characters kept before the first match when the text is cut. */
const LEAD = 24;

/** The text from a little before its first match (at a word's start), with the ranges moved along. */
export function aroundFirstMatch(text: string, ranges: readonly TextRange[]): { text: string; ranges: TextRange[] } {
  const first = ranges[0]?.[0] ?? 0;
  if (first <= LEAD) return { text, ranges: [...ranges] };
  const space = text.lastIndexOf(' ', first - LEAD);
  // No space to start at: a grapheme's start, never inside an emoji.
  const start = space < 0 ? graphemeStartAtOrBefore(text, first - LEAD) : space + 1;
  const prefix = '…';
  const shift = prefix.length - start;
  return { text: prefix + text.slice(start), ranges: ranges.map(([from, to]) => [from + shift, to + shift]) };
}
