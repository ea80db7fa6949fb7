// "Assigned to me" (issue 22, team inbox): the items assigned to this member that still ask for
// work: not done, and not snoozed (a snooze that ran out counts again, as in Needs reply). Hidden
// and answered items stay in it: an assignment is a task until someone marks it done (a reply the
// team sends closes the item through the fold, so it leaves by itself). Docs: decision 0062.
//
// The assignee lives in `item_state` (keyed by the item's key), not in the `inbox` projection, so
// the view finds the assigned keys first (few: a scan of item_state by its assignee column) and
// maps them to inbox ids through the comments', conversations' and reviews' unique keys.

const COMMENT_PLATFORM = "substr(s.key, 1, instr(s.key, ':') - 1)";
const COMMENT_ID = "substr(s.key, instr(s.key, ':') + 1)";
const REST = 'substr(s.key, 4)';
const CONVERSATION_PLATFORM = `substr(${REST}, 1, instr(${REST}, ':') - 1)`;
const CONVERSATION_ID = `substr(${REST}, instr(${REST}, ':') + 1)`;
// `review:<gmb|facebook>:<review id>` (decision 0082): the part after `review:`.
const REVIEW_REST = 'substr(s.key, 8)';
const REVIEW_PLATFORM = `substr(${REVIEW_REST}, 1, instr(${REVIEW_REST}, ':') - 1)`;
const REVIEW_ID = `substr(${REVIEW_REST}, instr(${REVIEW_REST}, ':') + 1)`;

/** Inbox ids of the items assigned to `:me`: comments, conversations and reviews (a review's inbox id is its row id). */
const ASSIGNED_IDS = `
  SELECT c.id FROM item_state s JOIN comments c ON c.platform = ${COMMENT_PLATFORM} AND c.social_comment_id = ${COMMENT_ID}
    WHERE s.assignee = :me AND s.key NOT LIKE 'dm:%' AND s.key NOT LIKE 'review:%'
  UNION ALL
  SELECT cv.inbox_id FROM item_state s JOIN conversations cv ON cv.platform = ${CONVERSATION_PLATFORM} AND cv.conversation_id = ${CONVERSATION_ID}
    WHERE s.assignee = :me AND s.key LIKE 'dm:%'
  UNION ALL
  SELECT r.id FROM item_state s JOIN reviews r ON r.platform = ${REVIEW_PLATFORM} AND r.review_id = ${REVIEW_ID}
    WHERE s.assignee = :me AND s.key LIKE 'review:%'`;

/** The view's condition on the `inbox` table; parameters `:me` (the member) and `:now`. */
export const ASSIGNED_TO_ME_CONDITION = `inbox.id IN (${ASSIGNED_IDS}) AND inbox.done = 0 AND (inbox.snoozed_until IS NULL OR inbox.snoozed_until <= :now)`;
