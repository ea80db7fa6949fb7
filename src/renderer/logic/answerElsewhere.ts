// Comments that cannot be answered from the app: the service replies to a comment read from the
// network only on facebook, instagram, linkedin, tiktok and X (service-api.md, "reply to a
// comment"; docs/decisions/0015). On Threads, YouTube and Bluesky the person answers on the network
// itself: the row says so, the pane links there instead of a composer that could never send, and
// `r` says why. Pure.
import type { InboxRow } from '../../shared/domain/inbox.ts';
import { REPLY_BY_SOCIAL_ID_NETWORKS } from '../../shared/networks.ts';
import { NETWORK_LABELS } from './networkLabels.ts';
import { kindView } from '../kinds/kindViews.ts';

export interface AnswerElsewhere {
  /** The network's name: "Threads". */
  network: string;
  /** The row's badge and the link's words: "Answer on Threads". */
  label: string;
  /** Why, in the pane. */
  why: string;
  /** What `r` says. */
  toast: string;
}

/** Where a comment must be answered instead, or null when the app can send the reply (or it is a conversation). */
export function answerElsewhere(row: Pick<InboxRow, 'platform' | 'kind'>): AnswerElsewhere | null {
  // Only an item under a post (a comment) is answered through the post's network.
  if (!kindView(row.kind).onAPost || (REPLY_BY_SOCIAL_ID_NETWORKS as readonly string[]).includes(row.platform)) return null;
  const network = NETWORK_LABELS[row.platform];
  return {
    network,
    label: `Answer on ${network}`,
    why: `The service can’t post replies to comments read from ${network}, so this one is answered on ${network} itself. Mark it done (e) once you have.`,
    toast: `${network} comments can’t be answered from the app: answer on ${network} (the link is in the comment’s pane), then mark it done with e.`,
  };
}
