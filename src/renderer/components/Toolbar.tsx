// Above the list: where you are, the All / Comments / Messages / Reviews switch, instant search with
// its filters, and the triage buttons (the mouse's way to every triage key), which act on the bulk
// selection when there is one, or on every item of the view once it is selected whole (Shift+A, or
// "Select all").
import { useEffect, useRef, useState } from 'react';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { itemsNoun } from '../logic/itemKinds.ts';
import { countOfView, inClosingSoon, useInboxStore } from '../stores/inboxStore.ts';
import { profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { CommandButton } from './CommandButton.tsx';
import { KindSwitch } from './messages/KindSwitch.tsx';
import { useViewCount } from './useViewCount.ts';
import { ViewSelectionBar } from './ViewSelectionBar.tsx';
import { fmt } from '../logic/format.ts';
import { placeOfList } from '../commands/places.ts';
import { commandKey } from '../commands/commandKeys.ts';
import { kindView } from '../kinds/kindViews.ts';
import { pickedKeys, viewSnapshot } from '../logic/selection.ts';

/** Keystrokes closer together than this make one search. */
const SEARCH_PAUSE_MS = 25;

export function Toolbar() {
  const filter = useInboxStore((state) => state.filter);
  const setFilter = useInboxStore((state) => state.setFilter);
  const grouped = useInboxStore((state) => state.grouped);
  const setGrouped = useInboxStore((state) => state.setGrouped);
  const checkedCount = useInboxStore((state) => pickedKeys(state.selection).length);
  const filterNow = useInboxStore((state) => state.filterNow);
  const focusList = useUiStore((state) => state.focusList);
  const loadedCount = useInboxStore(countOfView);
  const viewCount = useViewCount();
  const profiles = useProfilesStore((state) => state.profiles);
  const searchFocus = useUiStore((state) => state.searchFocus);
  const viewSelection = useInboxStore((state) => viewSnapshot(state.selection));
  const [text, setText] = useState(filter.text);
  const input = useRef<HTMLInputElement | null>(null);

  useEffect(() => setText(filter.text), [filter.text]);
  useEffect(() => {
    if (searchFocus > 0) {
      input.current?.focus();
      input.current?.select();
    }
  }, [searchFocus]);
  // Instant: the list follows the words as they are typed. The pause only merges keystrokes typed
  // faster than a search costs (the store answers in ~5 ms); stale answers are dropped by the store.
  useEffect(() => {
    if (text === filterNow().text) return;
    const timer = setTimeout(() => setFilter({ text }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, setFilter, filterNow]);

  const searching = filter.text.trim() !== '';
  const scope = [filter.profileId ? profileTitle(profiles, filter.profileId) : 'All clients', filter.platform ? NETWORK_LABELS[filter.platform] : null]
    .filter(Boolean)
    .join(' · ');
  const inOutbox = filter.view === 'outbox' && !searching;
  const closingSoon = inClosingSoon(filter);
  // The list's exact size (a search's: its results so far), the same number as the sidebar's badge.
  const countText =
    inOutbox || viewCount === null ? '' : ` · ${'exact' in viewCount ? fmt.number(viewCount.exact) : `more than ${fmt.number(viewCount.atLeast)}`}`;

  return (
    <header className="toolbar">
      <div className="toolbar-top">
        <div className="toolbar-title">
          <h2>{searching ? 'Search' : (placeOfList(filter.view)?.title ?? '')}</h2>
          <span className="toolbar-scope" title={`${scope}${countText}`}>
            {scope}
            {countText}
          </span>
        </div>
        <div className="search" role="search">
          <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false" className="search-icon">
            <circle cx="11" cy="11" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.8" />
            <path d="M16 16l4 4" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
          </svg>
          <input
            ref={input}
            type="search"
            aria-label={`Search ${itemsNoun(filter.kind)}`}
            placeholder={`Search ${filter.kind === null ? 'everything' : itemsNoun(filter.kind)}  ${commandKey('search') ?? ''}`}
            value={text}
            onChange={(event) => setText(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === 'ArrowDown') {
                event.preventDefault();
                setFilter({ text });
                focusList();
              }
            }}
          />
        </div>
      </div>
      <div className="toolbar-bottom">
        {viewSelection !== null ? (
          <ViewSelectionBar selection={viewSelection} />
        ) : checkedCount > 0 ? (
          <div className="bulk" role="group" aria-label="Selected comments">
            <span className="bulk-count">{checkedCount} selected</span>
            <CommandButton command="done" label="Mark done" />
            <CommandButton command="markRead" />
            <CommandButton command="markUnread" />
            {/* Closing soon is whole as loaded: with every row picked there is nothing more to select. */}
            {!(closingSoon && checkedCount >= loadedCount) && <CommandButton command="selectAll" label="Select all in this view" />}
            <CommandButton command="clearSelection" className="button ghost small" />
          </div>
        ) : (
          !inOutbox && (
            <div className="actions" role="group" aria-label={`Current ${kindView(filter.kind ?? undefined).words.one}`}>
              <CommandButton command="done" showKey />
              <CommandButton command="toggleUnread" showKey />
              <CommandButton command="snooze" showKey />
              <CommandButton command="selectAll" showKey />
              <CommandButton command="undo" showKey />
            </div>
          )
        )}
        {!inOutbox && (
          <div className="filters">
            {!closingSoon && <KindSwitch />}
            <label className="toggle">
              <input type="checkbox" checked={filter.unreadOnly} onChange={(event) => setFilter({ unreadOnly: event.target.checked })} />
              Unread only
            </label>
            <label className="toggle">
              <input type="checkbox" checked={grouped} onChange={(event) => setGrouped(event.target.checked)} />
              Group by post
            </label>
          </div>
        )}
      </div>
    </header>
  );
}
