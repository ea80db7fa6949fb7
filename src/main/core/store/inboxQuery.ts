// One page of the unified inbox. How it stays fast on 100,000 comments with any filter:
//
// - Row ids are time order (commentIds.ts) and every inbox index is a partial index per view,
//   keyed by profile and network. A page is one backwards walk per (profile, network) pair the
//   filter allows, merged by SQLite (UNION ALL under one ORDER BY, which it merges lazily). The cost
//   is about limit + pairs index entries, whatever the filter matches.
// - A text search walks the full-text index newest first (its row ids are the same ids) and
//   checks each hit against the filter, stopping after one page.
// - "Snoozed" is decided against `now`, so it cannot be a partial index of its own: its view reads
//   each partition's snoozed rows newest first from an index of the snoozed rows alone.
//
// Conversations (direct messages) are items of the same projection (migration 6): each row has a
// kind, every partition is (profile, network, kind), and a kind filter only drops partitions. A
// conversation's row id is its last message's time, so both kinds interleave in one order.
//
// Ids order comments by second; inside one second the contract orders by key. So when a page
// starts or ends inside a second, the whole second is fetched and sorted here.
import type { ReviewTable } from './reviewTable.ts';
import type { Network } from '../../../shared/networks.ts';
import { ASSIGNED_TO_ME_CONDITION } from './assignedView.ts';
import { endIdOf, firstIdOf, secondOf, secondOfId } from './commentIds.ts';
import { StoreInputError } from './errors.ts';
import type { ConversationQuery } from './conversations.ts';
import { compareNewestFirst, loadRowsById } from './inboxRows.ts';
import { searchSource } from './inboxSearch.ts';
import {
  AFTER_ALL,
  BEFORE_ALL,
  type IdSource,
  idsWhere,
  NO_LIMIT,
  type Partition,
  rowIdWalk,
  rowIdWalkPays,
  walkPartitions,
  walksOf,
  wokenArm,
} from './inboxWalks.ts';
import { kindOf } from './itemKinds.ts';
import type { ProfileTable } from './profiles.ts';
import { searchQueryOf } from './searchText.ts';
import type { Statements } from './statements.ts';
import type { InboxCursor, InboxFilter, InboxItemKind, InboxPage, InboxRow, InboxView } from './types.ts';

export { viewCondition } from './inboxWalks.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
/**
 * A next page reads its cursor's second and the older rows in one walk from the second's end: this
 * many ids beyond the page leave room for the second's own rows (most often one or two).
 */
const CURSOR_SECOND_ROOM = 8;

export class InboxQuery {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;
  readonly #partitions = new Map<string, Partition>();
  readonly #now: () => number;
  /**
   * Each kind's rows by inbox id (a record over the kinds, so a new kind does not compile without
   * its read): an id is a row of exactly one kind's table.
   */
  readonly #rowsOfKind: Readonly<Record<InboxItemKind, (ids: readonly number[]) => InboxRow[]>>;
  /** Who "me" is in "Assigned to me": the store's actor (a team's member; "me" alone, whom nothing is assigned to). */
  readonly #me: () => string;

  constructor(
    statements: Statements,
    profiles: ProfileTable,
    now: () => number,
    conversations: ConversationQuery,
    me: () => string = () => 'me',
    reviews?: Pick<ReviewTable, 'rowsByInboxId'>,
  ) {
    this.#statements = statements;
    this.#profiles = profiles;
    this.#now = now;
    this.#rowsOfKind = {
      comment: (ids) => loadRowsById(statements, ids),
      conversation: (ids) => conversations.rowsByInboxId(ids),
      review: (ids) => reviews?.rowsByInboxId(ids) ?? [],
    };
    this.#me = me;
    this.#loadPartitions();
  }

  /** A (profile, network) pair got its first comment, or its first conversation. */
  notePartition(profileRowId: number, platform: string, kind: InboxItemKind = 'comment'): void {
    const id = `${profileRowId}\u0000${platform}\u0000${kind}`;
    if (!this.#partitions.has(id)) this.#partitions.set(id, { profileRowId, platform, kind });
  }

  page(filter: InboxFilter, cursor?: InboxCursor | null, limit = DEFAULT_PAGE_SIZE): InboxPage {
    const size = Math.min(MAX_PAGE_SIZE, Math.max(1, Math.floor(Number.isFinite(limit) ? limit : DEFAULT_PAGE_SIZE)));
    const cursorMs = cursor ? Date.parse(cursor.created) : Number.NaN;
    if (cursor && !Number.isFinite(cursorMs)) throw new StoreInputError(`The cursor's time is not a time: ${String(cursor.created)}`);
    const source = this.#sourceOf(filter);
    if (source === null) return { rows: [], next: null };

    const candidates: InboxRow[] = [];
    let hi = AFTER_ALL;
    // Ids older than `hi`, newest first, at most size + 1, when a walk already read them.
    let older: number[] | null = null;
    if (cursor) {
      // One walk from the end of the cursor's second: that second's rows first, then older ones.
      const second = secondOf(cursorMs);
      const position = { created: new Date(cursorMs).toISOString(), key: String(cursor.key) };
      hi = firstIdOf(second);
      const wanted = size + 1 + CURSOR_SECOND_ROOM;
      const ids = source(BEFORE_ALL, endIdOf(second), wanted);
      const exhausted = ids.length < wanted;
      const below = ids.filter((id) => id < hi);
      // Every row of the second was read unless the walk stopped inside it.
      const sameSecond = exhausted || below.length > 0 ? ids.filter((id) => id >= hi) : source(hi, endIdOf(second), NO_LIMIT);
      candidates.push(...this.#load(sameSecond).filter((row) => compareNewestFirst(row, position) > 0));
      if (exhausted || below.length >= size + 1) older = below.slice(0, size + 1);
    }
    older ??= source(BEFORE_ALL, hi, size + 1);
    const lastId = older.length === size + 1 ? older[size] : undefined;
    const beforeLast = older[size - 1];
    // The page may end inside a second: then take that whole second, to order it by key. When the
    // page's last id and the one after it are of different seconds, every second read is whole.
    if (lastId !== undefined && beforeLast !== undefined && secondOfId(beforeLast) === secondOfId(lastId)) {
      const last = secondOfId(lastId);
      older = [...older.filter((id) => secondOfId(id) !== last), ...source(firstIdOf(last), Math.min(hi, endIdOf(last)), NO_LIMIT)];
    }
    candidates.push(...this.#load(older));
    candidates.sort(compareNewestFirst);
    const rows = candidates.slice(0, size);
    const last = rows[rows.length - 1];
    return { rows, next: candidates.length > size && last ? { created: last.created, key: last.key } : null };
  }

  /**
   * How many rows the view has and where its newest one is (null when empty): what a "select all
   * in this view" shows and later passes back as the bound of its sweep.
   */
  size(filter: InboxFilter): { count: number; newest: InboxCursor | null } {
    const source = this.#sourceOf(filter);
    if (source === null) return { count: 0, newest: null };
    const first = this.page(filter, null, 1).rows[0];
    return { count: source(BEFORE_ALL, AFTER_ALL, NO_LIMIT).length, newest: first ? { created: first.created, key: first.key } : null };
  }

  /**
   * The view's rows from `from` down (inclusive; null: from the newest), newest first, at most
   * `limit`. A row that came in above `from` (newer than what the person saw) is never among them.
   */
  rowsFrom(filter: InboxFilter, from: InboxCursor | null, limit: number): InboxRow[] {
    const size = Math.max(0, Math.floor(limit));
    const fromMs = from ? Date.parse(from.created) : Number.NaN;
    if (from && !Number.isFinite(fromMs)) throw new StoreInputError(`The position's time is not a time: ${String(from.created)}`);
    const source = this.#sourceOf(filter);
    if (source === null || size === 0) return [];
    const rows: InboxRow[] = [];
    let hi = AFTER_ALL;
    if (from) {
      // Its own second is read whole and cut by key, as a page that starts inside a second is.
      const second = secondOf(fromMs);
      const position = { created: new Date(fromMs).toISOString(), key: String(from.key) };
      rows.push(...this.#load(source(firstIdOf(second), endIdOf(second), NO_LIMIT)).filter((row) => compareNewestFirst(row, position) >= 0));
      hi = firstIdOf(second);
    }
    if (rows.length < size) rows.push(...this.#load(source(BEFORE_ALL, hi, size - rows.length)));
    rows.sort(compareNewestFirst);
    return rows.slice(0, size);
  }

  /** The rows of these ids, of every kind, in no particular order. */
  #load(ids: readonly number[]): InboxRow[] {
    const rows: InboxRow[] = [];
    // A kind's table is asked only while some ids are still no row (most pages: the first kind's read alone).
    for (const read of Object.values(this.#rowsOfKind)) {
      if (rows.length >= ids.length) break;
      rows.push(...read(ids));
    }
    return rows;
  }

  /** null when the filter cannot match anything (an unknown profile, only symbols searched). */
  #sourceOf(filter: InboxFilter): IdSource | null {
    const view = filter.view ?? 'all';
    const unreadOnly = filter.unreadOnly === true;
    const now = filter.now ?? this.#now();
    const profileRows = this.#profileRows(filter.profileIds);
    if (profileRows?.length === 0) return null;
    const platforms = filter.platforms === undefined ? undefined : [...new Set<Network>(filter.platforms)];
    if (platforms?.length === 0) return null;

    const search = searchQueryOf(filter.text);
    if (search.kind === 'nothing') return null;
    const kind = filter.kind;
    if (search.kind === 'match') {
      // Hidden, Snoozed and what is done but unread are few rows: a search in them checks each hit against their ids (inboxSearch.ts).
      const few = view === 'hidden' || view === 'snoozed' || (view === 'done' && unreadOnly);
      const viewIds = few ? this.#viewSource(view, unreadOnly, now, profileRows, platforms, kind) : undefined;
      if (viewIds === null) return null;
      return searchSource(this.#statements, { fts: search.fts, view, unreadOnly, now, profileRows, platforms, kind, me: this.#me, viewIds });
    }
    return this.#viewSource(view, unreadOnly, now, profileRows, platforms, kind);
  }

  /** The view's ids without a search; null when no partition can match. */
  #viewSource(
    view: InboxView,
    unreadOnly: boolean,
    now: number,
    profileRows: number[] | undefined,
    platforms: string[] | undefined,
    kind: InboxItemKind | undefined,
  ): IdSource | null {
    const walks = walksOf(view, unreadOnly);
    if (walks === 'assignedToMe') return this.#assignedSource(unreadOnly, now, profileRows, platforms, kind);
    const partitions = [...this.#partitions.values()].filter(
      (partition) =>
        (profileRows === undefined || profileRows.includes(partition.profileRowId)) &&
        (platforms === undefined || platforms.includes(partition.platform)) &&
        (kind === undefined || partition.kind === kind),
    );
    if (partitions.length === 0) return null;
    const whole = view === 'needsReply' ? [wokenArm(unreadOnly, profileRows, platforms, kind)] : [];
    const walked: IdSource = (lo, hi, limit) => walkPartitions(this.#statements, walks, partitions, whole, now, lo, hi, limit);
    if (view === 'snoozed' || view === 'assignedToMe') return walked;
    // Within one second, or for a page where the view is dense, one walk down the row ids is cheaper than an arm per partition.
    const byRowId = rowIdWalk(this.#statements, view, unreadOnly, now, profileRows, platforms, kind);
    const arms = partitions.length * walks.length + whole.length;
    return (lo, hi, limit) =>
      lo !== BEFORE_ALL || (limit !== NO_LIMIT && rowIdWalkPays(this.#statements, view, unreadOnly, partitions, arms, limit))
        ? byRowId(lo, hi, limit)
        : walked(lo, hi, limit);
  }

  /** The few assigned rows, found through item_state (assignedView.ts) and sorted, as the snoozed view's are. */
  #assignedSource(
    unreadOnly: boolean,
    now: number,
    profileRows: number[] | undefined,
    platforms: string[] | undefined,
    kind: InboxItemKind | undefined,
  ): IdSource {
    return idsWhere(this.#statements, 'inbox', ASSIGNED_TO_ME_CONDITION, { me: this.#me(), now }, unreadOnly, profileRows, platforms, kind);
  }

  #profileRows(profileIds: string[] | undefined): number[] | undefined {
    if (profileIds === undefined) return undefined;
    return [...new Set(profileIds)].flatMap((profileId) => {
      const known = this.#profiles.byProfileId(profileId);
      return known === undefined ? [] : [known.rowId];
    });
  }

  /** The (profile, network, kind) triples that have rows, by skipping through the index: one seek each. */
  #loadPartitions(): void {
    const first = this.#statements.get('SELECT profile_id, platform, kind FROM inbox INDEXED BY inbox_all ORDER BY profile_id, platform, kind LIMIT 1');
    const next = this.#statements.get(
      'SELECT profile_id, platform, kind FROM inbox INDEXED BY inbox_all WHERE (profile_id, platform, kind) > (?, ?, ?) ORDER BY profile_id, platform, kind LIMIT 1',
    );
    let row = first.get() as { profile_id: number; platform: string; kind: number } | undefined;
    while (row !== undefined) {
      this.notePartition(row.profile_id, row.platform, kindOf(row.kind));
      row = next.get(row.profile_id, row.platform, row.kind) as { profile_id: number; platform: string; kind: number } | undefined;
    }
  }
}
