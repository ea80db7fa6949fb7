// The comment kind: a comment by someone else under one of the account's posts, keyed
// `${platform}:${socialCommentId}`, answered by a reply (the outbox's `reply` task). Its row is the
// store's thread read; a sent reply makes its post refresh, so "replied" shows soon.
import { commentMatch } from '../store/searchMatch.ts';
import { COMMENT_KIND, KIND_SEARCH_INDEXES } from '../store/itemKinds.ts';
import { keyOf, parseKey } from '../store/keys.ts';
import { addCommentItems } from '../report/commentResponses.ts';
import { type InboxKindDescriptor, WAITING_TEXT_MAX } from './inboxKind.ts';

export const commentKind: InboxKindDescriptor = {
  name: 'comment',
  code: COMMENT_KIND,
  answeredBy: 'reply',
  words: { one: 'comment', other: 'comments', news: (count, counted) => counted(count, { one: 'new comment', other: 'new comments' }) },
  news: {
    count: 'each',
    firstFetch: 'summary',
    // A comment by the account itself is news to no one.
    isNews: (store, key) => store.thread(key)?.comment.byAccount !== true,
  },
  searchIndex: KIND_SEARCH_INDEXES.comment,
  owns: (key) => parseKey(key) !== null,
  parse: (key) => {
    const ref = parseKey(key);
    return ref === null ? null : { platform: ref.platform, id: ref.socialId };
  },
  row: (store, key) => store.thread(key)?.comment,
  searchMatch: (_store, row, terms) => commentMatch(row, terms),
  answerSent: (ports, item) => {
    const comment = ports.store.thread(item.answers)?.comment;
    if (comment) ports.refreshPost(keyOf(comment.platform, comment.socialPostId));
  },
  report: {
    addItems: (columns, store, profileId, period, confirmed) => {
      const rows = store.reportCommentRows(profileId, period);
      if (rows !== null) addCommentItems(columns, rows, confirmed, (keys) => store.reportCommentRowIds(keys));
    },
    waitingWords: (store, _profileId, id) => {
      const comment = store.thread(id)?.comment;
      return comment === undefined ? {} : { author: comment.authorName, text: comment.text.slice(0, WAITING_TEXT_MAX) };
    },
  },
};
