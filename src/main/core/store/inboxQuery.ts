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
import { KIND_SEARCH_INDEXES, kindCode, kindOf } from './itemKinds.ts';
import type { ProfileTable } from './profiles.ts';
import { searchQueryOf } from './searchText.ts';
import type { Statements } from './statements.ts';
import type { InboxCursor, InboxFilter, InboxItemKind, InboxPage, InboxRow, InboxView } from './types.ts';

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 500;
/** SQLite allows 500 terms in one compound SELECT; walks beyond that go in several statements. */
const ARMS_PER_STATEMENT = 200;
const NO_LIMIT = -1;
const BEFORE_ALL = Number.MIN_SAFE_INTEGER;
/** A search walk bounded below (one second's rows, most often one or two) reads this many hits per step. */
const SEARCH_STEP = 16;
const AFTER_ALL = Number.MAX_SAFE_INTEGER;

/** The conditions that select a view on the `inbox` table, with "now" as the one parameter. */
const NEEDS_REPLY_STATIC = 'by_account = 0 AND done = 0 AND hidden = 0 AND replied = 0';
export function viewCondition(view: InboxView): string {
  switch (view) {
    case 'all':
      return '1';
    case 'needsReply':
      return `${NEEDS_REPLY_STATIC} AND (snoozed_until IS NULL OR snoozed_until <= :now)`;
    case 'done':
      return 'done = 1';
    case 'hidden':
      return 'hidden = 1';
    case 'snoozed':
      return 'snoozed_until > :now';
    case 'assignedToMe':
      return ASSIGNED_TO_ME_CONDITION;
  }
}

/** One walk per (profile, network): which partial index, and the condition that lets SQLite use it. */
interface IndexWalk {
  index: string;
  condition: string;
}

function walksOf(view: InboxView, unreadOnly: boolean): IndexWalk[] | 'assignedToMe' {
  const unread = unreadOnly ? ' AND unread = 1' : '';
  switch (view) {
    case 'all':
      return [unreadOnly ? { index: 'inbox_unread', condition: 'unread = 1' } : { index: 'inbox_all', condition: '1' }];
    case 'needsReply':
      // Rows whose snooze has come due need a reply too: #wokenSource adds them.
      return [{ index: unreadOnly ? 'inbox_needs_reply_unread' : 'inbox_needs_reply', condition: `${NEEDS_REPLY_STATIC} AND snoozed_until IS NULL${unread}` }];
    case 'done':
      return [{ index: unreadOnly ? 'inbox_done_unread' : 'inbox_done', condition: `done = 1${unread}` }];
    case 'hidden':
      return [{ index: unreadOnly ? 'inbox_hidden_unread' : 'inbox_hidden', condition: `hidden = 1${unread}` }];
    case 'snoozed':
      // Each partition walked back from its newest snoozed row, decided from the index alone (migration 15).
      return [{ index: 'inbox_snoozed_by_partition', condition: `snoozed_until IS NOT NULL AND snoozed_until > :now${unread}` }];
    case 'assignedToMe':
      return 'assignedToMe';
  }
}

interface Partition {
  profileRowId: number;
  platform: string;
  kind: InboxItemKind;
}

/** Ids, newest first, of the filter's rows with lo <= id < hi; at most `limit` (-1: all). */
type IdSource = (lo: number, hi: number, limit: number) => number[];

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
    if (cursor) {
      const second = secondOf(cursorMs);
      const position = { created: new Date(cursorMs).toISOString(), key: String(cursor.key) };
      const sameSecond = this.#load(source(firstIdOf(second), endIdOf(second), NO_LIMIT));
      candidates.push(...sameSecond.filter((row) => compareNewestFirst(row, position) > 0));
      hi = firstIdOf(second);
    }
    let older = source(BEFORE_ALL, hi, size + 1);
    const lastId = older.length === size + 1 ? older[size] : undefined;
    if (lastId !== undefined) {
      // The page may end inside a second: take that whole second, to order it by key.
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
    if (search.kind === 'match') return this.#searchSource(search.fts, view, unreadOnly, now, profileRows, platforms, kind);

    const walks = walksOf(view, unreadOnly);
    if (walks === 'assignedToMe') return this.#assignedSource(unreadOnly, now, profileRows, platforms, kind);
    const partitions = [...this.#partitions.values()].filter(
      (partition) =>
        (profileRows === undefined || profileRows.includes(partition.profileRowId)) &&
        (platforms === undefined || (platforms as string[]).includes(partition.platform)) &&
        (kind === undefined || partition.kind === kind),
    );
    if (partitions.length === 0) return null;
    const walked: IdSource = (lo, hi, limit) => this.#walk(walks, partitions, now, lo, hi, limit);
    if (view !== 'needsReply') return walked;
    const woken = this.#wokenSource(unreadOnly, now, profileRows, platforms, kind, partitions);
    if (woken === null) return walked;
    return (lo, hi, limit) => {
      const ids = [...walked(lo, hi, limit), ...woken(lo, hi, limit)].sort((a, b) => b - a);
      return limit === NO_LIMIT ? ids : ids.slice(0, limit);
    };
  }

  /**
   * The snoozed rows of "Needs reply" whose snooze has come due, read from the smaller side
   * (issue 30): snoozes that lie ahead (a walk per partition of inbox_needs_reply_snoozed reads
   * every one, each with a table look-up for its time) or snoozes that came due (one range of
   * inbox_snoozed). Which side is smaller is counted in inbox_snoozed alone, without table look-ups.
   * null: nothing snoozed has come due.
   */
  #wokenSource(
    unreadOnly: boolean,
    now: number,
    profileRows: number[] | undefined,
    platforms: string[] | undefined,
    kind: InboxItemKind | undefined,
    partitions: Partition[],
  ): IdSource | null {
    const sides = this.#statements
      .get('SELECT count(*) AS snoozed, coalesce(sum(snoozed_until <= :now), 0) AS due FROM inbox INDEXED BY inbox_snoozed WHERE snoozed_until IS NOT NULL')
      .get({ now }) as { snoozed: number; due: number };
    if (sides.due === 0) return null;
    if (sides.due > sides.snoozed - sides.due) {
      const walks = [
        {
          index: 'inbox_needs_reply_snoozed',
          condition: `${NEEDS_REPLY_STATIC} AND snoozed_until IS NOT NULL AND snoozed_until <= :now${unreadOnly ? ' AND unread = 1' : ''}`,
        },
      ];
      return (lo, hi, limit) => this.#walk(walks, partitions, now, lo, hi, limit);
    }
    const sql = `SELECT id FROM inbox INDEXED BY inbox_snoozed
      WHERE snoozed_until IS NOT NULL AND snoozed_until <= :now AND ${NEEDS_REPLY_STATIC} ${filterClauses(unreadOnly, profileRows, platforms, kind)}
        AND id >= :lo AND id < :hi
      ORDER BY id DESC LIMIT :limit`;
    return (lo, hi, limit) => this.#ids(sql, { now, lo, hi, limit, ...filterParams(profileRows, platforms, kind) });
  }

  /**
   * Bare arms under one ORDER BY: SQLite merges them (MERGE (UNION ALL)), pulling from each arm's
   * index only as far as the page needs, about limit + arms entries. Each arm wrapped in its own
   * ORDER BY ... LIMIT made every arm read up to a page first (issue 30: 1.8 against 0.5 ms of CPU for
   * 30 partitions).
   */
  #walk(walks: IndexWalk[], partitions: Partition[], now: number, lo: number, hi: number, limit: number): number[] {
    const arms = partitions.flatMap((partition) => walks.map((walk) => ({ partition, walk })));
    const ids: number[] = [];
    for (let start = 0; start < arms.length; start += ARMS_PER_STATEMENT) {
      const chunk = arms.slice(start, start + ARMS_PER_STATEMENT);
      const sql =
        chunk
          .map(
            ({ walk }, index) =>
              `SELECT id FROM inbox INDEXED BY ${walk.index}
                 WHERE profile_id = :p${index} AND platform = :n${index} AND kind = :k${index} AND ${walk.condition} AND id >= :lo AND id < :hi`,
          )
          .join(' UNION ALL ') + ' ORDER BY id DESC LIMIT :limit';
      const params: Record<string, number | string> = { lo, hi, limit };
      chunk.forEach(({ partition }, index) => {
        params[`p${index}`] = partition.profileRowId;
        params[`n${index}`] = partition.platform;
        params[`k${index}`] = kindCode(partition.kind);
      });
      if (sql.includes(':now')) params.now = now;
      const rows = this.#statements.get(sql).all(params) as { id: number }[];
      for (const row of rows) ids.push(row.id);
    }
    if (arms.length > ARMS_PER_STATEMENT) {
      ids.sort((a, b) => b - a);
      if (limit !== NO_LIMIT) ids.length = Math.min(ids.length, limit);
    }
    return ids;
  }

  /** The few assigned rows, found through item_state (assignedView.ts) and sorted, as the snoozed view's are. */
  #assignedSource(
    unreadOnly: boolean,
    now: number,
    profileRows: number[] | undefined,
    platforms: string[] | undefined,
    kind: InboxItemKind | undefined,
  ): IdSource {
    const sql = `SELECT id FROM inbox
      WHERE ${ASSIGNED_TO_ME_CONDITION} ${filterClauses(unreadOnly, profileRows, platforms, kind)}
        AND id >= :lo AND id < :hi
      ORDER BY id DESC LIMIT :limit`;
    const me = this.#me();
    return (lo, hi, limit) => this.#ids(sql, { me, now, lo, hi, limit, ...filterParams(profileRows, platforms, kind) });
  }

  /**
   * Each inbox kind has an index (its descriptor's `searchIndex`: comments_fts, conversations_fts), with
   * the inbox's ids as row ids: each is walked the same way, and with every kind the walks are merged.
   */
  #searchSource(
    fts: string,
    view: InboxView,
    unreadOnly: boolean,
    now: number,
    profileRows: number[] | undefined,
    platforms: string[] | undefined,
    kind: InboxItemKind | undefined,
  ): IdSource {
    const indexes = kind === undefined ? Object.values(KIND_SEARCH_INDEXES) : [KIND_SEARCH_INDEXES[kind]];
    const walks = indexes.map((index) => this.#searchWalk(index, fts, view, unreadOnly, now, profileRows, platforms));
    const [only] = walks;
    if (walks.length === 1 && only !== undefined) return only;
    return (lo, hi, limit) => {
      const ids = walks.flatMap((walk) => walk(lo, hi, limit)).sort((a, b) => b - a);
      return limit === NO_LIMIT ? ids : ids.slice(0, limit);
    };
  }

  #searchWalk(
    index: string,
    fts: string,
    view: InboxView,
    unreadOnly: boolean,
    now: number,
    profileRows: number[] | undefined,
    platforms: string[] | undefined,
  ): IdSource {
    // CROSS JOIN keeps the full-text index as the outer loop: its hits come newest first, so
    // the walk stops after one page instead of sorting every hit. NOT INDEXED pins each hit's
    // check to a row-id look-up: statistics taken while a view was empty once made SQLite scan
    // that view's index for every hit (two seconds a page).
    // No lower bound on the row id: given one, FTS5 reads a word's whole list before the first hit
    // of a newest-first walk (1.7 ms of CPU against 0.1 ms for "love" on 100,000 comments), so a
    // walk bounded below goes down in steps and stops at the first id under the bound (issue 30).
    const sql = `SELECT inbox.id FROM ${index} CROSS JOIN inbox NOT INDEXED ON inbox.id = ${index}.rowid
      WHERE ${index} MATCH :fts AND ${index}.rowid < :hi
        AND ${viewCondition(view)} ${unreadOnly ? 'AND unread = 1' : ''}
        ${profileRows === undefined ? '' : 'AND profile_id IN (SELECT value FROM json_each(:profiles))'}
        ${platforms === undefined ? '' : 'AND platform IN (SELECT value FROM json_each(:platforms))'}
      ORDER BY ${index}.rowid DESC LIMIT :limit`;
    const usesNow = sql.includes(':now');
    const me: Record<string, string> = sql.includes(':me') ? { me: this.#me() } : {};
    const params = { fts, ...(usesNow ? { now } : {}), ...me, ...lists(profileRows, platforms) };
    const walk = (below: number, limit: number): number[] => this.#ids(sql, { ...params, hi: below, limit });
    return (lo, hi, limit) => {
      if (lo === BEFORE_ALL) return walk(hi, limit);
      const ids: number[] = [];
      let below = hi;
      for (;;) {
        const wanted = limit === NO_LIMIT ? SEARCH_STEP : Math.min(SEARCH_STEP, limit - ids.length);
        const found = walk(below, wanted);
        for (const id of found) {
          if (id < lo) return ids;
          ids.push(id);
        }
        const last = found[found.length - 1];
        if (found.length < wanted || last === undefined || (limit !== NO_LIMIT && ids.length >= limit)) return ids;
        below = last;
      }
    };
  }

  #ids(sql: string, params: Record<string, number | string>): number[] {
    return (this.#statements.get(sql).all(params) as { id: number }[]).map((row) => row.id);
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

/** The filter's conditions a walk of one view adds to its own (unread only, kind, clients, networks). */
function filterClauses(unreadOnly: boolean, profileRows: number[] | undefined, platforms: string[] | undefined, kind: InboxItemKind | undefined): string {
  return [
    unreadOnly ? 'AND unread = 1' : '',
    kind === undefined ? '' : 'AND kind = :kind',
    profileRows === undefined ? '' : 'AND profile_id IN (SELECT value FROM json_each(:profiles))',
    platforms === undefined ? '' : 'AND platform IN (SELECT value FROM json_each(:platforms))',
  ].join(' ');
}

/** The parameters of `filterClauses`. */
function filterParams(profileRows: number[] | undefined, platforms: string[] | undefined, kind: InboxItemKind | undefined) {
  return { ...(kind === undefined ? {} : { kind: kindCode(kind) }), ...lists(profileRows, platforms) };
}

function lists(profileRows: number[] | undefined, platforms: string[] | undefined): Record<string, string> {
  return {
    ...(profileRows === undefined ? {} : { profiles: JSON.stringify(profileRows) }),
    ...(platforms === undefined ? {} : { platforms: JSON.stringify(platforms) }),
  };
}
