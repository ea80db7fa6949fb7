// What the list can show: comments, direct-message conversations, or all of them ("All"), in the
// order the switch lists them and `m` goes round them.
import type { InboxItemKind } from '../../shared/domain/inbox.ts';
import { kindView, KIND_VIEWS } from '../kinds/kindViews.ts';

export interface KindChoice {
  /** null: both. */
  kind: InboxItemKind | null;
  label: string;
  title: string;
}

export const KIND_CHOICES: readonly KindChoice[] = [
  { kind: null, label: 'All', title: 'Comments, direct messages and reviews together' },
  ...KIND_VIEWS.map((view) => ({ kind: view.kind, label: view.words.choiceLabel, title: view.words.choiceTitle })),
];

/** The choice after this one, round again after the last. */
export function nextKind(kind: InboxItemKind | null): InboxItemKind | null {
  const index = KIND_CHOICES.findIndex((choice) => choice.kind === kind);
  return KIND_CHOICES[(index + 1) % KIND_CHOICES.length]?.kind ?? null;
}

/** How the list names what it holds: "comments", "messages", "comments and messages". */
export function itemsNoun(kind: InboxItemKind | null): string {
  if (kind !== null) return kindView(kind).words.listNoun;
  // Every kind's: "comments, messages and reviews".
  const nouns = KIND_VIEWS.map((view) => view.words.listNoun);
  return nouns.length < 2 ? (nouns[0] ?? '') : `${nouns.slice(0, -1).join(', ')} and ${nouns.at(-1) ?? ''}`;
}
