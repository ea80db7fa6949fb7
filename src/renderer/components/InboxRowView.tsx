// One row of the list: client, network, author, text, time, the post it is on, and its states.
import { memo } from 'react';
import type { InboxRow } from '../../shared/domain/inbox.ts';
import type { OutboxItemView } from '../../shared/domain/outbox.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { stateLabel } from '../logic/outboxLabels.ts';
import { exactTime, relativeTime } from '../logic/relativeTime.ts';
import { useCssVars } from './hooks.ts';
import { NetworkIcon } from './NetworkIcon.tsx';

export interface RowProps {
  row: InboxRow;
  position: number;
  top: number;
  selected: boolean;
  checked: boolean;
  open: boolean;
  clientTitle: string;
  clientColor: string;
  outbox: OutboxItemView | undefined;
  now: number;
  onPick(position: number): void;
  onCheck(key: string): void;
}

export const InboxRowView = memo(function InboxRowView(props: RowProps) {
  const { row, position, top, selected, checked, open, clientTitle, clientColor, outbox, now } = props;
  const ref = useCssVars<HTMLDivElement>({ '--top': `${top}px`, '--client': clientColor });
  const created = Date.parse(row.created);
  const snoozed = row.snoozedUntil !== null && row.snoozedUntil > now;
  const outboxState = outbox ? stateLabel(outbox) : null;
  return (
    <div
      ref={ref}
      id={`inbox-option-${position}`}
      role="option"
      aria-selected={selected}
      aria-checked={checked}
      aria-posinset={position + 1}
      className={`row${selected ? ' is-current' : ''}${row.unread ? ' is-unread' : ''}${checked ? ' is-checked' : ''}${open ? ' is-open' : ''}`}
      onClick={() => props.onPick(position)}
    >
      <div
        className="row-check"
        aria-hidden="true"
        title={checked ? 'Unselect (x)' : 'Select (x)'}
        onClick={(event) => {
          event.stopPropagation();
          props.onCheck(row.key);
        }}
      >
        <span className="row-check-box" />
      </div>
      <div className="row-body">
        <div className="row-line row-head">
          <span className="row-author">{row.authorName}</span>
          <span className="row-client">
            <span className="client-dot" aria-hidden="true" />
            <span className="row-client-name">{clientTitle}</span>
          </span>
          <span className="row-time" title={exactTime(created)}>
            {relativeTime(created, now)}
          </span>
        </div>
        <div className="row-line row-text">{row.text}</div>
        <div className="row-line row-foot">
          <NetworkIcon network={row.platform} size={14} />
          <span className="visually-hidden">{NETWORK_LABELS[row.platform]}</span>
          <span className="row-post">{row.postExcerpt}</span>
          <span className="row-badges">
            {row.unread && <span className="badge badge-unread">Unread</span>}
            {outboxState !== null && <span className={`badge badge-${outbox?.state ?? ''}`}>{outboxState}</span>}
            {row.replied && outboxState === null && <span className="badge badge-replied">Replied</span>}
            {row.done && <span className="badge">Done</span>}
            {snoozed && <span className="badge">Snoozed</span>}
            {row.hidden && <span className="badge badge-hidden">Hidden</span>}
            {row.byAccount && <span className="badge badge-own">You</span>}
          </span>
        </div>
      </div>
    </div>
  );
});
