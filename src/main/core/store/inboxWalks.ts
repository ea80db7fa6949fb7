// How the inbox's views read ids from the `inbox` table's indexes (inboxQuery.ts pages them): the
// conditions that select a view, which partial index walks each (profile, network, kind) partition,
// and the one statement that merges those walks.
import { ASSIGNED_TO_ME_CONDITION } from './assignedView.ts';
import { kindCode } from './itemKinds.ts';
import type { Statements } from './statements.ts';
import type { InboxItemKind, InboxView } from './types.ts';

/** SQLite allows 500 terms in one compound SELECT; walks beyond that go in several statements. */
const ARMS_PER_STATEMENT = 200;
export const NO_LIMIT = -1;
export const BEFORE_ALL = Number.MIN_SAFE_INTEGER;
export const AFTER_ALL = Number.MAX_SAFE_INTEGER;

/** Ids, newest first, of the filter's rows with lo <= id < hi; at most `limit` (-1: all). */
export type IdSource = (lo: number, hi: number, limit: number) => number[];

export interface Partition {
  profileRowId: number;
  platform: string;
  kind: InboxItemKind;
}

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
export interface IndexWalk {
  index: string;
  condition: string;
}

export function walksOf(view: InboxView, unreadOnly: boolean): IndexWalk[] | 'assignedToMe' {
  const unread = unreadOnly ? ' AND unread = 1' : '';
  switch (view) {
    case 'all':
      return [unreadOnly ? { index: 'inbox_unread', condition: 'unread = 1' } : { index: 'inbox_all', condition: '1' }];
    case 'needsReply':
      // Rows whose snooze has come due need a reply too: the merge adds them as one arm (wokenArm).
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

/** An arm of the merge that is not one partition's: its SQL up to the id range, and its own parameters. */
export interface WholeArm {
  where: string;
  index: string;
  params: Record<string, number | string>;
}

/**
 * "Needs reply"'s rows whose snooze has come due, all partitions in one arm (migration 17's index:
 * by row id, each entry's snooze, unread flag and partition in it, so no table look-up).
 */
export function wokenArm(unreadOnly: boolean, profileRows: number[] | undefined, platforms: string[] | undefined, kind: InboxItemKind | undefined): WholeArm {
  return {
    index: 'inbox_needs_reply_woken',
    where: `${NEEDS_REPLY_STATIC} AND snoozed_until IS NOT NULL AND snoozed_until <= :now ${filterClauses(unreadOnly, profileRows, platforms, kind)}`,
    params: filterParams(profileRows, platforms, kind),
  };
}

/**
 * Bare arms under one ORDER BY: SQLite merges them (MERGE (UNION ALL)), pulling from each arm's
 * index only as far as the page needs, about limit + arms entries. Each arm wrapped in its own
 * ORDER BY ... LIMIT made every arm read up to a page first (issue 30: 1.8 against 0.5 ms of CPU for
 * 30 partitions). Each arm costs about as much as a few entries, so the few rows a whole view adds
 * (the woken snoozes) come as one arm over every partition, not one per partition.
 */
export function walkPartitions(
  statements: Statements,
  walks: IndexWalk[],
  partitions: Partition[],
  whole: WholeArm[],
  now: number,
  lo: number,
  hi: number,
  limit: number,
): number[] {
  const arms: (WholeArm | { partition: Partition; walk: IndexWalk })[] = [
    ...partitions.flatMap((partition) => walks.map((walk) => ({ partition, walk }))),
    ...whole,
  ];
  const ids: number[] = [];
  for (let start = 0; start < arms.length; start += ARMS_PER_STATEMENT) {
    const chunk = arms.slice(start, start + ARMS_PER_STATEMENT);
    const params: Record<string, number | string> = { lo, hi, limit };
    const sql =
      chunk
        .map((arm, index) => {
          if ('where' in arm) {
            Object.assign(params, arm.params);
            return `SELECT id FROM inbox INDEXED BY ${arm.index} WHERE ${arm.where} AND id >= :lo AND id < :hi`;
          }
          params[`p${index}`] = arm.partition.profileRowId;
          params[`n${index}`] = arm.partition.platform;
          params[`k${index}`] = kindCode(arm.partition.kind);
          return `SELECT id FROM inbox INDEXED BY ${arm.walk.index}
                 WHERE profile_id = :p${index} AND platform = :n${index} AND kind = :k${index} AND ${arm.walk.condition} AND id >= :lo AND id < :hi`;
        })
        .join(' UNION ALL ') + ' ORDER BY id DESC LIMIT :limit';
    if (sql.includes(':now')) params.now = now;
    const rows = statements.get(sql).all(params) as { id: number }[];
    for (const row of rows) ids.push(row.id);
  }
  if (arms.length > ARMS_PER_STATEMENT) {
    ids.sort((a, b) => b - a);
    if (limit !== NO_LIMIT) ids.length = Math.min(ids.length, limit);
  }
  return ids;
}

/** The filter's conditions a walk of one view adds to its own (unread only, kind, clients, networks). */
export function filterClauses(
  unreadOnly: boolean,
  profileRows: number[] | undefined,
  platforms: string[] | undefined,
  kind: InboxItemKind | undefined,
): string {
  return [
    unreadOnly ? 'AND unread = 1' : '',
    kind === undefined ? '' : 'AND kind = :kind',
    profileRows === undefined ? '' : 'AND profile_id IN (SELECT value FROM json_each(:profiles))',
    platforms === undefined ? '' : 'AND platform IN (SELECT value FROM json_each(:platforms))',
  ].join(' ');
}

/** The parameters of `filterClauses`. */
export function filterParams(profileRows: number[] | undefined, platforms: string[] | undefined, kind: InboxItemKind | undefined) {
  return { ...(kind === undefined ? {} : { kind: kindCode(kind) }), ...lists(profileRows, platforms) };
}

export function lists(profileRows: number[] | undefined, platforms: string[] | undefined): Record<string, string> {
  return {
    ...(profileRows === undefined ? {} : { profiles: JSON.stringify(profileRows) }),
    ...(platforms === undefined ? {} : { platforms: JSON.stringify(platforms) }),
  };
}

/**
 * A walk down the table's own row ids (time order), each row checked against the filter: one
 * cursor instead of one per partition. A partition's arm costs about as much as reading a few
 * hundred table rows (issue 30, fifth round: 30 arms 0.45 ms of CPU; 3,000 rows read by row id
 * 0.19 ms), so where the view's rows are dense enough that a page is found within ROWS_PER_ARM
 * rows per arm, this is the cheaper walk, and within one second it always is.
 */
const ROWS_PER_ARM = 100;

export function rowIdWalk(
  statements: Statements,
  view: 'all' | 'needsReply' | 'done' | 'hidden',
  unreadOnly: boolean,
  now: number,
  profileRows: number[] | undefined,
  platforms: string[] | undefined,
  kind: InboxItemKind | undefined,
): IdSource {
  const condition = viewCondition(view);
  return idsWhere(statements, `inbox NOT INDEXED`, condition, condition.includes(':now') ? { now } : {}, unreadOnly, profileRows, platforms, kind);
}

/**
 * The ids of the inbox rows under `condition` and the filter in [lo, hi), newest first, one
 * statement per call: the row-id walk's (`inbox NOT INDEXED`) and the assigned view's (`inbox`).
 */
export function idsWhere(
  statements: Statements,
  table: 'inbox' | 'inbox NOT INDEXED',
  condition: string,
  conditionParams: Record<string, number | string>,
  unreadOnly: boolean,
  profileRows: number[] | undefined,
  platforms: string[] | undefined,
  kind: InboxItemKind | undefined,
): IdSource {
  const sql = `SELECT id FROM ${table} WHERE ${condition} ${filterClauses(unreadOnly, profileRows, platforms, kind)}
      AND id >= :lo AND id < :hi ORDER BY id DESC LIMIT :limit`;
  const params = { ...conditionParams, ...filterParams(profileRows, platforms, kind) };
  return (lo, hi, limit) => (statements.get(sql).all({ ...params, lo, hi, limit }) as { id: number }[]).map((row) => row.id);
}

/**
 * Whether the row-id walk is the cheaper for a read of `limit` ids from the newest down: the
 * view's share of the table from the counters ingest and the triggers keep (inbox_counts), at its
 * lowest (with "unread only", the rows both unread and in the view can be as few as the two counts
 * allow), against the arms it spares. Rows spread unevenly in time read more than the estimate;
 * the walk stays bounded by the table.
 */
export function rowIdWalkPays(
  statements: Statements,
  view: 'all' | 'needsReply' | 'done' | 'hidden',
  unreadOnly: boolean,
  partitions: Partition[],
  arms: number,
  limit: number,
): boolean {
  const counts = statements.get('SELECT profile_id, platform, kind, all_rows, unread, open, done, hidden FROM inbox_counts').all() as {
    profile_id: number;
    platform: string;
    kind: number;
    all_rows: number;
    unread: number;
    open: number;
    done: number;
    hidden: number;
  }[];
  const allowed = new Set(partitions.map((p) => `${p.profileRowId}\u0000${p.platform}\u0000${kindCode(p.kind)}`));
  let table = 0;
  let matching = 0;
  for (const row of counts) {
    table += row.all_rows;
    if (!allowed.has(`${row.profile_id}\u0000${row.platform}\u0000${row.kind}`)) continue;
    const inView = view === 'all' ? row.all_rows : view === 'needsReply' ? row.open : row[view];
    matching += unreadOnly ? Math.max(0, inView + row.unread - row.all_rows) : inView;
  }
  return matching > 0 && (limit * table) / matching <= ROWS_PER_ARM * arms;
}
