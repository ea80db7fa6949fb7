// The client report's read of a period's comments, as columns of numbers: what reportItems.ts reads
// (the same rows, the same rule of "below it in its thread"), without an object or a key string per
// comment. For a month of 100,000 comments most of the time of the per-item read was SQLite handing
// strings (network, social ids, post id) to JavaScript; here each row is four numbers, and only the
// account's replies bring their social id and their parent's (the report matches them against the
// outbox's confirmed deliveries). Comments per post are counted by SQLite (commentsPerPost).
//
// The rows come from the covering index `comments_report` (migration 8): profile, then row id, so
// the period is one range of it and no table row (with its raw JSON) is read. Each row's parent is
// its parent's row id, kept at ingest (migration 16: a look-up of the parent's key per reply was
// half the read), the same row reportItems.ts finds by key; its place among the rows by binary search.
//
// A row id's high bits are its created second (commentIds.ts) and a comment's created time never
// changes after ingest, so the id range decides the period except in its first and last second,
// where the created milliseconds decide (the same rule as reportItems.ts).
import { COMMENT_NETWORKS, type CommentNetwork, type Network } from '../../../shared/networks.ts';
import { endIdOf, firstIdOf, secondOf, secondOfId } from './commentIds.ts';
import { StoreInputError } from './errors.ts';
import { keyOf, parseKey } from './keys.ts';
import type { ProfileTable } from './profiles.ts';
import { REPORT_NETWORK_LIST, reportPackedExpression } from './reportIndex.ts';
import type { Statements } from './statements.ts';
import type { ReportCommentRows, ReportPeriod } from './types.ts';
import { indexInSorted } from '../../../shared/sortedIndex.ts';

/** A network this app does not know (none is stored: ingest checks them). */
export const UNKNOWN_NETWORK = 255;

/** The network's code in the packed integer (its place in REPORT_NETWORK_LIST's text, plus one) to its place in COMMENT_NETWORKS: a table, read per row. */
const NETWORK_AT = new Uint8Array(REPORT_NETWORK_LIST.length + 2).fill(UNKNOWN_NETWORK);
for (const network of REPORT_NETWORK_LIST.split(','))
  NETWORK_AT[REPORT_NETWORK_LIST.indexOf(network) + 1] = COMMENT_NETWORKS.indexOf(network as CommentNetwork);

/**
 * [id, parent's row id, created ms within its second | by account << 10 | hidden << 11 | network's place << 12,
 *  a reply's social id, a reply's parent's key]. Small integers cost JavaScript nothing to hold; the
 * created time is the id's second (commentIds.ts: ingest makes both from the same instant, and
 * neither ever changes) plus the milliseconds of the stored ISO text (always toISOString's form).
 */
type Row = [number, number | null, number, string | null, string | null];

export const REPORT_ROWS_SQL = `SELECT c.id,
    CASE WHEN c.parent_id >= :first THEN c.parent_id END,
    ${reportPackedExpression('c')},
    CASE WHEN c.by_account = 1 THEN c.social_comment_id END,
    CASE WHEN c.by_account = 1 THEN c.platform || ':' || c.parent_social_comment_id END
  FROM comments c INDEXED BY comments_report
  WHERE c.profile_id = :profile AND c.id >= :first AND (c.id < :end OR c.parent_social_comment_id IS NOT NULL) ORDER BY c.id`;

const ROW_IDS_SQL = `SELECT j.key AS position, c.id FROM json_each(:refs) j
  JOIN comments c ON c.platform = j.value ->> 0 AND c.social_comment_id = j.value ->> 1`;

const KEYS_SQL = `SELECT j.key AS position, c.platform, c.social_comment_id AS social FROM json_each(:ids) j JOIN comments c ON c.id = j.value`;

/**
 * Comments by others on each post in [first, end) ids: the seconds wholly inside the period
 * ([innerFirst, innerEnd)) counted by their ids alone, from the index only; the created
 * milliseconds read (from the table row) only in the two edge seconds. One count with an OR of
 * both read the table row of every comment (the index does not hold `created`).
 */
const POST_COUNT = `SELECT count(*) FROM comments c INDEXED BY comments_by_post
    WHERE c.profile_id = :profile AND c.platform = j.value ->> 0 AND c.social_post_id = j.value ->> 1 AND c.by_account = 0`;
const IN_PERIOD_MS = `CAST(round(unixepoch(c.created, 'subsec') * 1000) AS INTEGER) >= :start
      AND CAST(round(unixepoch(c.created, 'subsec') * 1000) AS INTEGER) < :endMs`;
const PER_POST_SQL = `SELECT j.key AS position,
    (${POST_COUNT} AND c.id >= :innerFirst AND c.id < :innerEnd)
    + (${POST_COUNT} AND c.id >= :first AND c.id < :innerFirst AND ${IN_PERIOD_MS})
    + (${POST_COUNT} AND c.id >= :innerEnd AND c.id < :end AND ${IN_PERIOD_MS}) AS n
  FROM json_each(:refs) j`;

function checkPeriod({ start, end }: ReportPeriod): void {
  if (!Number.isFinite(start) || !Number.isFinite(end) || end <= start) throw new StoreInputError('A report period must end after it starts');
}

export class ReportCommentRowsQuery {
  readonly #statements: Statements;
  readonly #profiles: ProfileTable;

  constructor(statements: Statements, profiles: ProfileTable) {
    this.#statements = statements;
    this.#profiles = profiles;
  }

  rows(profileId: string, period: ReportPeriod): ReportCommentRows | null {
    checkPeriod(period);
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined) return null;
    const { start, end } = period;
    const statement = this.#statements.get(REPORT_ROWS_SQL);
    statement.setReturnArrays(true);
    const endId = endIdOf(secondOf(end));
    const first = firstIdOf(Math.max(0, secondOf(start)));
    const rows = statement.all({ first, profile: profile.rowId, end: endId }) as unknown as Row[];

    const count = rows.length;
    const ids = new Float64Array(count);
    const createdAt = new Float64Array(count);
    const networks = new Uint8Array(count);
    const items = new Uint8Array(count);
    const hidden = new Uint8Array(count);
    const parentIds = new Float64Array(count);
    const replyRows: number[] = [];
    const replySocialIds: string[] = [];
    const replyParentKeys: string[] = [];
    for (let index = 0; index < count; index++) {
      const [id, parentId, packed, social, parentKey] = rows[index] as Row;
      const created = secondOfId(id) * 1000 + (packed & 1023);
      ids[index] = id;
      parentIds[index] = parentId ?? -1;
      createdAt[index] = created;
      networks[index] = NETWORK_AT[packed >> 12] ?? UNKNOWN_NETWORK;
      hidden[index] = (packed >> 11) & 1;
      if ((packed & 1024) !== 0) {
        if (social !== null && parentKey !== null) {
          replyRows.push(index);
          replySocialIds.push(social);
          replyParentKeys.push(parentKey);
        }
      } else if (id < endId && created >= start && created < end) {
        items[index] = 1;
      }
    }
    const parents = new Int32Array(count);
    for (let index = 0; index < count; index++) {
      const parentId = parentIds[index] ?? -1;
      parents[index] = parentId < 0 ? -1 : indexInSorted(ids, parentId, count);
    }
    return { count, ids, parents, createdAt, networks, items, hidden, replyRows: Int32Array.from(replyRows), replySocialIds, replyParentKeys };
  }

  rowIds(keys: readonly string[]): (number | null)[] {
    const found: (number | null)[] = keys.map(() => null);
    const refs = keys.map((key) => {
      const ref = parseKey(key);
      return ref === null ? null : [ref.platform, ref.socialId];
    });
    if (refs.every((ref) => ref === null)) return found;
    const rows = this.#statements.get(ROW_IDS_SQL).all({ refs: JSON.stringify(refs) }) as { position: number; id: number }[];
    for (const { position, id } of rows) found[position] = id;
    return found;
  }

  /** The keys of these rows (null: no such row), in their order: the few items the report names. */
  keysOf(rowIds: readonly number[]): (string | null)[] {
    const keys: (string | null)[] = rowIds.map(() => null);
    if (rowIds.length === 0) return keys;
    const rows = this.#statements.get(KEYS_SQL).all({ ids: JSON.stringify(rowIds) }) as { position: number; platform: Network; social: string }[];
    for (const { position, platform, social } of rows) keys[position] = keyOf(platform, social);
    return keys;
  }

  commentsPerPost(profileId: string, period: ReportPeriod, postKeys: readonly string[]): Map<string, number> {
    checkPeriod(period);
    const counts = new Map<string, number>();
    const profile = this.#profiles.byProfileId(profileId);
    if (profile === undefined || postKeys.length === 0) return counts;
    const refs = postKeys.map((key) => {
      const ref = parseKey(key);
      return ref === null ? null : [ref.platform, ref.socialId];
    });
    const startSecond = secondOf(period.start);
    const endSecond = secondOf(period.end);
    const rows = this.#statements.get(PER_POST_SQL).all({
      refs: JSON.stringify(refs),
      profile: profile.rowId,
      first: firstIdOf(Math.max(0, startSecond)),
      end: endIdOf(endSecond),
      // Seconds wholly inside the period: their ids alone say so. The three ranges part [first, end)
      // (a period within one second has no inner one).
      innerFirst: endIdOf(startSecond),
      innerEnd: Math.max(firstIdOf(endSecond), endIdOf(startSecond)),
      start: period.start,
      endMs: period.end,
    }) as { position: number; n: number }[];
    for (const { position, n } of rows) {
      const key = postKeys[position];
      if (key !== undefined && n > 0 && refs[position] !== null) counts.set(key, n);
    }
    return counts;
  }
}
