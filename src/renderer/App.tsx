// The unified inbox: sidebar, list (or outbox), conversation; the offline bar above, overlays on top.
import { useEffect, type ReactNode } from 'react';
import { placeOfList } from './commands/places.ts';
import { CommandKey } from './components/CommandKey.tsx';
import { CommandPalette } from './components/CommandPalette.tsx';
import { ConnectAccount } from './components/ConnectAccount.tsx';
import { HelpOverlay } from './components/HelpOverlay.tsx';
import { InboxList } from './components/InboxList.tsx';
import { OfflineBar } from './components/OfflineBar.tsx';
import { OutboxList } from './components/OutboxList.tsx';
import { PostsView } from './components/PostsView.tsx';
import { ReportsView } from './components/ReportsView.tsx';
import { Sidebar } from './components/Sidebar.tsx';
import { StatusNotices } from './components/StatusNotices.tsx';
import { SnoozeMenu } from './components/snooze/SnoozeMenu.tsx';
import { SavedRepliesEditor } from './components/savedReplies/SavedRepliesEditor.tsx';
import { ThreadPane } from './components/ThreadPane.tsx';
import { Toast } from './components/Toast.tsx';
import { SettingsScreen } from './components/settings/SettingsScreen.tsx';
import { Toolbar } from './components/Toolbar.tsx';
import { itemsNoun } from './logic/itemKinds.ts';
import { useKeyboard } from './components/useKeyboard.ts';
import { restoreChoices } from './stores/choices.ts';
import { useInboxStore, type ListFilter } from './stores/inboxStore.ts';
import { loadEverything, startLiveUpdates } from './stores/liveUpdates.ts';
import { useMainView } from './stores/route.ts';
import { useUiStore } from './stores/uiStore.ts';
import { useResolvedTheme } from './components/useResolvedTheme.ts';
import { AssignDialog } from './components/team/AssignDialog.tsx';

/** What the list says when empty: a search's words, else its place's (commands/places.ts), its key drawn from its command. */
function emptyText(filter: ListFilter): ReactNode {
  const items = itemsNoun(filter.kind);
  if (filter.text.trim() !== '') return `No ${items} match “${filter.text.trim()}”.`;
  const empty = placeOfList(filter.view)?.empty;
  if (empty === undefined) return `No ${items} yet.`;
  if (empty.press === undefined) return empty.text(items);
  return (
    <>
      {empty.text(items)} Press <CommandKey command={empty.press.command} /> {empty.press.after}
    </>
  );
}

export function App() {
  const theme = useResolvedTheme();
  const overlay = useUiStore((state) => state.overlay);
  const filter = useInboxStore((state) => state.filter);
  const openKey = useInboxStore((state) => state.shownKey);
  const mainView = useMainView();
  useKeyboard();

  useEffect(() => {
    // The client and report period chosen last time are in place before anything loads.
    restoreChoices();
    const off = startLiveUpdates();
    void loadEverything();
    return off;
  }, []);

  useEffect(() => {
    document.documentElement.dataset['theme'] = theme;
  }, [theme]);

  const inOutbox = mainView === 'outbox';
  return (
    <div className={`app${openKey !== null ? ' has-thread' : ''}`}>
      <Sidebar />
      <main className="main">
        <OfflineBar />
        <StatusNotices />
        {mainView === 'reports' ? (
          <ReportsView />
        ) : mainView === 'posts' ? (
          <PostsView />
        ) : (
          <div className="panes">
            <section className="list-pane" aria-label={inOutbox ? 'Outbox' : itemsNoun(filter.kind).replace(/^./, (first) => first.toUpperCase())}>
              <Toolbar />
              {inOutbox ? <OutboxList /> : <InboxList emptyText={emptyText(filter)} />}
            </section>
            <ThreadPane />
          </div>
        )}
        <Toast />
      </main>
      {overlay === 'help' && <HelpOverlay />}
      {overlay === 'palette' && <CommandPalette />}
      {overlay === 'connect' && <ConnectAccount />}
      {overlay === 'settings' && <SettingsScreen />}
      {overlay === 'snooze' && <SnoozeMenu />}
      {overlay === 'savedReplies' && <SavedRepliesEditor />}
      {overlay === 'assign' && <AssignDialog />}
    </div>
  );
}
