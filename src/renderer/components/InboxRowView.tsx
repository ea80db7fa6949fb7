// One row of the list: client, network, author, text, time, the post it is on, and its states. A
// conversation's row: the person, their last message (or the account's, as "You: …"), "Direct
// message" and their @username where the post would be, and its reply window when it closes soon.
// A row reads whether it is the current, checked or open one (and its reply's outbox state) from
// the stores itself, so moving the selection re-renders the two rows it leaves and enters, not
// the list (issue 6: `j` within a frame): its props stay the same from one `j` to the next, and
// its body (RowBody), which does not depend on the selection, is not rendered again.
import { withKey } from '../commands/commandKeys.ts';
import { useTeamStore } from '../stores/teamStore.ts';
import { memberName } from '../logic/teamWords.ts';
import { memo, useMemo } from 'react';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import type { Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { stateLabel } from '../logic/outboxLabels.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { replyWindowState, windowBadge } from '../logic/replyWindow.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { useOutboxStore } from '../stores/outboxStore.ts';
import { useClock } from '../stores/clockStore.ts';
import { answerElsewhere } from '../logic/answerElsewhere.ts';
import { aroundFirstMatch } from '../logic/aroundFirstMatch.ts';
import { Highlighted } from './Highlighted.tsx';
import { useCssVars } from './hooks.ts';
import { kindRowPart } from './kindPanes.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { isPicked } from '../logic/selection.ts';
import './oneTarget.css';

export interface RowProps {
  row: InboxRow;
  position: number;
  top: number;
  clientTitle: string;
  clientColor: string;
  now: number;
  onPick(position: number): void;
  onCheck(key: string): void;
}

export const InboxRowView = memo(function InboxRowView(props: RowProps) {
  const { row, position, top, clientTitle, clientColor, now } = props;
  const selected = useInboxStore((state) => state.cursor === position);
  const checked = useInboxStore((state) => isPicked(state.selection, row.key));
  const open = useInboxStore((state) => state.openKey === row.key);
  // Listed only because it is open: it left the view (issue 27, one target).
  const kept = useInboxStore((state) => state.kept === row.key);
  const ref = useCssVars<HTMLDivElement>({ '--top': `${top}px`, '--client': clientColor });
  return (
    <div
      ref={ref}
      id={`inbox-option-${position}`}
      role="option"
      aria-selected={selected}
      aria-checked={checked}
      aria-posinset={position + 1}
      className={`row${selected ? ' is-current' : ''}${row.unread ? ' is-unread' : ''}${checked ? ' is-checked' : ''}${open ? ' is-open' : ''}${kept ? ' is-kept' : ''}`}
      onClick={() => props.onPick(position)}
    >
      <div
        className="row-check"
        aria-hidden="true"
        title={withKey(checked ? 'Unselect' : 'Select', 'select')}
        onClick={(event) => {
          event.stopPropagation();
          props.onCheck(row.key);
        }}
      >
        <span className="row-check-box" />
      </div>
      <RowBody row={row} clientTitle={clientTitle} now={now} kept={kept} />
    </div>
  );
});

/** What the row says; the same whether the row is current, checked or open, so a move skips it. */
const RowBody = memo(function RowBody({ row, clientTitle, now, kept }: { row: InboxRow; clientTitle: string; now: number; kept: boolean }) {
  const outbox: OutboxItemView | undefined = useOutboxStore((state) => state.byComment[row.key]);
  const created = Date.parse(row.created);
  // toLocaleString builds a formatter per call (a fraction of a millisecond): once per row, not per render.
  const exact = useMemo(() => exactTime(created), [created]);
  const snoozed = row.snoozedUntil !== null && row.snoozedUntil > now;
  const outboxState = outbox ? stateLabel(outbox) : null;
  // Only a conversation's row has its conversation part.
  const conversation = row.conversation ?? null;
  // Answered (the account spoke last, or an answer is on its way): the window is no one's worry.
  const answered = row.replied || (outbox !== undefined && outbox.state !== 'failed' && outbox.state !== 'cancelled');
  const elsewhere = !conversation && !row.byAccount && !row.replied ? answerElsewhere(row) : null;
  const match = row.match;
  const shown = match ? aroundFirstMatch(match.text, match.ranges) : null;
  // A kind's own line where a comment shows its post (a review's stars), from the kinds' registry.
  const rowPart = kindRowPart(row.kind)?.(row) ?? null;
  const fromAccount = match ? match.message?.fromAccount === true : conversation !== null && row.replied;
  return (
    <div className="row-body">
      <div className="row-line row-head">
        {conversation && <DirectMessageMark />}
        <span className="row-author">{match ? <Highlighted text={row.authorName} ranges={match.authorRanges} /> : row.authorName}</span>
        <span className="row-client">
          <span className="client-dot" aria-hidden="true" />
          <span className="row-client-name">{clientTitle}</span>
        </span>
        <span className="row-time" title={exact}>
          {relativeTime(created, now)}
        </span>
      </div>
      <div className="row-line row-text">
        {fromAccount && 'You: '}
        {shown ? <Highlighted text={shown.text} ranges={shown.ranges} /> : row.text}
      </div>
      <div className="row-line row-foot">
        <NetworkIcon network={row.platform} size={14} />
        <span className="visually-hidden">{NETWORK_LABELS[row.platform]}</span>
        <span className="row-post">
          {rowPart ?? (conversation ? `Direct message${conversation.username ? ` · @${conversation.username.replace(/^@+/, '')}` : ''}` : row.postExcerpt)}
        </span>
        <span className="row-badges">
          {kept && <span className="badge badge-kept">Not in this view any more</span>}
          {conversation && !answered && row.platform !== 'gmb' && <WindowBadge platform={row.platform} closesAt={conversation.replyWindowClosesAt} />}
          {elsewhere && <span className="badge badge-elsewhere">{elsewhere.label}</span>}
          {row.unread && <span className="badge badge-unread">Unread</span>}
          {outboxState !== null && <span className={`badge badge-${outbox?.state ?? ''}`}>{outboxState}</span>}
          {row.replied && outboxState === null && !conversation && <span className="badge badge-replied">Replied</span>}
          {row.done && <span className="badge">Done</span>}
          {snoozed && <span className="badge">Snoozed</span>}
          {row.hidden && <span className="badge badge-hidden">Hidden</span>}
          {row.byAccount && <span className="badge badge-own">You</span>}
          {row.assignee !== undefined && <AssigneeBadge assignee={row.assignee} />}
        </span>
      </div>
    </div>
  );
});

/** "Assigned to Bob" (a team's item; "to you" for this member's). */
function AssigneeBadge({ assignee }: { assignee: string }) {
  const me = useTeamStore((state) => state.me);
  return <span className="badge badge-assignee">Assigned to {memberName(assignee, me)}</span>;
}

/** A conversation's window, on the clock the open conversation's pane counts down on (clockStore.ts). */
function WindowBadge({ platform, closesAt }: { platform: Network; closesAt: number | null }) {
  // Two plain values, so that the row renders again only when one of them changes.
  const text = useClock((now) => windowBadge(replyWindowState(platform, closesAt, now))?.text ?? null);
  const warning = useClock((now) => windowBadge(replyWindowState(platform, closesAt, now))?.warning === true);
  if (text === null) return null;
  return <span className={`badge${warning ? ' badge-window' : ''}`}>{text}</span>;
}

/** A speech bubble before the person's name: this row is a conversation, not a comment. */
function DirectMessageMark() {
  return (
    <span className="row-dm" title="Direct message">
      <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 5h16v11H9l-5 4z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M8 9.5h8M8 12.5h5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
      </svg>
      <span className="visually-hidden">Direct message from</span>
    </span>
  );
}
