// The report's items as columns: one entry per item (a comment, or a direct-message turn), numbers
// only. A month of 100,000 items as objects, each with a key string, cost more than computing the
// figures; the figures need no item's name except the few slowest unanswered ones, so a comment
// carries its row id and its key is asked of the store for those few (`resolveRowIds`).
import { INBOX_ITEM_KINDS, type InboxItemKind } from '../../../shared/domain/inbox.ts';
import type { CommentNetwork } from '../../../shared/networks.ts';

/**
 * An item's kind is its inbox kind (a conversation's items are its turns, messageTurns.ts): each
 * kind's descriptor adds its items (core/kinds), so a new kind is a new column with no edit here.
 */
export const ITEM_KINDS = INBOX_ITEM_KINDS;
export type ItemKind = InboxItemKind;

/** Where a first response's time comes from (responsiveness.ts, FirstResponse). */
export const FIRST_RESPONSE_SOURCES = ['outbox-confirmed', 'seen-by-sync'] as const;
export type FirstResponseSource = (typeof FIRST_RESPONSE_SOURCES)[number];

export const OPEN = 0;
export const HIDDEN = 1;
export const DELETED = 2;

/** responseSource: 0 none, else the source's code. */
export const NO_RESPONSE = 0;
export function sourceCode(source: FirstResponseSource): number {
  return FIRST_RESPONSE_SOURCES.indexOf(source) + 1;
}
export function sourceOfCode(code: number): FirstResponseSource {
  return FIRST_RESPONSE_SOURCES[code - 1] ?? 'seen-by-sync';
}

export interface Channel {
  network: CommentNetwork;
  kind: ItemKind;
}

/** A column of numbers that grows as items are added (typed: a month of items is no array of boxed numbers). */
function grown<T extends Float64Array | Uint8Array>(column: T, length: number, make: (size: number) => T): T {
  if (length < column.length) return column;
  const larger = make(Math.max(64, column.length * 2));
  larger.set(column);
  return larger;
}

export class ReceivedColumns {
  #length = 0;
  #createdAt = new Float64Array(0);
  #channel = new Uint8Array(0);
  #outcome = new Uint8Array(0);
  #responseAt = new Float64Array(0);
  #responseSource = new Uint8Array(0);
  /** A comment's row id (its name is asked of the store), or -1 when the item has its name in `names`. */
  #rowIds = new Float64Array(0);
  readonly channels: Channel[] = [];
  readonly #names = new Map<number, string>();
  readonly #channelIndex = new Map<string, number>();
  readonly #resolveRowIds: (rowIds: readonly number[]) => (string | null)[];

  constructor(resolveRowIds: (rowIds: readonly number[]) => (string | null)[] = (rowIds) => rowIds.map(() => null)) {
    this.#resolveRowIds = resolveRowIds;
  }

  get length(): number {
    return this.#length;
  }

  /** Epoch ms of each item's arrival (the first `length` entries). */
  get createdAt(): Float64Array {
    return this.#createdAt.subarray(0, this.#length);
  }

  /**
   * The arrival times within [start, end), in the items' order. A loop into one array: a typed
   * array's filter() with a callback took a few ms of a month's report.
   */
  createdWithin(start: number, end: number): Float64Array {
    const created = this.createdAt;
    let count = 0;
    for (const at of created) if (at >= start && at < end) count++;
    const within = new Float64Array(count);
    let next = 0;
    for (const at of created) if (at >= start && at < end) within[next++] = at;
    return within;
  }

  /** Index into `channels`. */
  get channel(): Uint8Array {
    return this.#channel.subarray(0, this.#length);
  }

  /** OPEN, HIDDEN or DELETED. */
  get outcome(): Uint8Array {
    return this.#outcome.subarray(0, this.#length);
  }

  /** The first response's time (read only when responseSource says there is one). */
  get responseAt(): Float64Array {
    return this.#responseAt.subarray(0, this.#length);
  }

  /** NO_RESPONSE, or sourceCode(source). */
  get responseSource(): Uint8Array {
    return this.#responseSource.subarray(0, this.#length);
  }

  channelOf(network: CommentNetwork, kind: ItemKind): number {
    const key = `${kind} ${network}`;
    let index = this.#channelIndex.get(key);
    if (index === undefined) {
      index = this.channels.push({ network, kind }) - 1;
      this.#channelIndex.set(key, index);
    }
    return index;
  }

  /**
   * Adds an item named by its key (`name`) or, for a stored comment, by its row id (`rowId`, name
   * null). `responseSource` NO_RESPONSE: never answered (`responseAt` is then ignored).
   */
  add(channel: number, createdAt: number, outcome: number, responseAt: number, responseSource: number, name: string | null, rowId = -1): void {
    const index = this.#length;
    if (index >= this.#createdAt.length) {
      this.#createdAt = grown(this.#createdAt, index, (size) => new Float64Array(size));
      this.#channel = grown(this.#channel, index, (size) => new Uint8Array(size));
      this.#outcome = grown(this.#outcome, index, (size) => new Uint8Array(size));
      this.#responseAt = grown(this.#responseAt, index, (size) => new Float64Array(size));
      this.#responseSource = grown(this.#responseSource, index, (size) => new Uint8Array(size));
      this.#rowIds = grown(this.#rowIds, index, (size) => new Float64Array(size));
    }
    this.#createdAt[index] = createdAt;
    this.#channel[index] = channel;
    this.#outcome[index] = outcome;
    this.#responseAt[index] = responseAt;
    this.#responseSource[index] = responseSource;
    this.#rowIds[index] = name === null ? rowId : -1;
    if (name !== null) this.#names.set(index, name);
    this.#length = index + 1;
  }

  /** The names the items were added with (not those asked of the store by row id). */
  carriedNames(): string[] {
    return [...this.#names.values()];
  }

  /** The names (keys) of these items, in their order. */
  names(indexes: readonly number[]): string[] {
    const stored = indexes.filter((index) => !this.#names.has(index));
    const resolved = this.#resolveRowIds(stored.map((index) => this.#rowIds[index] ?? -1));
    const byIndex = new Map(stored.map((index, n) => [index, resolved[n] ?? `row ${this.#rowIds[index] ?? -1}`]));
    return indexes.map((index) => this.#names.get(index) ?? byIndex.get(index) ?? '');
  }
}
