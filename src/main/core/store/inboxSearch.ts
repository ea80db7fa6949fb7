// A text search's ids for the inbox (inboxQuery.ts pages them): each inbox kind has a full-text
// index (its descriptor's `searchIndex`: comments_fts, conversations_fts) with the inbox's ids as
// row ids; each is walked newest first, each hit checked against the filter, and with every kind
// the walks are merged.
import { KIND_SEARCH_INDEXES } from './itemKinds.ts';
import { AFTER_ALL, BEFORE_ALL, type IdSource, lists, NO_LIMIT, viewCondition } from './inboxWalks.ts';
import type { Statements } from './statements.ts';
import type { InboxItemKind, InboxView } from './types.ts';

/** A search walk bounded below (one second's rows, most often one or two) reads this many hits per step. */
const SEARCH_STEP = 16;

export interface SearchFilter {
  fts: string;
  view: InboxView;
  unreadOnly: boolean;
  now: number;
  profileRows: number[] | undefined;
  platforms: string[] | undefined;
  kind: InboxItemKind | undefined;
  /** Who "me" is, for "Assigned to me". */
  me: () => string;
  /** A view of few rows: its ids without the search (the hits are checked against them). */
  viewIds?: IdSource | undefined;
}

/**
 * A view of at most this many rows is read whole, and each hit checked against its ids in memory:
 * issue 30's fifth round, "shipping" in Hidden, unread only (39 rows among 15,768 hits, every hit
 * walked): 7.0 ms of CPU with a table look-up per hit, 2.9 ms against the view's 255 ids.
 */
const VIEW_SET_MAX = 5_000;

export function searchSource(statements: Statements, filter: SearchFilter): IdSource {
  const indexes = filter.kind === undefined ? Object.values(KIND_SEARCH_INDEXES) : [KIND_SEARCH_INDEXES[filter.kind]];
  // Read once per source (one page): its ids, or null when the view has more rows than that.
  let viewSet: string | null | undefined;
  const viewSetOf = (): string | null => {
    if (viewSet !== undefined) return viewSet;
    const ids = filter.viewIds?.(BEFORE_ALL, AFTER_ALL, VIEW_SET_MAX + 1) ?? [];
    viewSet = filter.viewIds === undefined || ids.length > VIEW_SET_MAX ? null : JSON.stringify(ids);
    return viewSet;
  };
  const walks = indexes.map((index) => searchWalk(statements, index, filter, viewSetOf));
  const [only] = walks;
  if (walks.length === 1 && only !== undefined) return only;
  return (lo, hi, limit) => {
    const ids = walks.flatMap((walk) => walk(lo, hi, limit)).sort((a, b) => b - a);
    return limit === NO_LIMIT ? ids : ids.slice(0, limit);
  };
}

function searchWalk(statements: Statements, index: string, filter: SearchFilter, viewSetOf: () => string | null): IdSource {
  const { fts, view, unreadOnly, now, profileRows, platforms } = filter;
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
  const me: Record<string, string> = sql.includes(':me') ? { me: filter.me() } : {};
  const params = { fts, ...(usesNow ? { now } : {}), ...me, ...lists(profileRows, platforms) };
  // Against the view's ids: the filter is in them, so each hit is a look-up in a small in-memory
  // set instead of the table. (rowid + 0) keeps the set from being handed to FTS5 as row ids to
  // seek, each a search of every segment.
  const inViewSql = `SELECT rowid AS id FROM ${index} WHERE ${index} MATCH :fts AND rowid < :hi
      AND (rowid + 0) IN (SELECT value FROM json_each(:ids)) ORDER BY rowid DESC LIMIT :limit`;
  const walk = (below: number, limit: number): number[] => {
    const ids = viewSetOf();
    const rows = ids === null ? statements.get(sql).all({ ...params, hi: below, limit }) : statements.get(inViewSql).all({ fts, ids, hi: below, limit });
    return (rows as { id: number }[]).map((row) => row.id);
  };
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
