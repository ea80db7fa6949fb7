// What went wrong with an outbox file, in words, above the inbox: which account's file was found
// damaged, what the app did (a fresh file, the old one kept, how much was read back), and the rows
// it had to set aside, each with its text to copy (they are never sent: the person decides).
import { useEffect, useState } from 'react';
import type { SetAsideRow } from '../../shared/domain/outbox.ts';
import { call } from '../api/bridge.ts';
import { fmt } from '../logic/format.ts';
import { useStatusStore } from '../stores/statusStore.ts';
import { Notice } from './Notice.tsx';
import './outboxHealth.css';

/** Each outbox file's set-aside rows in words: what the row was, and why it has no text when it has none. */
const SET_ASIDE_WORDS: Record<SetAsideRow['kind'], { what: string; noText: string; written: boolean }> = {
  reply: { what: 'Reply', noText: 'Its text could not be read.', written: true },
  'comments-setting': { what: 'Comments on/off change', noText: "A post's comments turned on or off: it has no text to copy.", written: false },
};

function SetAsideItem({ row }: { row: SetAsideRow }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const words = SET_ASIDE_WORDS[row.kind];
  const what = words.what;
  return (
    <li className="set-aside-row">
      <p className="set-aside-meta">
        {what} · {row.accountTitle} · set aside {fmt.dateTime(row.at)}
        {row.answers ? ` · answering ${row.answers}` : ''}
      </p>
      {row.text !== null ? <blockquote className="set-aside-text">{row.text}</blockquote> : <p className="set-aside-text is-missing">{words.noText}</p>}
      <p className="set-aside-why">Why: {row.reason}</p>
      {row.text !== null && (
        <button
          type="button"
          className="button small"
          onClick={() => {
            void (navigator.clipboard?.writeText(row.text ?? '') ?? Promise.reject(new Error('no clipboard'))).then(
              () => setCopied('yes'),
              () => setCopied('failed'),
            );
          }}
        >
          {copied === 'yes' ? 'Copied' : 'Copy text'}
        </button>
      )}
      {copied === 'failed' && (
        <span className="set-aside-copy-failed" role="alert">
          The clipboard could not be reached: select the text and copy it by hand.
        </span>
      )}
    </li>
  );
}

export function OutboxHealthBanner() {
  const health = useStatusStore((state) => state.outboxHealth);
  const [rows, setRows] = useState<SetAsideRow[]>([]);
  const [open, setOpen] = useState(false);
  const [hidden, setHidden] = useState(false);

  useEffect(() => {
    let live = true;
    void call('outbox.setAside', {}).then((result) => {
      if (live && result.ok) setRows(result.data.rows);
    });
    return () => {
      live = false;
    };
  }, [health]);

  if (hidden || (health.length === 0 && rows.length === 0)) return null;
  const replies = rows.filter((row) => SET_ASIDE_WORDS[row.kind].written).length;
  return (
    <Notice label="Outbox problems" className="outbox-health">
      {health.map((entry) => (
        <p key={`${entry.accountId}:${entry.queue}`} className="notice-message" role={entry.state === 'closed' ? 'alert' : 'status'}>
          {entry.message}
        </p>
      ))}
      {health.length === 0 && (
        <p className="notice-message">
          {rows.length === 1
            ? 'One row of an outbox could not be read and was set aside'
            : `${rows.length} rows of the outboxes could not be read and were set aside`}
          : they are never sent.
        </p>
      )}
      <div className="notice-actions">
        {rows.length > 0 && (
          <button type="button" className="button small" aria-expanded={open} aria-controls="set-aside-list" onClick={() => setOpen(!open)}>
            {open
              ? 'Hide the set-aside rows'
              : `Show the set-aside rows (${rows.length}${replies > 0 && replies !== rows.length ? `, ${replies} replies` : ''})`}
          </button>
        )}
        <button type="button" className="button small ghost" onClick={() => setHidden(true)}>
          Hide this notice
        </button>
      </div>
      {open && (
        <ul id="set-aside-list" className="set-aside-list" aria-label="Set-aside rows">
          {rows.map((row) => (
            <SetAsideItem key={row.key} row={row} />
          ))}
        </ul>
      )}
    </Notice>
  );
}
