// What a device checks of every replicated document beyond its shape (decision 0064: every
// document is untrusted input, whoever the server let write it). The history is append-only and
// each entry is its document's: an entry is kept under its document id, its id must be the one its
// document implies, a second revision or a second document claiming an entry's id is refused, and
// an entry once seen is never replaced. Stamps are the author device's own clock and never more than
// an hour ahead of this one's. Presence is bounded in time and count.
import type { PresenceDoc, SettingsDoc } from '../../../shared/domain/teamDocuments.ts';
import { checkedStamp, type Stamp, stampProblem } from './hybridClock.ts';
import { TeamDocumentRefused } from './teamErrors.ts';
import type { TeamLogEntry } from './teamLog.ts';

/** A presence further ahead than this is not believed: its author rewrites it every 15 s for 45 s. */
export const MAX_PRESENCE_AHEAD_MS = 2 * 60 * 1000;
/** At most this many people-and-devices are shown as replying (the bridge's list holds 1,000). */
export const MAX_PRESENCE_SHOWN = 100;

/**
 * The history's document, written once by its author: a later revision is someone rewriting it.
 * Returns the entry's stamp as read, so the clock takes it in without reading it again.
 */
export function checkHistoryDocument(docId: string, rev: string | undefined, entry: TeamLogEntry, now: number): Stamp {
  if (rev !== undefined && !rev.startsWith('1-')) throw new TeamDocumentRefused(docId, 'it rewrites an entry of the history, which is written once.');
  const stamp = checkedStamp(entry.hlc, entry.device, now);
  if (typeof stamp === 'string') throw new TeamDocumentRefused(docId, stamp);
  if (entry.kind === 'event' && entry.id !== `${entry.device}:${entry.hlc}`) throw new TeamDocumentRefused(docId, 'its name does not match what it holds.');
  return stamp;
}

/** Every stamped field of a settings document within the bounds (decision 0064). */
export function checkSettingsStamps(doc: SettingsDoc, now: number): void {
  for (const field of Object.values(doc.fields)) {
    const problem = stampProblem(field.at, doc.device, now);
    if (problem) throw new TeamDocumentRefused(doc._id, problem);
  }
}

/** Beyond this many entries an item keeps an index of its entry ids; below, its few entries are looked through. */
const OWNERS_INDEXED_FROM = 8;

/** The history's entries per item, keyed by their document id; an entry id belongs to the first document seen with it. */
export class HistoryIndex {
  readonly #byItem = new Map<string, Map<string, TeamLogEntry>>();
  /**
   * Per item: entry id → the document id that first held it, only for items with many entries or a
   * contested entry. Most items have a few entries, where looking through them is cheaper than a
   * second map per item (a device holds one per item it knows: 100,000 maps more on a big team).
   */
  readonly #owners = new Map<string, Map<string, string>>();
  /**
   * The owners of entry ids a second document claimed (`<item key>\n<entry id>` → document id), kept
   * across restarts: the device's copy is read back in its own order, where a rewritten document
   * comes last, so the first one seen is remembered rather than found again.
   */
  readonly #contested: Record<string, string> = {};

  constructor(contested: unknown = null) {
    if (typeof contested !== 'object' || contested === null) return;
    for (const [key, owner] of Object.entries(contested)) {
      const [itemKey, entryId] = key.split('\n');
      if (typeof owner !== 'string' || itemKey === undefined || entryId === undefined) continue;
      this.#contested[key] = owner;
      this.#indexedOwners(itemKey).set(entryId, owner);
    }
  }

  /** What is kept across restarts. */
  contested(): { contested: Record<string, string> } {
    return { contested: this.#contested };
  }

  /** Whether the owner of an item's entry id is written down (then no reading order changes who it is). */
  remembers(itemKey: string, entryId: string): boolean {
    return Object.hasOwn(this.#contested, `${itemKey}\n${entryId}`);
  }

  /** The item's index of entry ids, made from the entries it holds when it has none yet. */
  #indexedOwners(itemKey: string): Map<string, string> {
    let owners = this.#owners.get(itemKey);
    if (!owners) {
      owners = new Map<string, string>();
      for (const [docId, entry] of this.#byItem.get(itemKey) ?? []) owners.set(entry.id, docId);
      this.#owners.set(itemKey, owners);
    }
    return owners;
  }

  /** The document that holds an entry id of an item, if any. */
  #ownerOf(itemKey: string, item: Map<string, TeamLogEntry>, entryId: string): string | undefined {
    const owners = this.#owners.get(itemKey);
    if (owners) return owners.get(entryId);
    for (const [docId, entry] of item) if (entry.id === entryId) return docId;
    return undefined;
  }

  /** Keeps a new entry; false when this document was kept before (never replaced); throws when another document holds its id. */
  add(docId: string, entry: TeamLogEntry): boolean {
    let item = this.#byItem.get(entry.itemKey);
    if (!item) this.#byItem.set(entry.itemKey, (item = new Map<string, TeamLogEntry>()));
    if (item.has(docId)) return false;
    const owner = this.#ownerOf(entry.itemKey, item, entry.id);
    if (owner !== undefined && owner !== docId) {
      this.#contested[`${entry.itemKey}\n${entry.id}`] = owner;
      throw new TeamDocumentRefused(docId, 'it reuses the name of an entry already in the history.');
    }
    item.set(docId, entry);
    const owners = this.#owners.get(entry.itemKey);
    if (owners) owners.set(entry.id, docId);
    else if (item.size > OWNERS_INDEXED_FROM) this.#indexedOwners(entry.itemKey);
    return true;
  }

  entriesOf(itemKey: string): TeamLogEntry[] | null {
    const item = this.#byItem.get(itemKey);
    return item ? [...item.values()] : null;
  }

  all(): TeamLogEntry[] {
    const all: TeamLogEntry[] = [];
    for (const item of this.#byItem.values()) for (const entry of item.values()) all.push(entry);
    return all;
  }

  *authors(): Iterable<string> {
    for (const item of this.#byItem.values()) for (const entry of item.values()) yield entry.who;
  }
}

export interface PresenceEntry {
  member: string;
  device: string;
  itemKey: string;
  until: number;
}

/** Who else is replying: expired and too-far-ahead ones left out, at most MAX_PRESENCE_SHOWN, in name order. */
export function livePresenceOf(docs: Iterable<PresenceDoc>, now: number, me: { member: string; device: string }): PresenceEntry[] {
  const live: PresenceEntry[] = [];
  for (const doc of docs) {
    if (doc.composing === null || doc.until <= now || doc.until > now + MAX_PRESENCE_AHEAD_MS) continue;
    if (doc.who === me.member && doc.device === me.device) continue;
    live.push({ member: doc.who, device: doc.device, itemKey: doc.composing, until: doc.until });
  }
  return live
    .sort((a, b) => (a.member === b.member ? (a.device < b.device ? -1 : a.device > b.device ? 1 : 0) : a.member < b.member ? -1 : 1))
    .slice(0, MAX_PRESENCE_SHOWN);
}
