// The open item, shown by its kind's pane (components/kindPanes.tsx: a comment's thread, a
// conversation's chat), or the words for none.
import { createElement, useEffect } from 'react';
import { CommandKey } from './CommandKey.tsx';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useThreadStore } from '../stores/threadStore.ts';
import { kindViewOfKey } from '../kinds/kindViews.ts';
import { kindPane } from './kindPanes.tsx';

export function ThreadPane() {
  // The item shown: the open one (a frame later while j/k walk, inboxStore.move).
  const openKey = useInboxStore((state) => state.shownKey);
  const loadThread = useThreadStore((state) => state.load);

  // A short pause before asking: walking the list with j stays within a frame.
  useEffect(() => {
    if (openKey === null) {
      void loadThread(null);
      return;
    }
    const timer = setTimeout(() => void loadThread(openKey), 60);
    return () => clearTimeout(timer);
  }, [openKey, loadThread]);

  if (openKey === null) {
    return (
      <aside className="thread thread-empty" aria-label="Conversation">
        <div className="thread-placeholder">
          <p className="placeholder-title">No conversation open</p>
          <p>
            Move with <CommandKey command="next" /> <CommandKey command="previous" />, open with <CommandKey command="open" />, reply with{' '}
            <CommandKey command="reply" />, press <CommandKey command="help" /> for every shortcut.
          </p>
        </div>
      </aside>
    );
  }
  // The kind's pane is one of the registry's components, the same one for every item of the kind,
  // so React keeps its state while the reader moves between items of one kind.
  return createElement(kindPane(kindViewOfKey(openKey).kind), { openKey });
}
