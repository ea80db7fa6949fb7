// Deleting the open comment on its network, where the network allows it. The rule is shown before
// anyone tries (TikTok: the account's own comments only, so there is no button on others'); the
// button asks once more in place ("Delete on Facebook?") before the call goes out.
import { useEffect, useState } from 'react';
import { deletionRule } from '../../../shared/domain/commentDeletion.ts';
import type { NetworkRow } from '../../../shared/domain/inbox.ts';
import { call } from '../../api/bridge.ts';
import { NETWORK_LABELS } from '../../logic/composerRules.ts';
import { useInboxStore } from '../../stores/inboxStore.ts';
import { useUiStore } from '../../stores/uiStore.ts';
import './commentDelete.css';

export function CommentDelete({ row }: { row: Pick<NetworkRow, 'key' | 'platform' | 'byAccount'> }) {
  const rule = deletionRule(row);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const network = NETWORK_LABELS[row.platform];
  const dropRow = useInboxStore((state) => state.dropRow);
  const showToast = useUiStore((state) => state.showToast);
  const focusList = useUiStore((state) => state.focusList);

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
    dropRow(row.key);
    showToast(`Comment deleted on ${network}`);
    focusList();
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
