// A text with the words a search matched marked: React nodes built from ranges (the core says where
// the words are; no markup ever comes from it).
import type { TextRange } from '../../shared/domain/inbox.ts';
import './highlighted.css';

export function Highlighted({ text, ranges }: { text: string; ranges: readonly TextRange[] }) {
  if (ranges.length === 0) return <>{text}</>;
  const parts = [];
  let at = 0;
  for (const [from, to] of ranges) {
    if (from < at || to > text.length || to <= from) continue;
    if (from > at) parts.push(text.slice(at, from));
    parts.push(<mark key={from}>{text.slice(from, to)}</mark>);
    at = to;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <>{parts}</>;
}
