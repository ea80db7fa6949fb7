// The open review (issue 31): who wrote it, its stars (or Facebook's recommendation), its words
// (or that it is a rating alone), when; the business's reply as the service shows it (Facebook
// keeps each answer); the account's reply still in the outbox in its state; and the reply box,
// which says whose words go public where: "Reply publicly as Bloom Bakery on Google". The reply
// can be removed (the command's button under it, asking first: ReviewReplyRemoval.tsx).
import { useEffect } from 'react';
import type { OutboxItemView } from '../../../shared/domain/outbox.ts';
import type { ReviewView } from '../../../shared/domain/reviewItem.ts';
import { REVIEW_NETWORK_NAMES } from '../../../shared/reviews.ts';
import { exactTime, relativeTime } from '../../logic/relativeTime.ts';
import { shownInLists } from '../../logic/outboxLabels.ts';
import { taskWordsOf } from '../../kinds/kindViews.ts';
import { useOutboxStore } from '../../stores/outboxStore.ts';
import { profileTitle, useProfilesStore } from '../../stores/profilesStore.ts';
import { openItemOf, useThreadStore } from '../../stores/threadStore.ts';
import { Composer } from '../Composer.tsx';
import { useNow } from '../hooks.ts';
import { OutboxCard } from '../OutboxCard.tsx';
import { ThreadHead } from '../ThreadHead.tsx';
import { ItemTeam } from '../team/ItemTeam.tsx';
import { removalUnderway, useReviewReplyRemoval } from '../../stores/reviewReplyRemoval.ts';
import { CommandButton } from '../CommandButton.tsx';
import { ReviewReplyRemoval } from './ReviewReplyRemoval.tsx';
import { ReviewStars } from './ReviewStars.tsx';
import './reviews.css';

function ReviewCard({ review, now }: { review: ReviewView; now: number }) {
  const { row } = review;
  const created = Date.parse(row.created);
  return (
    <section className="review-card" aria-label="The review">
      <p className="review-meta">
        <span className="review-who">{row.authorName}</span>
        {row.review && <ReviewStars review={row.review} />}
        <time className="muted" dateTime={row.created} title={exactTime(created)}>
          {relativeTime(created, now)}
        </time>
      </p>
      {row.text === '' ? <p className="review-text muted">A rating without words.</p> : <p className="review-text">{row.text}</p>}
    </section>
  );
}

function BusinessReplies({ review, client, now }: { review: ReviewView; client: string; now: number }) {
  if (review.answers.length === 0) return null;
  return (
    <>
      {review.answers.map((answer, index) => {
        const at = answer.updated === null ? Number.NaN : Date.parse(answer.updated);
        return (
          <section key={`${index}-${answer.updated ?? ''}`} className="review-reply-card" aria-label={`The reply of ${client}`}>
            <p className="review-meta">
              <span className="review-who">{client}</span>
              <span className="muted">replied</span>
              {Number.isFinite(at) && (
                <time className="muted" dateTime={answer.updated ?? undefined} title={exactTime(at)}>
                  {relativeTime(at, now)}
                </time>
              )}
            </p>
            <p className="review-text">{answer.text}</p>
          </section>
        );
      })}
    </>
  );
}

/**
 * The account's outbox items for this review, oldest first; once a removal of the reply went, the
 * replies written before it are no longer on the review and leave the pane (the removal's card says so).
 */
function ofOurs(items: readonly OutboxItemView[], key: string): OutboxItemView[] {
  const listed = items.filter((item) => item.answers === key && shownInLists(item)).sort((a, b) => a.created - b.created);
  const removed = listed.findLast((item) => item.state === 'sent' && !taskWordsOf(item.kind).carriesText);
  return removed === undefined ? listed : listed.filter((item) => item.created >= removed.created);
}

/** The review kind's pane (components/kindPanes.tsx). */
export function ReviewPane({ openKey }: { openKey: string }) {
  const review = useThreadStore((state) => openItemOf(state.item, 'review'));
  const loading = useThreadStore((state) => state.loading);
  const error = useThreadStore((state) => state.error);
  const outboxItems = useOutboxStore((state) => state.items);
  const profiles = useProfilesStore((state) => state.profiles);
  const now = useNow(30_000);
  const current = review?.row.key === openKey ? review : null;
  const row = current?.row ?? null;
  const client = row ? profileTitle(profiles, row.profileId) : '';
  const network = row?.review ? REVIEW_NETWORK_NAMES[row.review.network] : '';
  const mine = ofOurs(Object.values(outboxItems), openKey);
  const asking = useReviewReplyRemoval((state) => state.asking);
  const keep = useReviewReplyRemoval((state) => state.keep);
  // A question about another review's reply does not follow the person here.
  useEffect(() => {
    if (asking !== null && asking !== openKey) keep();
  }, [asking, openKey, keep]);
  // A removal on its way: its card says so; no second one is offered.
  const removing = removalUnderway(mine, openKey);
  const canRemove = current !== null && current.answers.length > 0 && !removing && asking !== openKey;
  return (
    <aside className="thread review" aria-label="Review">
      <ThreadHead item={row} />
      <div className="thread-body">
        {error && <p className="error-text">{error}</p>}
        {!current && loading && <p className="muted">Loading the review…</p>}
        {current && row && (
          <>
            <ReviewCard review={current} now={now} />
            <BusinessReplies review={current} client={client} now={now} />
            {canRemove && (
              <div className="review-reply-remove">
                <CommandButton command="removeReviewReply" />
              </div>
            )}
            <ReviewReplyRemoval reviewKey={row.key} client={client} network={network} replies={current.answers.length} />
            {mine.length > 0 && (
              <div className="thread-outbox">
                {mine.map((item) => (
                  <OutboxCard key={item.id} item={item} />
                ))}
              </div>
            )}
            <ItemTeam itemKey={row.key} />
          </>
        )}
      </div>
      {row && (
        <p className="review-reply-as">
          {row.replied ? `Reply again publicly as ${client} on ${network}` : `Reply publicly as ${client} on ${network}`}
          {row.review?.network === 'gmb' && row.replied ? ': Google keeps one reply, so yours replaces the one above' : ''}
        </p>
      )}
      {row && <Composer row={row} />}
    </aside>
  );
}
