// The store's received comments (reportItems.ts, one object each) turned into items, with each
// one's first response picked by the rule of responsiveness.ts (FirstResponse). The report itself
// takes the same rule by columns (commentResponses.ts); this per-item form states it plainly, and
// the tests hold the columns to it. The rule: of the account's replies to the item,
// the earliest; a reply the app sent is timed by the outbox's confirmed delivery, any other by its
// own time as the sync saw it. A reply the app sent that the sync has not seen yet still counts,
// from the outbox alone (it is confirmed live, the store is merely behind).
import type { Network } from '../../../shared/networks.ts';
import type { ReportItemRecord } from '../store/types.ts';
import type { FirstResponse, ReceivedItem } from './responsiveness.ts';

/** A reply the outbox saw confirmed on one network. */
export interface ConfirmedReply {
  /** The comment key it answers: `${platform}:${socialCommentId}`. */
  answers: string;
  platform: Network;
  /** The reply's own social id there; null when the service's answer did not say. */
  socialCommentId: string | null;
  /** Epoch ms the outbox learned it was live. */
  at: number;
}

function earlier(a: FirstResponse | null, b: FirstResponse): FirstResponse {
  if (a === null || b.at < a.at) return b;
  // Same instant: the outbox's time is the verified one.
  if (b.at === a.at && b.source === 'outbox-confirmed') return b;
  return a;
}

export function receivedItems(records: readonly ReportItemRecord[], confirmed: readonly ConfirmedReply[]): ReceivedItem[] {
  // Per network, by the reply's social id: no key string made per reply of a month's items.
  const byReply = new Map<Network, Map<string, number>>();
  const byAnswered = new Map<string, number>();
  for (const reply of confirmed) {
    if (!Number.isFinite(reply.at)) continue;
    if (reply.socialCommentId !== null) {
      let sent = byReply.get(reply.platform);
      if (sent === undefined) byReply.set(reply.platform, (sent = new Map<string, number>()));
      sent.set(reply.socialCommentId, reply.at);
    }
    const before = byAnswered.get(reply.answers);
    if (before === undefined || reply.at < before) byAnswered.set(reply.answers, reply.at);
  }
  return records.map((record) => {
    let first: FirstResponse | null = null;
    const sentOnNetwork = byReply.get(record.platform);
    for (const reply of record.accountReplies) {
      const sent = sentOnNetwork?.get(reply.socialCommentId);
      first = earlier(first, sent === undefined ? { at: reply.at, source: 'seen-by-sync' } : { at: sent, source: 'outbox-confirmed' });
    }
    const sentHere = byAnswered.get(record.key);
    if (sentHere !== undefined) first = earlier(first, { at: sentHere, source: 'outbox-confirmed' });
    return {
      id: record.key,
      kind: 'comment',
      network: record.platform,
      createdAt: record.createdAt,
      hidden: record.hidden,
      // The store drops a comment its network deleted, so none of these is deleted.
      deleted: false,
      firstResponse: first,
    };
  });
}
