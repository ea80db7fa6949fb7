// "Assigned to me" (issue 22, team inbox): the items assigned to this member that still ask for
// work: not done, and not snoozed (a snooze that ran out counts again, as in Needs reply). Hidden
// and answered items stay in it: an assignment is a task until someone marks it done (a reply the
// team sends closes the item through the fold, so it leaves by itself). Docs: decision 0062.
//
// The assignee lives in `item_state` (keyed by the item's key), not in the `inbox` projection, so
// the view finds the assigned keys first (few: a scan of item_state by its assignee column) and
// maps them to inbox ids through each kind's own unique key, one arm per kind below.
import type { InboxItemKind } from './types.ts';

/** The part of `s.key` before its first ':' and the rest, after `skip` characters of prefix. */
function keyParts(skip: number): { platform: string; id: string } {
  const rest = skip === 0 ? 's.key' : `substr(s.key, ${String(skip + 1)})`;
  return { platform: `substr(${rest}, 1, instr(${rest}, ':') - 1)`, id: `substr(${rest}, instr(${rest}, ':') + 1)` };
}

const comment = keyParts(0); // `<network>:<comment id>`
const conversation = keyParts('dm:'.length); // `dm:<network>:<conversation id>`
const review = keyParts('review:'.length); // `review:<gmb|facebook>:<review id>` (decision 0082)

/**
 * Each kind's inbox ids of the `item_state` rows `s` that are its own: a record over the kinds, so
 * a new kind does not compile without its arm. A key of another kind never joins: a conversation's
 * or a review's first part ("dm", "review") is not a network, so no comment has it.
 */
const ASSIGNED_IDS_BY_KIND: Readonly<Record<InboxItemKind, string>> = {
  comment: `SELECT c.id FROM item_state s JOIN comments c ON c.platform = ${comment.platform} AND c.social_comment_id = ${comment.id}
    WHERE s.assignee = :me`,
  conversation: `SELECT cv.inbox_id FROM item_state s JOIN conversations cv ON cv.platform = ${conversation.platform} AND cv.conversation_id = ${conversation.id}
    WHERE s.assignee = :me AND s.key LIKE 'dm:%'`,
  // A review's inbox id is its row id.
  review: `SELECT r.id FROM item_state s JOIN reviews r ON r.platform = ${review.platform} AND r.review_id = ${review.id}
    WHERE s.assignee = :me AND s.key LIKE 'review:%'`,
};

/** The view's condition on the `inbox` table; parameters `:me` (the member) and `:now`. */
export const ASSIGNED_TO_ME_CONDITION = `inbox.id IN (${Object.values(ASSIGNED_IDS_BY_KIND).join(' UNION ALL ')}) AND inbox.done = 0 AND (inbox.snoozed_until IS NULL OR inbox.snoozed_until <= :now)`;
