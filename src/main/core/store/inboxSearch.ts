// A text search's ids for the inbox (inboxQuery.ts pages them): each inbox kind has a full-text
// index (its descriptor's `searchIndex`: comments_fts, conversations_fts) with the inbox's ids as
// row ids; each is walked newest first, each hit checked against the filter, and with every kind
// the walks are merged.
import { KIND_SEARCH_INDEXES } from './itemKinds.ts';
import { BEFORE_ALL, type IdSource, lists, NO_LIMIT, viewCondition } from './inboxWalks.ts';
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
}

export function searchSource(statements: Statements, filter: SearchFilter): IdSource {
  const indexes = filter.kind === undefined ? Object.values(KIND_SEARCH_INDEXES) : [KIND_SEARCH_INDEXES[filter.kind]];
  const walks = indexes.map((index) => searchWalk(statements, index, filter));
  const [only] = walks;
  if (walks.length === 1 && only !== undefined) return only;
  return (lo, hi, limit) => {
    const ids = walks.flatMap((walk) => walk(lo, hi, limit)).sort((a, b) => b - a);
    return limit === NO_LIMIT ? ids : ids.slice(0, limit);
  };
}

function searchWalk(statements: Statements, index: string, filter: SearchFilter): IdSource {
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
  const walk = (below: number, limit: number): number[] => (statements.get(sql).all({ ...params, hi: below, limit }) as { id: number }[]).map((row) => row.id);
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
