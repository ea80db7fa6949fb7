// Deleting the open comment on its network, where the network allows it. The rule is shown before
// anyone tries (TikTok: the account's own comments only, so there is no button on others'); the
// button asks once more in place ("Delete on Facebook?") before the call goes out.
import { useEffect, useState } from 'react';
import { deletionRule } from '../../../shared/domain/commentDeletion.ts';
import type { InboxRow } from '../../../shared/domain/inbox.ts';
import { call } from '../../api/bridge.ts';
import { NETWORK_LABELS } from '../../logic/composerRules.ts';
import { displayItems } from '../../logic/listState.ts';
import { useInboxStore } from '../../stores/inboxStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import './commentDelete.css';

/** Takes a deleted comment out of the loaded list; the next row takes its place. */
function dropFromList(key: string): void {
  const state = useInboxStore.getState();
  const rows = state.rows.filter((row) => row.key !== key);
  if (rows.length === state.rows.length) return;
  const items = displayItems(rows, state.grouped);
  const order: number[] = [];
  for (const item of items) if (item.kind === 'row') order.push(item.index);
  useInboxStore.setState({ rows, items, order, cursor: Math.min(state.cursor, Math.max(0, order.length - 1)), openKey: null });
}

export function CommentDelete({ row }: { row: Pick<InboxRow, 'key' | 'platform' | 'byAccount'> }) {
  const rule = deletionRule(row);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const network = NETWORK_LABELS[row.platform];

  useEffect(() => {
    setConfirming(false);
    setProblem(null);
  }, [row.key]);

  async function remove() {
    setBusy(true);
    setProblem(null);
    const result = await call('inbox.deleteComment', { key: row.key });
    setBusy(false);
    if (!result.ok) {
      setProblem(result.error.message);
      return;
    }
    setConfirming(false);
    dropFromList(row.key);
    useUiStore.getState().showToast(`Comment deleted on ${network}`);
    useUiStore.getState().focusList();
  }

  return (
    <section className="comment-delete" aria-label="Delete the comment">
      <p className="delete-rule">
        <svg width="14" height="14" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.8" />
          <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
        {rule.allowed ? rule.note : rule.reason}
      </p>
      {rule.allowed &&
        (confirming ? (
          <div className="comment-delete-confirm" role="group" aria-label={`Confirm deleting on ${network}`}>
            <span className="comment-delete-question">Delete this comment on {network}?</span>
            <button type="button" className="button small danger" disabled={busy} onClick={() => void remove()}>
              {busy ? 'Deleting…' : `Delete on ${network}`}
            </button>
            <button type="button" className="button small ghost" disabled={busy} onClick={() => setConfirming(false)}>
              Keep it
            </button>
          </div>
        ) : (
          <button type="button" className="button small comment-delete-start" onClick={() => setConfirming(true)}>
            Delete comment…
          </button>
        ))}
      {problem && (
        <p className="error-text" role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
