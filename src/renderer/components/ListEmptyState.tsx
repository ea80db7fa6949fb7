// What an empty inbox list says, and only what is true (issue 27, item 3): a failed read says so; a
// client whose messaging is off says how to turn it on; a list whose clients are not fetched
// completely yet says "Fetching messages…" or why not ("Messages not fetched yet: the service can't
// be reached"), never "Inbox zero"; only then the view's own words ("Inbox zero: nothing needs a reply").
import { kindView } from '../kinds/kindViews.ts';
import { useMemo, type ReactNode } from 'react';
import { notFetchedWords } from '../logic/firstFetch.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useStatusStore } from '../stores/statusStore.ts';
import { MessagingOffNote, useMessagingOff } from './messages/MessagingOffNote.tsx';
import './listEmptyState.css';

export function ListEmptyState({ emptyText, error }: { emptyText: ReactNode; error: string | null }) {
  const filter = useInboxStore((state) => state.filter);
  const loaded = useStatusStore((state) => state.loaded);
  const fetched = useStatusStore((state) => state.fetched);
  const paused = useStatusStore((state) => state.syncPaused);
  const connectivity = useStatusStore((state) => state.connectivity);
  const states = useStatusStore((state) => state.states);
  const keyProblem = useStatusStore((state) => state.keyProblem);
  const failing = useStatusStore((state) => state.failing);
  const searching = filter.text.trim() !== '';
  // A client's Messages list is empty because messaging is off, not because all is answered.
  const messagingOff = useMessagingOff(filter.kind !== null && kindView(filter.kind).messaging && !searching ? filter.profileId : null);

  const notFetched = useMemo(() => {
    const offlineAccounts = new Set(Object.values(connectivity).flatMap((entry) => (entry.online ? [] : [entry.accountId])));
    const heldProfiles = new Set<string>();
    for (const state of Object.values(states)) {
      if (state.state === 'offline') offlineAccounts.add(state.accountId);
      if (state.state === 'held') heldProfiles.add(state.profileId);
    }
    if (keyProblem?.profileId) heldProfiles.add(keyProblem.profileId);
    return notFetchedWords({ kind: filter.kind, profileId: filter.profileId }, Object.values(fetched), { paused, offlineAccounts, heldProfiles, failing });
  }, [filter.kind, filter.profileId, fetched, paused, connectivity, states, keyProblem, failing]);

  if (error) {
    return (
      <div className="list-empty">
        <p className="error-text">{error}</p>
      </div>
    );
  }
  if (messagingOff === true && filter.profileId !== null) {
    return (
      <div className="list-empty">
        <MessagingOffNote profileId={filter.profileId} />
      </div>
    );
  }
  // Before the core has said what is fetched, nothing is claimed.
  if (!loaded) {
    return (
      <div className="list-empty">
        <p>Loading…</p>
      </div>
    );
  }
  if (notFetched !== null && !searching) {
    return (
      <div className="list-empty">
        <div className="not-fetched" role="status">
          {notFetched.busy && <span className="not-fetched-spinner" aria-hidden="true" />}
          <p className="not-fetched-title">{notFetched.title}</p>
          <p>{notFetched.detail}</p>
        </div>
      </div>
    );
  }
  return (
    <div className="list-empty">
      {/* The check says "all done": not for a search that found nothing (issue 27, item 15). */}
      {!searching && (
        <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="empty-mark">
          <path d="M5 12.5l4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      )}
      <p>{emptyText}</p>
    </div>
  );
}
