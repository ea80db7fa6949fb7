// The comment kind's pane: the post it is on (text, network, link, comments on/off where the network
// has that switch), its parents, the comment, its replies (the account's marked), the replies on
// their way, what deleting allows, and the composer.
import type { InboxRow } from '../../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import type { PostView } from '../../../shared/domain/posts.ts';
import { answerElsewhere } from '../../logic/answerElsewhere.ts';
import { shownInLists, stateLabel } from '../../logic/outboxLabels.ts';
import { deliveredReplies } from '../../logic/sentReplies.ts';
import { commentsToggleSupported, NETWORK_LABELS } from '../../logic/composerRules.ts';
import { exactTime, relativeTime } from '../../logic/relativeTime.ts';
import { useOutboxStore } from '../../stores/outboxStore.ts';
import { usePostsStore } from '../../stores/postsStore.ts';
import { openItemOf, useThreadStore } from '../../stores/threadStore.ts';
import { CommentsSwitch } from '../CommentsSwitch.tsx';
import { Composer } from '../Composer.tsx';
import { ItemTeam } from '../team/ItemTeam.tsx';
import { AnswerElsewhere } from './AnswerElsewhere.tsx';
import { CommentDelete } from './CommentDelete.tsx';
import { ThreadHead } from '../ThreadHead.tsx';
import { useNow } from '../hooks.ts';
import { NetworkIcon } from '../NetworkIcon.tsx';
import { OutboxCard, SentUncheckedNote } from '../OutboxCard.tsx';

/** `delivery`: this reply is one the app sent (sentReplies.ts): its state is said beside it, and its outbox card is not shown. */
function Comment({ row, kind, now, delivery }: { row: InboxRow; kind: 'ancestor' | 'main' | 'reply'; now: number; delivery?: OutboxItemView | undefined }) {
  const created = Date.parse(row.created);
  const body = (
    <>
      <div className="comment-head">
        <span className="comment-author">{row.authorName}</span>
        {row.byAccount && <span className="badge badge-own">{delivery ? 'Your reply' : 'Your account'}</span>}
        {delivery && (
          <span className={`badge badge-${delivery.state}`} title={`Sent from the app ${exactTime(delivery.updated)}`}>
            {stateLabel(delivery)}
          </span>
        )}
        {row.hidden && <span className="badge badge-hidden">Hidden</span>}
        <span className="comment-time" title={exactTime(created)}>
          {relativeTime(created, now)}
        </span>
      </div>
      <p className="comment-text">{row.text}</p>
      {row.likeCount > 0 && (
        <span className="comment-likes">
          {row.likeCount} {row.likeCount === 1 ? 'like' : 'likes'}
        </span>
      )}
    </>
  );
  return (
    <li className={`comment comment-${kind}${row.byAccount ? ' is-own' : ''}`}>
      {delivery ? (
        <article className="comment-delivered" aria-label={`Your reply: ${stateLabel(delivery)}`}>
          {body}
          <SentUncheckedNote item={delivery} />
        </article>
      ) : (
        body
      )}
    </li>
  );
}

function PostCard({ post, now }: { post: PostView; now: number }) {
  const setPost = useThreadStore((state) => state.setPost);
  const showPostMetrics = usePostsStore((state) => state.showPost);
  const created = Date.parse(post.created);
  const canToggle = commentsToggleSupported(post.platform);
  return (
    <section className="post-card" aria-label="The post">
      <div className="post-head">
        <NetworkIcon network={post.platform} size={18} label />
        <span className="post-meta" title={exactTime(created)}>
          Post · {relativeTime(created, now)}
        </span>
        <button type="button" className="link-button post-metrics-link" onClick={() => void showPostMetrics(post)}>
          Metrics
        </button>
        {post.url && (
          <a className="post-link" href={post.url} target="_blank" rel="noreferrer noopener">
            Open on {NETWORK_LABELS[post.platform]}
          </a>
        )}
      </div>
      <p className="post-text">{post.text}</p>
      <div className="post-foot">
        {canToggle ? (
          <CommentsSwitch post={post} onChanged={setPost} />
        ) : (
          <span className="muted">{post.disableComments ? 'Comments are off. ' : ''}Comments can be switched off on Instagram, LinkedIn and TikTok only.</span>
        )}
      </div>
    </section>
  );
}

/** The comment kind's pane (components/kindPanes.tsx). */
export function CommentPane({ openKey }: { openKey: string }) {
  const thread = useThreadStore((state) => openItemOf(state.item, 'comment'));
  const loading = useThreadStore((state) => state.loading);
  const error = useThreadStore((state) => state.error);
  const outboxItems = useOutboxStore((state) => state.items);
  const now = useNow(30_000);

  const comment = thread?.comment;
  const answering = Object.values(outboxItems)
    .filter((item) => item.answers === openKey && shownInLists(item))
    .sort((a, b) => a.created - b.created);
  const delivered = deliveredReplies(thread?.replies ?? [], answering);
  const shown = new Set(delivered.values());
  const mine = answering.filter((item) => !shown.has(item));
  const elsewhere = thread ? answerElsewhere(thread.comment) : null;

  return (
    <aside className="thread" aria-label="Conversation">
      <ThreadHead item={comment ?? null} />
      <div className="thread-body">
        {error && <p className="error-text">{error}</p>}
        {!thread && loading && <p className="muted">Loading the conversation…</p>}
        {thread && (
          <>
            {thread.post ? <PostCard post={thread.post} now={now} /> : <p className="muted">The post is not in the inbox yet.</p>}
            <ol className="comments" aria-label="Comments">
              {thread.ancestors.map((row) => (
                <Comment key={row.key} row={row} kind="ancestor" now={now} />
              ))}
              <Comment row={thread.comment} kind="main" now={now} />
              {thread.replies.map((row) => (
                <Comment key={row.key} row={row} kind="reply" now={now} delivery={delivered.get(row.key)} />
              ))}
            </ol>
            {mine.length > 0 && (
              <div className="thread-outbox">
                {mine.map((item) => (
                  <OutboxCard key={item.id} item={item} />
                ))}
              </div>
            )}
            <CommentDelete row={thread.comment} />
            <ItemTeam itemKey={thread.comment.key} />
          </>
        )}
      </div>
      {thread?.comment.key === openKey &&
        (elsewhere ? <AnswerElsewhere where={elsewhere} url={thread.post?.url ?? null} /> : <Composer row={thread.comment} />)}
    </aside>
  );
}
