// The fold: from a team's change log (any order, any duplicates) to each item's state, the same on
// every device. Pure and deterministic. The rules (docs/decisions/0054-team-merge-rules.md):
// - a new message from the person reopens (done off, snooze cleared, unread for everyone);
//   a reply confirmed sent closes;
// - concurrent done vs snooze (and any concurrent visibility decisions) keep the one that shows the
//   item again soonest, and record that they did, so both people can be told;
// - assignee and note: the latest clock among concurrent ones, recorded the same way;
// - labels: an observed-remove set (a label added on one device while removed on another stays);
// - read is per person: each member's own unread register, reset by a new message.
import { EMPTY_ITEM_STATE, type ItemState } from '../../../shared/domain/itemState.ts';
import { type Candidate, type ConcurrentChoice, foldRegister, latestCandidate, type RegisterRule } from './registerFold.ts';
import { compareEntries, registerOfField, type RegisterName, type TeamLogEntry } from './teamLog.ts';

export interface FoldedPart {
  id: string;
  who: string;
  device: string;
}

/** Concurrent decisions the fold chose between: the people of `kept` and `dropped` should be told. */
export interface Resolution {
  itemKey: string;
  register: 'visibility' | 'assignee' | 'note';
  rule: 'shows-soonest' | 'latest-clock';
  kept: FoldedPart;
  dropped: FoldedPart[];
}

export interface FoldedItem {
  itemKey: string;
  /** The state as `viewer` sees it (`unread` is theirs). */
  state: ItemState;
  /** Each member who ever read or unread the item, and whether it is unread for them now. */
  unreadBy: Record<string, boolean>;
  /** Per register, the ids a new change must name as `seen`. */
  heads: Record<RegisterName, string[]>;
  resolutions: Resolution[];
  /** The latest entry's stamp: what changed last, for ordering and "updated" displays. */
  lastStamp: string;
  /** Who wrote the latest entry, and on which device: whose decision a device applying the fold logs it as. */
  lastBy: { who: string; device: string };
}

interface Visibility {
  done: boolean;
  snoozedUntil: number | null;
}

/** When the item shows again: never while done (until a new message), at the snooze's end, or now. */
function showsAgainAt(value: Visibility): number {
  if (value.done) return Number.POSITIVE_INFINITY;
  return value.snoozedUntil ?? 0;
}

const visibilityRule: RegisterRule<Visibility> = {
  initial: { done: EMPTY_ITEM_STATE.done, snoozedUntil: EMPTY_ITEM_STATE.snoozedUntil },
  apply(value, entry) {
    if (entry.kind === 'event') return { done: entry.event === 'reply-sent', snoozedUntil: null };
    if (entry.change.field === 'done') return { ...value, done: entry.change.to as boolean };
    if (entry.change.field === 'snoozedUntil') return { ...value, snoozedUntil: entry.change.to as number | null };
    return value;
  },
  pick(candidates) {
    let best = 0;
    candidates.forEach((candidate, index) => {
      const current = candidates[best] as Candidate<Visibility>;
      const difference = showsAgainAt(candidate.value) - showsAgainAt(current.value);
      if (difference < 0 || (difference === 0 && compareEntries(candidate.entry, current.entry) > 0)) best = index;
    });
    return best;
  },
  same: (a, b) => a.done === b.done && a.snoozedUntil === b.snoozedUntil,
};

function latestValueRule<V>(initial: V, read: (entry: TeamLogEntry) => V): RegisterRule<V> {
  return { initial, apply: (_value, entry) => read(entry), pick: latestCandidate, same: (a, b) => a === b };
}

/** An observed-remove set: a label is present while some add of it (a tag) was not seen removed. */
interface LabelSet {
  adds: ReadonlyMap<string, { label: string; hlc: string }>;
  removed: ReadonlySet<string>;
}

const labelsRule: RegisterRule<LabelSet> = {
  initial: { adds: new Map(), removed: new Set() },
  apply(value, entry) {
    if (entry.kind !== 'change' || entry.change.field !== 'labels') return value;
    const from = new Set(entry.change.from as string[]);
    const to = new Set(entry.change.to as string[]);
    const adds = new Map(value.adds);
    const removed = new Set(value.removed);
    // Removing a label removes the adds of it this author had seen, not concurrent ones.
    for (const [tag, add] of value.adds) if (from.has(add.label) && !to.has(add.label)) removed.add(tag);
    for (const label of to) if (!from.has(label)) adds.set(`${entry.id}\u0000${label}`, { label, hlc: entry.hlc });
    return { adds, removed };
  },
  pick: () => null,
  combine(values) {
    const adds = new Map<string, { label: string; hlc: string }>();
    const removed = new Set<string>();
    for (const value of values) {
      for (const [tag, add] of value.adds) adds.set(tag, add);
      for (const tag of value.removed) removed.add(tag);
    }
    return { adds, removed };
  },
  same: () => false,
};

/** The labels present, in order of first use (earliest surviving add), then by name. */
function labelsOf(set: LabelSet): string[] {
  const firstStamp = new Map<string, string>();
  for (const [tag, add] of set.adds) {
    if (set.removed.has(tag)) continue;
    const known = firstStamp.get(add.label);
    if (known === undefined || add.hlc < known) firstStamp.set(add.label, add.hlc);
  }
  const byUse = (a: [string, string], b: [string, string]): number => (a[1] !== b[1] ? (a[1] < b[1] ? -1 : 1) : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
  return [...firstStamp.entries()].sort(byUse).map(([label]) => label);
}

function resolutionsOf(itemKey: string, register: Resolution['register'], rule: Resolution['rule'], choices: ConcurrentChoice[]): Resolution[] {
  const part = (entry: TeamLogEntry): FoldedPart => ({ id: entry.id, who: entry.who, device: entry.device });
  return choices.map((choice) => ({ itemKey, register, rule, kept: part(choice.kept), dropped: choice.dropped.map(part) }));
}

function changesOf(entries: readonly TeamLogEntry[], register: RegisterName): TeamLogEntry[] {
  // The audit of a "send anyway" choice decides nothing about the item: it is in no register.
  return entries.filter((entry) =>
    entry.kind === 'change' ? registerOfField(entry.change.field) === register : register === 'visibility' && entry.event !== 'reply-sent-anyway',
  );
}

/** Unread for one member: their own latest read/unread, or a newer message from the person. */
function unreadFor(member: string, entries: readonly TeamLogEntry[]): boolean {
  let latest: TeamLogEntry | null = null;
  for (const entry of entries) {
    const counts = entry.kind === 'event' ? entry.event === 'message-received' : entry.change.field === 'unread' && entry.who === member;
    if (counts && (latest === null || compareEntries(entry, latest) > 0)) latest = entry;
  }
  if (latest === null) return EMPTY_ITEM_STATE.unread;
  return latest.kind === 'event' ? true : (latest.change.to as boolean);
}

function foldItem(itemKey: string, entries: TeamLogEntry[], viewer: string): FoldedItem {
  const visibility = foldRegister(changesOf(entries, 'visibility'), visibilityRule);
  const assignee = foldRegister(
    changesOf(entries, 'assignee'),
    latestValueRule<string | null>(EMPTY_ITEM_STATE.assignee, (entry) => (entry.kind === 'change' ? (entry.change.to as string | null) : null)),
  );
  const note = foldRegister(
    changesOf(entries, 'note'),
    latestValueRule<string | null>(EMPTY_ITEM_STATE.note, (entry) => (entry.kind === 'change' ? (entry.change.to as string | null) : null)),
  );
  const labels = foldRegister(changesOf(entries, 'labels'), labelsRule);
  const unreadEntries = entries.filter((entry) => entry.kind === 'event' || entry.change.field === 'unread');
  const readers = [...new Set(unreadEntries.filter((entry) => entry.kind === 'change').map((entry) => entry.who))].sort();
  const unreadBy = Object.fromEntries(readers.map((member) => [member, unreadFor(member, unreadEntries)]));
  // An item is folded only from entries of it, so there is at least one.
  const latestEntry = entries.reduce((latest, entry) => (compareEntries(entry, latest) > 0 ? entry : latest));
  return {
    itemKey,
    state: {
      unread: unreadFor(viewer, unreadEntries),
      done: visibility.value.done,
      snoozedUntil: visibility.value.snoozedUntil,
      labels: labelsOf(labels.value),
      note: note.value,
      assignee: assignee.value,
    },
    unreadBy,
    // Read is per person and latest-wins: it needs no `seen`.
    heads: { visibility: visibility.heads, assignee: assignee.heads, note: note.heads, labels: labels.heads, unread: [] },
    resolutions: [
      ...resolutionsOf(itemKey, 'visibility', 'shows-soonest', visibility.choices),
      ...resolutionsOf(itemKey, 'assignee', 'latest-clock', assignee.choices),
      ...resolutionsOf(itemKey, 'note', 'latest-clock', note.choices),
    ],
    lastStamp: latestEntry.hlc,
    lastBy: { who: latestEntry.who, device: latestEntry.device },
  };
}

/** Folds the whole log (or any part of it holding all of an item's entries), for `viewer`. Items in key order. */
export function foldTeamLog(entries: readonly TeamLogEntry[], viewer: string): FoldedItem[] {
  const byItem = new Map<string, Map<string, TeamLogEntry>>();
  for (const entry of entries) {
    let item = byItem.get(entry.itemKey);
    if (!item) byItem.set(entry.itemKey, (item = new Map<string, TeamLogEntry>()));
    // Duplicates (the same id twice) are one entry: keep the one that sorts first, whatever the arrival order.
    const known = item.get(entry.id);
    if (!known || compareEntries(entry, known) < 0 || (compareEntries(entry, known) === 0 && JSON.stringify(entry) < JSON.stringify(known)))
      item.set(entry.id, entry);
  }
  return [...byItem.keys()].sort().map((itemKey) => foldItem(itemKey, [...(byItem.get(itemKey) as Map<string, TeamLogEntry>).values()], viewer));
}
