// The view registry of inbox kinds: one line per kind. A third kind (reviews) is its view module,
// its line here, and its pane in components/kindPanes.tsx (docs/architecture.md, "Adding an inbox
// kind"); a kind tried in a test joins with registerKindView.
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { commentView } from './commentView.ts';
import { conversationView } from './conversationView.ts';
import { reviewView } from './reviewView.ts';
import type { KindView, TaskWords } from './kindView.ts';

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

/** The kind an outbox task answers or acts on (a message answers a conversation; a reply's removal acts on a review). */
export function kindViewOfAnswer(answer: OutboxItemView['kind'] | undefined): KindView {
  return KIND_VIEWS.find((view) => view.answer === answer || (answer !== undefined && view.tasks?.[answer] !== undefined)) ?? commentView;
}

/** The outbox's words for a task kind: its kind view's own, else its answer's ("Your reply", the outbox's check words). */
export function taskWordsOf(task: OutboxItemView['kind'] | undefined): TaskWords {
  const view = kindViewOfAnswer(task);
  const own = task === undefined ? undefined : view.tasks?.[task];
  if (own !== undefined) return own;
  const { answerWhat, answerSubject } = view.words;
  return { what: answerWhat, carriesText: true, undone: `Undone: the ${answerSubject} was not sent, its text is back`, checkFirst: null };
}
