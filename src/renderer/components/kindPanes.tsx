// The panes that show an open item, one per inbox kind, looked up by the kind its view
// (kinds/kindViews.ts) gives the open key. A kind adds its pane here, or registers it
// (`registerKindPane`; a kind tried in a test). Kept apart from the view registry, which is pure.
import type { ReactElement } from 'react';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { CommentPane } from './comments/CommentPane.tsx';
import { ConversationPane } from './messages/ConversationPane.tsx';
import { ReviewPane } from './reviews/ReviewPane.tsx';
import { ReviewRowPart } from './reviews/ReviewStars.tsx';

export type KindPane = (props: { openKey: string }) => ReactElement;

const PANES = new Map<string, KindPane>([
  ['comment', CommentPane],
  ['conversation', ConversationPane],
  ['review', ReviewPane],
]);

/**
 * What a row of a kind shows where a comment's row shows its post (a review: its stars and
 * network); null: the row's own line. A kind without one needs nothing here.
 */
export type KindRowPart = (row: InboxRow) => ReactElement | null;

const ROW_PARTS = new Map<string, KindRowPart>([['review', (row) => (row.review ? <ReviewRowPart review={row.review} hasText={row.text !== ''} /> : null)]]);

/** The row part of a kind, or null when its row shows the common line. */
export function kindRowPart(kind: string | undefined): KindRowPart | null {
  return kind === undefined ? null : (ROW_PARTS.get(kind) ?? null);
}

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
