// How far the sync has come, calmly, with a bar while a long first sync runs.
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useStatusStore } from '../stores/statusStore.ts';
import { useCssVars } from './hooks.ts';
import { fmt } from '../logic/format.ts';

export function SyncStatus() {
  const sync = useStatusStore((state) => state.sync);
  const paused = useStatusStore((state) => state.syncPaused);
  const setPaused = useStatusStore((state) => state.setPaused);
  const problem = useStatusStore((state) => state.lastProblem);
  const dismissProblem = useStatusStore((state) => state.dismissProblem);
  const accounts = useProfilesStore((state) => state.accounts);
  let done = 0;
  let total = 0;
  for (const entry of Object.values(sync)) {
    done += entry.postsDone;
    total += entry.postsTotal;
  }
  const syncing = total > 0 && done < total;
  const share = total === 0 ? 1 : done / total;
  const barRef = useCssVars<HTMLDivElement>({ '--progress': `${Math.round(share * 100)}%` });
  const text = paused
    ? 'Sync paused'
    : syncing
      ? `Syncing ${fmt.number(done)} of ${fmt.number(total)} posts`
      : accounts.length === 0
        ? 'Starting…'
        : 'Up to date';
  return (
    <div className="sync-status" aria-live="polite">
      <div className="sync-line">
        <span className={`sync-dot${paused ? ' is-paused' : syncing ? ' is-busy' : ''}`} aria-hidden="true" />
        <span className="sync-text">{text}</span>
        <button type="button" className="link-button" onClick={() => void setPaused(!paused)}>
          {paused ? 'Resume' : 'Pause'}
        </button>
      </div>
      {syncing && !paused && (
        <div ref={barRef} className="progress" role="progressbar" aria-label="Sync progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
          <div className="progress-fill" />
        </div>
      )}
      {problem && (
        // A passing problem (the service failed, an odd answer): it goes when the sync works again, or now.
        <p className="sync-problem">
          <span className="sync-problem-text" title={problem.message}>
            {problem.message}
          </span>
          <button type="button" className="link-button" onClick={dismissProblem}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
