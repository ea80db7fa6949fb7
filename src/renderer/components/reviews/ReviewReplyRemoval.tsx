// The question before the business's public reply leaves a review (decision 0086): it names the
// client and the network ("Remove Bloom Bakery’s reply from Google?"), says who stops seeing it, and
// has the focus on the safe answer, "Keep the reply". Esc keeps it too. Only "Remove from Google"
// queues the removal (stores/reviewReplyRemoval.ts), which can then be undone like a send.
import { useEffect, useId, useRef } from 'react';
import { useReviewReplyRemoval } from '../../stores/reviewReplyRemoval.ts';
import { useUiStore } from '../../stores/uiStore.ts';

interface Props {
  reviewKey: string;
  client: string;
  network: string;
  /** How many answers of the business show (Facebook keeps each; all of them go). */
  replies: number;
}

export function ReviewReplyRemoval({ reviewKey, client, network, replies }: Props) {
  const asking = useReviewReplyRemoval((state) => state.asking === reviewKey);
  const busy = useReviewReplyRemoval((state) => state.busy);
  const error = useReviewReplyRemoval((state) => state.error);
  const keep = useReviewReplyRemoval((state) => state.keep);
  const remove = useReviewReplyRemoval((state) => state.remove);
  const focusList = useUiStore((state) => state.focusList);
  const safe = useRef<HTMLButtonElement>(null);
  const questionId = useId();
  const whyId = useId();

  // After the frame: the palette that ran the command hands the focus back to the list as it closes.
  useEffect(() => {
    if (!asking) return;
    const frame = requestAnimationFrame(() => safe.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [asking]);

  if (!asking) return null;
  const what = replies > 1 ? `${client}’s ${replies} replies` : `${client}’s reply`;

  function keepIt() {
    keep();
    focusList();
  }

  async function removeIt() {
    if (await remove(reviewKey)) focusList();
  }

  return (
    <section
      className="review-remove-confirm"
      role="alertdialog"
      aria-labelledby={questionId}
      aria-describedby={whyId}
      onKeyDown={(event) => {
        if (event.key !== 'Escape') return;
        event.preventDefault();
        event.stopPropagation();
        keepIt();
      }}
    >
      <p id={questionId} className="review-remove-question">
        Remove {what} from {network}?
      </p>
      <p id={whyId} className="review-remove-why">
        Everyone who reads the review on {network} stops seeing {replies > 1 ? 'them' : 'it'}. You can undo it for a few seconds after.
      </p>
      <div className="review-remove-actions">
        <button ref={safe} type="button" className="button small" disabled={busy} onClick={keepIt}>
          {replies > 1 ? 'Keep the replies' : 'Keep the reply'}
        </button>
        <button type="button" className="button small danger" disabled={busy} onClick={() => void removeIt()}>
          {busy ? 'Removing…' : `Remove from ${network}`}
        </button>
      </div>
      {error && (
        <p className="error-text" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
