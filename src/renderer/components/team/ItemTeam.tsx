// The open item's part in a team (issue 22): who it is assigned to, its shared note and its history.
// Shown only when this device is in a team; the history is read-only (append-only in the log: a
// later decision is a new line, nothing here edits one).
import { CommandKey } from '../CommandKey.tsx';
import { useEffect } from 'react';
import { useTeamStore } from '../../stores/teamStore.ts';
import { ItemHistory } from './ItemHistory.tsx';
import { ItemNote } from './ItemNote.tsx';
import { memberName } from '../../logic/teamWords.ts';
import './itemTeam.css';

export function ItemTeam({ itemKey }: { itemKey: string }) {
  const joined = useTeamStore((state) => state.joined);
  const me = useTeamStore((state) => state.me);
  const item = useTeamStore((state) => state.item);
  const loadItem = useTeamStore((state) => state.loadItem);
  useEffect(() => {
    if (joined) void loadItem(itemKey);
  }, [joined, itemKey, loadItem]);
  if (!joined) return null;
  const current = item?.key === itemKey ? item : null;
  return (
    <section className="item-team" aria-label="Team">
      <p className="item-assignee">
        {current === null ? 'Loading…' : current.assignee === null ? 'Not assigned to anyone' : `Assigned to ${memberName(current.assignee, me)}`}
        <span className="muted small">
          {' '}
          · <CommandKey command="assign" /> assigns
        </span>
      </p>
      {/* Keyed by the item: an unsaved draft never carries over to the next item. */}
      {current !== null && <ItemNote key={current.key} item={current} />}
      {current !== null && <ItemHistory itemKey={current.key} history={current.history} />}
    </section>
  );
}
