// The item's history in the team: who triaged, assigned, noted and answered what, on which device,
// when, oldest first, in words (logic/teamWords.ts). Read-only.
import type { ItemHistoryEntry } from '../../../shared/domain/teamItem.ts';
import { fmt } from '../../logic/format.ts';
import { heldForOf, historyLine } from '../../logic/teamWords.ts';
import { kindViewOfKey } from '../../kinds/kindViews.ts';
import { useTeamStore } from '../../stores/teamStore.ts';
import { useNow } from '../hooks.ts';

export function ItemHistory({ itemKey, history }: { itemKey: string; history: ItemHistoryEntry[] }) {
  const me = useTeamStore((state) => state.me);
  const now = useNow(60_000);
  // A conversation is answered with messages, a comment with replies ("Ann sent a message").
  const answer = kindViewOfKey(itemKey).words.answerSubject;
  const lines = history.flatMap((entry, index) => {
    // A held answer says who had answered first ("Bob’s reply was held: Ann had answered").
    const line = historyLine(entry, me, fmt, now, answer, heldForOf(history, index));
    return line === null ? [] : [{ id: `${entry.at}-${index}`, line, exact: fmt.exact(entry.at) }];
  });
  return (
    <div className="item-history">
      <h3 className="item-team-heading">History</h3>
      {lines.length === 0 ? (
        <p className="muted small">Nobody in the team has done anything with this yet.</p>
      ) : (
        <ol className="item-history-list" aria-label="History">
          {lines.map((entry) => (
            <li key={entry.id} title={entry.exact}>
              {entry.line}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
