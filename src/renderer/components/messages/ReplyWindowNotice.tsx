// How long the conversation can still be answered (facebook, instagram): a countdown that ticks
// every second (the one clock the list's rows read too), a warning under a day, and since when it is closed. X has no window, and says so.
import type { Network } from '../../../shared/networks.ts';
import { NETWORK_LABELS } from '../../logic/composerRules.ts';
import { exactTime } from '../../logic/relativeTime.ts';
import { closedAgo, countdown, replyWindowState, windowRule } from '../../logic/replyWindow.ts';
import { useClock } from '../../stores/clockStore.ts';

export function ReplyWindowNotice({ platform, closesAt, personName }: { platform: Network; closesAt: number | null; personName: string }) {
  // The list's rows count down on the same clock (clockStore.ts).
  const now = useClock((value) => value);
  const state = replyWindowState(platform, closesAt, now);
  switch (state.kind) {
    case 'none':
      return (
        <section className="reply-window" aria-label="Reply window">
          <p>{NETWORK_LABELS[platform]} has no reply window: an answer can go at any time.</p>
        </section>
      );
    case 'neverOpened':
      return (
        <section className="reply-window is-closed" aria-label="Reply window">
          <p className="reply-window-title">Reply window not open</p>
          <p>
            {personName} has not written in this conversation. {windowRule(platform)}
          </p>
        </section>
      );
    case 'closed':
      return (
        <section className="reply-window is-closed" aria-label="Reply window">
          <p className="reply-window-title">
            Reply window closed {closedAgo(state.closedAt, now)} <span className="reply-window-exact">({exactTime(state.closedAt)})</span>
          </p>
          <p>
            {windowRule(platform)} Sending is possible again once {personName} writes.
          </p>
        </section>
      );
    case 'open':
      return (
        <section className={`reply-window${state.closingSoon ? ' is-warning' : ' is-open'}`} aria-label="Reply window">
          <p className="reply-window-title">
            Reply window closes in <span className="reply-window-countdown">{countdown(state.leftMs)}</span>{' '}
            <span className="reply-window-exact">({exactTime(state.closesAt)})</span>
          </p>
          <p>
            {state.closingSoon ? `Less than a day left. ` : ''}
            {windowRule(platform)}
          </p>
        </section>
      );
  }
}
