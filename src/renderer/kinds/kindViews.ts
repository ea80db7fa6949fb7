// The view registry of inbox kinds: one line per kind. A third kind (reviews) is its view module,
// its line here, and its pane in components/kindPanes.tsx (docs/architecture.md, "Adding an inbox
// kind"); a kind tried in a test joins with registerKindView.
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { commentView } from './commentView.ts';
import { conversationView } from './conversationView.ts';
import { reviewView } from './reviewView.ts';
import type { KindView } from './kindView.ts';

/** In the order the kind switch lists them (and `m` goes round them, after All). */
const VIEWS: KindView[] = [commentView, conversationView, reviewView];
export const KIND_VIEWS: readonly KindView[] = VIEWS;

/** A kind's view joins the registry (after the others); the returned function takes it back out. */
export function registerKindView(view: KindView): () => void {
  VIEWS.push(view);
  return () => {
    const index = VIEWS.indexOf(view);
    if (index >= 0) VIEWS.splice(index, 1);
  };
}

/** A kind's view; a row without a kind is a comment (rows were comments before kinds). */
export function kindView(kind: InboxItemKind | undefined): KindView {
  return KIND_VIEWS.find((view) => view.kind === kind) ?? commentView;
}

/** The kind of an inbox key: the kind whose prefix it has, else a comment (whose keys have none). */
export function kindViewOfKey(key: string): KindView {
  return KIND_VIEWS.find((view) => view !== commentView && view.ownsKey(key)) ?? commentView;
}

/** The kind an outbox task answers (a message answers a conversation). */
export function kindViewOfAnswer(answer: OutboxItemView['kind'] | undefined): KindView {
  return KIND_VIEWS.find((view) => view.answer === answer) ?? commentView;
}
