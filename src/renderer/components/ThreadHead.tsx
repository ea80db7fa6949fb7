// The open item's head: whose client it is, on which network, who else in the team is replying to
// it, and the close button; under it, when the item has left the view it was opened from (a
// teammate answered it, a filter, an undo), the line that says why: it stays open until the person
// moves on (issue 27, one target).
import { withKey } from '../commands/commandKeys.ts';
import { useEffect } from 'react';
import type { ItemNetwork } from '../../shared/domain/inbox.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { fmt } from '../logic/format.ts';
import { leftViewLine } from '../logic/leftView.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { profileColor, profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { inTeam, useTeamStore } from '../stores/teamStore.ts';
import { ClientDot } from './ClientDot.tsx';
import { useNow } from './hooks.ts';
import { NetworkIcon } from './NetworkIcon.tsx';
import { PresenceLine } from './PresenceLine.tsx';
import './oneTarget.css';

export function ThreadHead({ item }: { item: { key?: string; profileId: string; platform: ItemNetwork } | null }) {
  const profiles = useProfilesStore((state) => state.profiles);
  const open = useInboxStore((state) => state.open);
  return (
    <>
      <header className="thread-head">
        {item && (
          <>
            <ClientDot color={profileColor(profiles, item.profileId)} />
            <span className="thread-client">{profileTitle(profiles, item.profileId)}</span>
            <span className="thread-network">
              <NetworkIcon network={item.platform} size={16} /> {NETWORK_LABELS[item.platform]}
            </span>
            {item.key !== undefined && <PresenceLine itemKey={item.key} />}
          </>
        )}
        <button type="button" className="icon-button close" aria-label="Close the conversation" title={withKey('Close', 'back')} onClick={() => open(null)}>
          ×
        </button>
      </header>
      {item?.key !== undefined && <LeftViewNote itemKey={item.key} />}
    </>
  );
}

/** "Ann answered this 1 min ago · It stays here until you move on": only while the item's row is kept in the list after leaving the view. */
function LeftViewNote({ itemKey }: { itemKey: string }) {
  const row = useInboxStore((state) => (state.kept === itemKey ? (state.rows.find((candidate) => candidate.key === itemKey) ?? null) : null));
  const undone = useInboxStore((state) => state.movedByUndo === itemKey);
  const unreadOnly = useInboxStore((state) => state.filter.unreadOnly);
  const searching = useInboxStore((state) => state.filter.text.trim() !== '');
  const history = useTeamStore((state) => (state.item?.key === itemKey ? state.item.history : null));
  const me = useTeamStore((state) => state.me);
  const loadItem = useTeamStore((state) => state.loadItem);
  const now = useNow(30_000);
  const left = row !== null;
  // Who did it is in the item's history in the team: read it again once the item has left the view.
  useEffect(() => {
    if (left && inTeam()) void loadItem(itemKey);
  }, [left, itemKey, loadItem]);
  if (row === null) return null;
  const line = leftViewLine({ row, history: history ?? [], me, undone, unreadOnly, searching, now, fmt });
  return (
    <p className="thread-left" role="status">
      <strong>{line}</strong> · It stays here until you move on.
    </p>
  );
}
