// The entries of a team's change log, as the fold reads them: a decision (an ItemChange of the
// house change log, issue 21) or an event the service told one device about (a new message from
// the person, a reply confirmed sent). Each carries its hybrid-clock stamp and what its author had
// seen of the same item (`seen`: the heads of the field's register when it was written), which is
// how the fold tells "changed after seeing" from "changed at the same time".
import type { ItemChange, ItemStateField } from '../../../shared/domain/itemState.ts';

// reply-sent-anyway: the audit of a choice (a member sent a reply although another had answered);
// it changes no state (the reply-sent that follows closes the item).
export type ItemEventKind = 'message-received' | 'reply-sent' | 'reply-sent-anyway';

interface EntryBase {
  /** The change's id, or the event's: unique across devices. */
  id: string;
  itemKey: string;
  /** Hybrid logical clock stamp (hybridClock.ts). */
  hlc: string;
  /** Ids of the entries of the same register this one's author had as its latest. */
  seen: readonly string[];
  who: string;
  device: string;
}

export interface ChangeEntry extends EntryBase {
  kind: 'change';
  change: ItemChange;
}

export interface EventEntry extends EntryBase {
  kind: 'event';
  event: ItemEventKind;
  /** Epoch ms of the message or the reply, as the service reported it. */
  at: number;
  /** reply-sent-anyway: the outbox item the choice was made for. */
  outboxId?: string;
}

export type TeamLogEntry = ChangeEntry | EventEntry;

/**
 * The registers an item's state is folded in. `visibility` is done and snoozedUntil together
 * (concurrent done and snooze are decided together), and the events that reopen or close.
 */
export type RegisterName = 'visibility' | 'assignee' | 'note' | 'labels' | 'unread';

export function registerOfField(field: ItemStateField): RegisterName {
  if (field === 'done' || field === 'snoozedUntil') return 'visibility';
  return field;
}

/** Total order of the log: the stamp, then the id (stamps are unique per device, ids break any tie). */
export function compareEntries(a: TeamLogEntry, b: TeamLogEntry): number {
  if (a.hlc !== b.hlc) return a.hlc < b.hlc ? -1 : 1;
  if (a.id !== b.id) return a.id < b.id ? -1 : 1;
  return 0;
}
