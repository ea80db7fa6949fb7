// The inbox over the store: pages, search, counts, threads and triage with undo, of comments and
// conversations of direct messages alike. Profiles of removed accounts are left out of every answer
// (their rows stay in the store, which has no delete).
import type { InboxCounts, InboxItemKind, NetworkRow, ThreadView, ViewCounts } from '../../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import type { Network } from '../../../shared/networks.ts';
import { findInboxKindOfKey, inboxRowOfKey } from '../kinds/inboxKinds.ts';
import { searchTermsOf } from '../store/searchMatch.ts';
import type { CommentKey, InboxCursor, InboxFilter, InboxPage, InboxRow, ItemStateStore, MessageStore, Store, TriagePatch } from '../store/types.ts';
import type { AccountRegistry } from './accountRegistry.ts';
import { refuse } from '../refusal.ts';
import { TriageUndo } from './triageUndo.ts';
import { postView } from './views.ts';

const EMPTY_COUNTS: ViewCounts = { unread: 0, needsReply: 0, all: 0, done: 0, snoozed: 0, hidden: 0, closingSoon: 0 };

export interface TriageInput {
  /** Comment keys and conversation keys (`dm:…`) alike. */
  keys: string[];
  unread?: boolean | undefined;
  done?: boolean | undefined;
  snoozedUntil?: number | null | undefined;
  addLabels?: string[] | undefined;
  removeLabels?: string[] | undefined;
  /** In a team: the member to assign to, or null for nobody (teamItems.ts checks the name). */
  assignee?: string | null | undefined;
  /** The item's shared note, or null to remove it. */
  note?: string | null | undefined;
}

/** A sweep of a whole view, bounded by the snapshot `viewSize` gave when it was selected. */
export interface TriageViewInput {
  filter: Omit<InboxFilter, 'now'>;
  /** The newest row of the view when it was selected: rows newer than this are not swept. */
  newest: InboxCursor;
  /** How many rows were selected: more rows under the bound now means the view changed. */
  count: number;
  unread?: boolean | undefined;
  done?: boolean | undefined;
  snoozedUntil?: number | null | undefined;
}

/** The inbox reads comments through Store and a conversation's row through its `conversation`. */
export type InboxStore = Store & Pick<MessageStore, 'conversation' | 'conversationsClosingSoonCounts'> & Pick<ItemStateStore, 'undoItemChanges'>;

export class InboxService {
  readonly #store: InboxStore;
  readonly #registry: AccountRegistry;
  readonly #undo = new TriageUndo();
  readonly #changed: () => void;

  /** `changed` is called after every triage write (counts and the tray follow). */
  constructor(store: InboxStore, registry: AccountRegistry, changed: () => void) {
    this.#store = store;
    this.#registry = registry;
    this.#changed = changed;
  }

  /** With a search, every row says what matched (the words, and a conversation's message). */
  page(filter: Omit<InboxFilter, 'now'>, cursor: InboxCursor | null | undefined, limit: number | undefined): InboxPage {
    const page = this.#store.inboxPage(this.#activeFilter(filter), cursor ?? null, limit);
    const terms = searchTermsOf(filter.text);
    if (terms === null) return page;
    const rows = page.rows.map((row) => {
      const kind = findInboxKindOfKey(row.key);
      return kind === null ? row : { ...row, match: kind.searchMatch(this.#store, row, terms) };
    });
    return { ...page, rows };
  }

  /** `kind`: only comments or only conversations (the Comments / Messages switch); absent: both, as the tray counts. */
  counts(platforms?: Network[], kind?: InboxItemKind): InboxCounts {
    const active = this.#registry.activeProfileIds();
    const all = this.#store.counts({ ...(platforms === undefined ? {} : { platforms }), ...(kind === undefined ? {} : { kind }) });
    // Closing soon has no Comments / Messages switch: its count is of its messages whatever the kind.
    const closing = this.#store.conversationsClosingSoonCounts(platforms === undefined ? {} : { platforms });
    const byProfile: Record<string, ViewCounts> = {};
    const total: ViewCounts = { ...EMPTY_COUNTS };
    for (const [profileId, counts] of Object.entries(all)) {
      if (!active.has(profileId)) continue;
      const withClosing: ViewCounts = { ...counts, closingSoon: closing[profileId] ?? 0 };
      byProfile[profileId] = withClosing;
      for (const view of Object.keys(withClosing) as (keyof ViewCounts)[]) total[view] = (total[view] ?? 0) + (withClosing[view] ?? 0);
    }
    return { byProfile, total };
  }

  thread(key: CommentKey, outbox: (key: CommentKey) => OutboxItemView[]): { thread: ThreadView; outbox: OutboxItemView[] } {
    const thread = this.#store.thread(key);
    if (!thread || !this.#registry.activeProfileIds().has(thread.comment.profileId)) refuse('That comment is not in the inbox (any more)');
    return { thread: { ...thread, post: thread.post ? postView(thread.post) : null }, outbox: outbox(key) };
  }

  /** A comment's row, from an active profile; a refusal otherwise. */
  row(key: CommentKey): NetworkRow {
    const thread = this.#store.thread(key);
    if (!thread || !this.#registry.activeProfileIds().has(thread.comment.profileId)) refuse('That comment is not in the inbox (any more)');
    return thread.comment;
  }

  triage(input: TriageInput): { changed: number; undoToken: string } {
    const active = this.#registry.activeProfileIds();
    const rows = [...new Set(input.keys)].map((key) => this.#rowOf(key)).filter((row): row is InboxRow => row !== undefined && active.has(row.profileId));
    return this.#apply(rows, input);
  }

  /** The inbox row of a comment or a conversation, as the store has it now (its triage state is what undo puts back). */
  #rowOf(key: string): InboxRow | undefined {
    return inboxRowOfKey(this.#store, key);
  }

  /** A view's size and its newest row: what "select all in this view" shows and later bounds its sweep by. */
  viewSize(filter: Omit<InboxFilter, 'now'>): { count: number; newest: InboxCursor | null } {
    return this.#store.inboxViewSize(this.#activeFilter(filter));
  }

  /**
   * "Select all in this view", then done (or read, unread, snooze): every row of the view from the
   * newest one the person saw down, in one write and one undo token. Bounded to what was selected:
   * comments newer than `newest` are left alone, and when the view holds more rows under the bound
   * than `count` (comments that arrived with older times, snoozes that ran out) nothing is changed,
   * the person is asked to select again: a sweep never takes a comment nobody saw counted.
   */
  triageView(input: TriageViewInput): { changed: number; undoToken: string } {
    const rows = this.#store.inboxRowsFrom(this.#activeFilter(input.filter), input.newest, input.count + 1);
    if (rows.length > input.count) {
      refuse(
        `More items are in this view than the ${input.count.toLocaleString('en-GB')} you selected (new ones arrived): nothing was changed, select all again`,
      );
    }
    return this.#apply(rows, input);
  }

  #apply(rows: InboxRow[], input: Omit<TriageInput, 'keys'>): { changed: number; undoToken: string } {
    const common: TriagePatch = {
      ...(input.unread === undefined ? {} : { unread: input.unread }),
      ...(input.done === undefined ? {} : { done: input.done }),
      ...(input.snoozedUntil === undefined ? {} : { snoozedUntil: input.snoozedUntil }),
      ...(input.assignee === undefined ? {} : { assignee: input.assignee }),
      ...(input.note === undefined ? {} : { note: input.note }),
    };
    const labelsChange = input.addLabels !== undefined || input.removeLabels !== undefined;
    // Comments that end up with the same patch are written together.
    const groups = new Map<string, { patch: TriagePatch; keys: CommentKey[] }>();
    for (const row of rows) {
      const patch: TriagePatch = labelsChange ? { ...common, labels: nextLabels(row.labels, input.addLabels, input.removeLabels) } : common;
      const id = JSON.stringify(patch);
      const group = groups.get(id) ?? { patch, keys: [] };
      group.keys.push(row.key);
      groups.set(id, group);
    }
    const changeIds: string[] = [];
    for (const { patch, keys } of groups.values()) for (const change of this.#store.setTriage(keys, patch)) changeIds.push(change.id);
    const undoToken = this.#undo.remember(changeIds);
    if (rows.length > 0) this.#changed();
    return { changed: rows.length, undoToken };
  }

  /** Writes the inverse of each change the action made, where nobody changed that field since (itemStates.ts). */
  undoTriage(token: string): { restored: number } {
    const ids = this.#undo.take(token);
    if (ids === null) refuse('There is nothing to undo with this token (it was used, or is too old)');
    const inverses = this.#store.undoItemChanges(ids);
    if (inverses.length > 0) this.#changed();
    return { restored: new Set(inverses.map((change) => change.itemKey)).size };
  }

  /** Rows of removed accounts' profiles are filtered out, only when there are any. */
  #activeFilter(filter: Omit<InboxFilter, 'now'>): InboxFilter {
    const all = this.#store.profiles();
    const active = this.#registry.activeProfileIds();
    if (all.every((profile) => active.has(profile.profileId))) return filter;
    const wanted = filter.profileIds ?? all.map((profile) => profile.profileId);
    return { ...filter, profileIds: wanted.filter((id) => active.has(id)) };
  }
}

function nextLabels(labels: readonly string[], add: readonly string[] = [], remove: readonly string[] = []): string[] {
  const removed = new Set(remove);
  return [...new Set([...labels, ...add])].filter((label) => !removed.has(label));
}
