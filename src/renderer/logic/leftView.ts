// Why the open item is no longer in the view it was opened from (issue 27): its row stays in the
// list and the pane stays on it until the person moves, with one line saying why, in their words:
// "Ann answered this 1 min ago", "Marked done", "Moved by undo". In a team the item's history says
// who; alone, its state says what. Pure: the clock, the formatter and the history are passed in.
import { kindView } from '../kinds/kindViews.ts';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import type { ItemHistoryEntry } from '../../shared/domain/teamItem.ts';
import type { Formatter } from '../../shared/format/formatter.ts';
import { memberName as inSentence } from './presenceWords.ts';
import { memberName } from './teamWords.ts';

export interface LeftView {
  row: Pick<InboxRow, 'done' | 'replied' | 'snoozedUntil' | 'hidden' | 'unread' | 'assignee' | 'kind'>;
  /** The item's history in the team (oldest first); empty alone. */
  history: readonly ItemHistoryEntry[];
  me: string | null;
  /** An undo of this member's took it out ("Moved by undo"). */
  undone: boolean;
  /** The list asked only for unread items. */
  unreadOnly: boolean;
  /** The list is a search. */
  searching: boolean;
  now: number;
  fmt: Pick<Formatter, 'relative' | 'weekdayDateTime'>;
}

/** A teammate's last decision that explains the row's state, as "Ann answered this 1 min ago"; null when none does. */
function teammateLine(input: LeftView): string | null {
  const { row, history, me, now, fmt } = input;
  for (const entry of [...history].reverse()) {
    if (entry.who === me) continue;
    // "Ann", as "Ann is replying" names her.
    const who = inSentence(entry.who);
    const when = fmt.relative(entry.at, now);
    const act = entry.act;
    const answered = (act.kind === 'event' && act.event !== 'message-received') || (act.kind === 'outbox' && act.state === 'sent');
    if (answered) return `${who} answered this ${when}`;
    if (act.kind !== 'change') continue;
    if (act.field === 'done' && act.to === true && row.done) return `${who} marked this done ${when}`;
    if (act.field === 'snoozedUntil' && typeof act.to === 'number' && row.snoozedUntil === act.to)
      return `${who} snoozed this until ${fmt.weekdayDateTime(act.to)}`;
    if (act.field === 'assignee' && (row.assignee ?? null) === act.to)
      return typeof act.to === 'string' ? `${who} assigned this to ${memberName(act.to, me)} ${when}` : `${who} unassigned this ${when}`;
  }
  return null;
}

/** The line the pane shows while the open item is kept in the list after it left the view. */
export function leftViewLine(input: LeftView): string {
  const { row, now, fmt } = input;
  if (input.undone) return 'Moved by undo';
  const told = teammateLine(input);
  if (told !== null) return told;
  if (row.done) return 'Marked done';
  if (row.snoozedUntil !== null && row.snoozedUntil > now) return `Snoozed until ${fmt.weekdayDateTime(row.snoozedUntil)}`;
  if (row.replied) return kindView(row.kind).words.answered;
  if (row.hidden) return 'Hidden on the network';
  if (input.unreadOnly && !row.unread) return 'Read, and the list shows unread only';
  if (input.searching) return 'Not among the search results';
  return 'No longer in this view';
}
