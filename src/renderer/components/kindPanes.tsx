// The panes that show an open item, one per inbox kind, looked up by the kind its view
// (kinds/kindViews.ts) gives the open key. A kind adds its pane here, or registers it
// (`registerKindPane`; a kind tried in a test). Kept apart from the view registry, which is pure.
import type { ReactElement } from 'react';
import { CommentPane } from './comments/CommentPane.tsx';
import { ConversationPane } from './messages/ConversationPane.tsx';

export type KindPane = (props: { openKey: string }) => ReactElement;

const PANES = new Map<string, KindPane>([
  ['comment', CommentPane],
  ['conversation', ConversationPane],
]);

/** A kind's pane joins; the returned function takes it back out. */
export function registerKindPane(kind: string, pane: KindPane): () => void {
  PANES.set(kind, pane);
  return () => PANES.delete(kind);
}

/** The pane of a kind; a kind with none (a build that lacks it) shows that it cannot be shown. */
export function kindPane(kind: string): KindPane {
  return PANES.get(kind) ?? NoPane;
}

function NoPane(): ReactElement {
  return (
    <aside className="thread thread-empty" aria-label="Conversation">
      <p className="thread-placeholder">This item cannot be shown in this version of the app.</p>
    </aside>
  );
}
