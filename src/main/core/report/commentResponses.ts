// The period's comments (the store's columns, reportCommentRows.ts) turned into the report's items,
// each with its first response picked by the rule of firstResponses.ts, unchanged: of the account's
// replies anywhere below the comment, the earliest; a reply the app sent is timed by the outbox's
// confirmed delivery, any other by its own time as the sync saw it; a reply the outbox confirmed
// that the sync has not seen yet counts for the comment it answers. firstResponses.ts does the same
// per item (objects and key strings); this is the report's own path, by row numbers.
//
// The outbox's "answers this comment" needs the comment's row. Each of the account's replies in
// the store names its parent's key, so a comment with a reply right under it (most answered ones)
// is found without a look-up; the rest (a reply the sync has not read yet, say) are looked up by
// key, in one statement.
import { COMMENT_NETWORKS } from '../../../shared/networks.ts';
import { isConversationKey } from '../store/keys.ts';
import type { ReportCommentRows } from '../store/types.ts';
import type { ConfirmedReply } from './firstResponses.ts';
import { HIDDEN, NO_RESPONSE, OPEN, type ReceivedColumns, sourceCode } from './receivedColumns.ts';
import { indexInSorted } from '../../../shared/sortedIndex.ts';

const OUTBOX = sourceCode('outbox-confirmed');
const SYNC = sourceCode('seen-by-sync');
/** The store's network codes are bytes (their place in COMMENT_NETWORKS). */
const NETWORK_CODES = 256;

/** The outbox's confirmed replies as firstResponses.ts reads them: by network and social id (the last listed wins), and the earliest per key answered. */
function outboxTimes(confirmed: readonly ConfirmedReply[]): { byReply: Map<string, Map<string, number>>; byAnswered: Map<string, number> } {
  const byReply = new Map<string, Map<string, number>>();
  const byAnswered = new Map<string, number>();
  for (const reply of confirmed) {
    if (!Number.isFinite(reply.at) || isConversationKey(reply.answers)) continue;
    if (reply.socialCommentId !== null) {
      let sent = byReply.get(reply.platform);
      if (sent === undefined) byReply.set(reply.platform, (sent = new Map<string, number>()));
      sent.set(reply.socialCommentId, reply.at);
    }
    const before = byAnswered.get(reply.answers);
    if (before === undefined || reply.at < before) byAnswered.set(reply.answers, reply.at);
  }
  return { byReply, byAnswered };
}

/** Adds the rows' items (comments by others in the period) to `columns`, oldest first. */
export function addCommentItems(
  columns: ReceivedColumns,
  rows: ReportCommentRows,
  confirmed: readonly ConfirmedReply[],
  rowIdsOf: (keys: readonly string[]) => (number | null)[],
): void {
  const { count, ids, parents, createdAt, networks, items, hidden, replyRows, replySocialIds, replyParentKeys } = rows;
  const { byReply, byAnswered } = outboxTimes(confirmed);
  const bestAt = new Float64Array(count).fill(Infinity);
  const bestSource = new Uint8Array(count);
  // The same choice as firstResponses.ts's earlier(): the earliest; at the same instant, the outbox's.
  const offer = (index: number, at: number, source: number) => {
    const best = bestAt[index] ?? Infinity;
    if (at < best || (bestSource[index] === NO_RESPONSE && at === best)) {
      bestAt[index] = at;
      bestSource[index] = source;
    } else if (at === best && source === OUTBOX) bestSource[index] = OUTBOX;
  };

  // Each reply climbs its ancestors among the rows; each node once per reply, so a cycle of bad
  // parent links ends. A reply also names its parent's key: the row of a key the outbox answered,
  // which takes the key's earliest confirmed time.
  const climbedBy = new Int32Array(count).fill(-1);
  const sentOn = COMMENT_NETWORKS.map((network) => byReply.get(network));
  for (let n = 0; n < replyRows.length; n++) {
    const row = replyRows[n] ?? 0;
    const sent = sentOn[networks[row] ?? NETWORK_CODES]?.get(replySocialIds[n] ?? '');
    const at = sent ?? createdAt[row] ?? Number.NaN;
    const source = sent === undefined ? SYNC : OUTBOX;
    const parent = parents[row] ?? -1;
    // The parent's key names the parent's row, or (-1) a row the read does not hold: no item either way.
    // A key is resolved by the first reply under it: taken out of `byAnswered`, so the replies after
    // it find nothing and what is left there is what no reply sits under (one look-up per reply).
    const parentKey = replyParentKeys[n] ?? '';
    const answered = byAnswered.get(parentKey);
    if (answered !== undefined) {
      byAnswered.delete(parentKey);
      if (parent >= 0 && items[parent] === 1) offer(parent, answered, OUTBOX);
    }
    for (let index = parent; index >= 0 && climbedBy[index] !== n; index = parents[index] ?? -1) {
      climbedBy[index] = n;
      if (items[index] === 1) offer(index, at, source);
    }
  }

  // The keys the outbox answered that none of the account's replies in the read sits right under: looked up by key.
  const lookUp: [string, number][] = [...byAnswered];
  const found = lookUp.length === 0 ? [] : rowIdsOf(lookUp.map(([key]) => key));
  lookUp.forEach(([, at], n) => {
    const rowId = found[n];
    const index = rowId === null || rowId === undefined ? -1 : indexInSorted(ids, rowId, count);
    if (index >= 0 && items[index] === 1) offer(index, at, OUTBOX);
  });

  const channelOf = new Int16Array(NETWORK_CODES).fill(-1);
  for (let index = 0; index < count; index++) {
    if (items[index] !== 1) continue;
    const code = networks[index] ?? 0;
    let channel = channelOf[code] ?? -1;
    if (channel < 0) channelOf[code] = channel = columns.channelOf(COMMENT_NETWORKS[code] ?? 'bluesky', 'comment');
    const source = bestSource[index] ?? NO_RESPONSE;
    columns.add(
      channel,
      createdAt[index] ?? Number.NaN,
      hidden[index] === 1 ? HIDDEN : OPEN,
      source === NO_RESPONSE ? Number.NaN : (bestAt[index] ?? Number.NaN),
      source,
      null,
      ids[index] ?? -1,
    );
  }
}
