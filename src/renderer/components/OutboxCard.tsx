// A reply or a direct message in the outbox, wherever it is shown (thread, chat, Outbox view): to
// whom, where (client, network) and when; its text and its state in words (the one translator's, with
// the service's code behind "Details"); the undo countdown while it waits to go; Edit until it leaves;
// Retry / Try now / Cancel. A cancel asked for while an earlier try may have been posted says that
// it is being checked, and then what came of it. In a team, one held because someone else answered
// first says who and when, quotes what they sent, and offers Send anyway or Discard as equals (issues
// 22, 27): neither is the obvious click. Once their answer will not go (failed for good, discarded)
// it says so and offers Send instead (issue 28). One sent in solo mode while the team server could
// not be asked says that no other device was checked.
import { useId } from 'react';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { itemNetworkName } from '../../shared/reviews.ts';
import { canEdit, checkOutcome, stateDetail, stateLabel, undoSecondsLeft } from '../logic/outboxLabels.ts';
import { kindViewOfAnswer, taskWordsOf } from '../kinds/kindViews.ts';
import { useComposerStore } from '../stores/composerStore.ts';
import { useOutboxStore } from '../stores/outboxStore.ts';
import { profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import { undoSend } from '../stores/undoLast.ts';
import { useNow } from './hooks.ts';
import { fmt } from '../logic/format.ts';
import { heldLine, quotedCaption, winnerGaveUp } from '../logic/heldWords.ts';
import { usePresenceStore } from '../stores/presenceStore.ts';

/** The solo mode's warning, on a reply or message that went out without the team server's check. */
export function SentUncheckedNote({ item }: { item: OutboxItemView }) {
  if (item.sentUnchecked !== true || item.state !== 'sent') return null;
  return <p className="outbox-detail is-warning">Sent without checking your other devices: the team server could not be reached.</p>;
}

/** When, in the formatter's words: sent at, or written at. */
function whenOf(item: OutboxItemView, now: number): string {
  const sentAt = Object.values(item.results).find((result) => result?.state === 'sent')?.at;
  return sentAt === undefined ? `written ${fmt.chatTime(item.created, now)}` : `sent ${fmt.chatTime(sentAt, now)}`;
}

/**
 * `onOpen`: the Outbox view's way to the comment or conversation, inside the card. `showWhere`: the
 * client and network (the Outbox view lists every client's; a thread is already about one).
 */
export function OutboxCard({ item, onOpen, showWhere = false }: { item: OutboxItemView; onOpen?: () => void; showWhere?: boolean }) {
  const now = useNow(500);
  const profiles = useProfilesStore((state) => state.profiles);
  const reasonId = useId();
  const act = useOutboxStore((state) => state.act);
  const updateDraft = useComposerStore((state) => state.update);
  const focusComposer = useUiStore((state) => state.focusComposer);
  const me = usePresenceStore((state) => state.me);
  // Held for the person's choice: another member (or this one on another device) answered first.
  const held = item.state === 'failed' && item.heldBy ? item.heldBy : null;
  const offered = held !== null && winnerGaveUp(held);
  const noun = kindViewOfAnswer(item.kind).words.answerSubject;
  const label = stateLabel(item);
  const detail = held ? null : stateDetail(item, now);
  const outcome = checkOutcome(item);
  const undoLeft = undoSecondsLeft(item, now);
  const answered = kindViewOfAnswer(item.kind);
  const task = taskWordsOf(item.kind);
  const what = item.state === 'sent' ? (task.whatDone ?? task.what) : task.what;
  const who = item.person ? `${what} to ${item.person}` : what;
  const client = showWhere && item.profileId ? profileTitle(profiles, item.profileId) : null;
  const networks = item.platforms.map((platform) => itemNetworkName(platform)).join(', ');
  const where = [client, showWhere ? networks : null, whenOf(item, now)].filter((part) => part !== null && part !== '').join(' · ');
  const checking = item.checking === true && item.cancelRequested === true && item.state !== 'sent' && item.state !== 'cancelled';
  const pending = item.state === 'queued' || item.state === 'waiting';

  function edit() {
    updateDraft(item.answers, { text: item.text, editing: item.id });
    onOpen?.();
    focusComposer();
  }

  return (
    <article className={`outbox-card state-${held ? 'held' : item.state}`} aria-label={`${who}: ${outcome ?? (checking ? 'Checking' : label)}`}>
      <header className="outbox-head">
        <span className="outbox-who">{who}</span>
        <span className={`badge badge-${checking || held ? 'waiting' : item.state}`}>{checking ? 'Checking' : label}</span>
      </header>
      <p className="outbox-where">{where}</p>
      {task.carriesText && <p className="outbox-text">{item.text}</p>}
      {outcome !== null && (
        <p className="outbox-detail" role="status">
          {outcome}
        </p>
      )}
      {checking && (
        <p className="outbox-detail" role="status" id={reasonId}>
          Checking whether it was posted… It is cancelled if it was not.
        </p>
      )}
      {held && (
        <p className="outbox-detail" role="status">
          {heldLine(held, me, now, noun)}
        </p>
      )}
      {held?.answer && (
        <figure className="outbox-quote">
          <figcaption>{quotedCaption(held, me, noun)}</figcaption>
          <blockquote>{held.answer.text}</blockquote>
        </figure>
      )}
      <SentUncheckedNote item={item} />
      {!checking && outcome === null && detail && (
        <div className={item.state === 'failed' ? 'outbox-detail is-error' : 'outbox-detail'}>
          <p>{detail.text}</p>
          {detail.details !== null && (
            <details className="outbox-details">
              <summary>Details</summary>
              {detail.details}
            </details>
          )}
        </div>
      )}
      <div className="outbox-actions">
        {undoLeft > 0 && (
          <button type="button" className="button small" onClick={() => void undoSend(item)}>
            Undo ({undoLeft})
          </button>
        )}
        {held && (
          <>
            <button type="button" className="button small" onClick={() => void act('outbox.sendAnyway', item.id)}>
              {offered ? 'Send now' : 'Send anyway'}
            </button>
            <button type="button" className="button small" onClick={() => void act('outbox.cancel', item.id)}>
              Discard
            </button>
          </>
        )}
        {item.state === 'failed' && !held && (
          <button type="button" className="button small primary" onClick={() => void act('outbox.retry', item.id)}>
            Retry
          </button>
        )}
        {item.state === 'waiting' && !checking && (
          <button type="button" className="button small" onClick={() => void act('outbox.retry', item.id)}>
            Try now
          </button>
        )}
        {task.carriesText && canEdit(item) && undoLeft === 0 && (
          <button type="button" className="button small" onClick={edit}>
            Edit
          </button>
        )}
        {(pending || (item.state === 'failed' && !held)) && undoLeft === 0 && (
          <button
            type="button"
            className="button small ghost"
            disabled={checking}
            aria-describedby={checking ? reasonId : undefined}
            title={checking ? 'Checking whether it was posted' : undefined}
            onClick={() => void act('outbox.cancel', item.id)}
          >
            Cancel
          </button>
        )}
        {onOpen && (
          <button type="button" className="link-button" onClick={onOpen}>
            {answered.words.openIt}
          </button>
        )}
      </div>
    </article>
  );
}
