// The team's work on items, for the bridge (issue 22): assign an item (or a selection) to a member
// or to nobody, set its shared note, list the members, and read an item's history. Assignment and
// the note are item state like triage: written through the inbox's triage (the one item state
// port, with undo), shared and folded by the team connection. The history is the team log's entries
// of the item (who decided what, on which device, when) and the outbox statuses other devices wrote
// for it; nothing here edits it.
import type { ItemChange } from '../../../shared/domain/itemState.ts';
import type { ItemHistoryEntry, TeamItem, TeamMembers } from '../../../shared/domain/teamItem.ts';
import { refuse } from '../refusal.ts';
import type { ItemStateStore } from '../store/types.ts';
import type { TeamLogEntry } from '../team/teamLog.ts';
import type { TeamWorkspace } from '../team/teamWorkspace.ts';
import type { InboxService } from './inboxService.ts';

/** A note longer than this is refused (the item state's own limit). */
const MAX_NOTE_LENGTH = 10_000;

export interface TeamItemsOptions {
  inbox: Pick<InboxService, 'triage'>;
  store: Pick<ItemStateStore, 'itemStates'>;
  /** The joined workspace; null outside a team. */
  workspace: () => TeamWorkspace | null;
  /** This member's name in the team; null outside one. */
  member: () => string | null;
}

export class TeamItems {
  readonly #options: TeamItemsOptions;

  constructor(options: TeamItemsOptions) {
    this.#options = options;
  }

  members(): TeamMembers {
    const workspace = this.#options.workspace();
    const me = this.#options.member();
    if (workspace === null || me === null) return { joined: false, me: null, members: [] };
    return { joined: true, me, members: workspace.members() };
  }

  /** Assigns the items to a member of the team (one this device knows of), or to nobody (null). */
  assign(keys: string[], assignee: string | null): { changed: number; undoToken: string } {
    const { joined, members } = this.members();
    if (!joined) refuse('Items can be assigned in a team workspace only');
    if (assignee !== null && !members.includes(assignee)) refuse(`${assignee} is not a member of this team (as far as this device knows)`);
    return this.#options.inbox.triage({ keys, assignee });
  }

  /** Sets the item's note (blank: no note), shared with the team; last writer wins (decision 0054). */
  setNote(key: string, note: string | null): { changed: number; undoToken: string } {
    const text = note === null || note.trim() === '' ? null : note.trim();
    if (text !== null && text.length > MAX_NOTE_LENGTH) refuse(`A note is at most ${MAX_NOTE_LENGTH.toLocaleString('en-GB')} characters`);
    return this.#options.inbox.triage({ keys: [key], note: text });
  }

  /** The item's note and assignee as this device has them, and its history in the team (oldest first; empty alone). */
  item(key: string): TeamItem {
    const state = this.#options.store.itemStates([key]).get(key);
    if (state === undefined) refuse('That item is not in the inbox (any more)');
    const workspace = this.#options.workspace();
    const history = workspace === null ? [] : historyOf(workspace.entries(key), workspace, key);
    return { key, note: state.note, assignee: state.assignee, history };
  }
}

function historyOf(entries: readonly TeamLogEntry[], workspace: TeamWorkspace, key: string): ItemHistoryEntry[] {
  // Read and unread are each person's own (decision 0054), not the team's decisions: left out.
  const shared = entries.filter((entry) => entry.kind === 'event' || entry.change.field !== 'unread');
  const logged = shared.map((entry): ItemHistoryEntry => {
    if (entry.kind === 'event') return { who: entry.who, device: entry.device, at: entry.at, act: { kind: 'event', event: entry.event } };
    const change: ItemChange = entry.change;
    return {
      who: entry.who,
      device: entry.device,
      at: change.at,
      act: { kind: 'change', field: change.field, from: change.from, to: change.to, undo: change.undoes !== undefined },
    };
  });
  const sent = workspace
    .outboxStatuses()
    .filter((status) => status.itemKey === key)
    .map((status): ItemHistoryEntry => ({ who: status.who, device: status.device, at: status.at, act: { kind: 'outbox', state: status.state } }));
  // Stable: entries of the same moment keep the log's order.
  return [...logged, ...sent].sort((a, b) => a.at - b.at);
}
