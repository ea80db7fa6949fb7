// The sync in one true line (logic/syncHeadline.ts): offline, paused, waiting for a key, failing,
// syncing (with a bar while a long first sync runs) or up to date; which client and since when.
import { useMemo } from 'react';
import { syncHeadline } from '../logic/syncHeadline.ts';
import { useProfilesStore } from '../stores/profilesStore.ts';
import { useStatusStore } from '../stores/statusStore.ts';
import { useCssVars } from './hooks.ts';
import { fmt } from '../logic/format.ts';

export function SyncStatus() {
  const sync = useStatusStore((state) => state.sync);
  const states = useStatusStore((state) => state.states);
  const connectivity = useStatusStore((state) => state.connectivity);
  const paused = useStatusStore((state) => state.syncPaused);
  const pausedAt = useStatusStore((state) => state.pausedAt);
  const setPaused = useStatusStore((state) => state.setPaused);
  const keyProblem = useStatusStore((state) => state.keyProblem);
  const problem = useStatusStore((state) => state.lastProblem);
  const fetched = useStatusStore((state) => state.fetched);
  const loaded = useStatusStore((state) => state.loaded);
  const failing = useStatusStore((state) => state.failing);
  const problemSeen = useStatusStore((state) => state.problemSeen);
  const dismissProblem = useStatusStore((state) => state.dismissProblem);
  const accounts = useProfilesStore((state) => state.accounts);
  const profiles = useProfilesStore((state) => state.profiles);
  let done = 0;
  let total = 0;
  for (const entry of Object.values(sync)) {
    done += entry.postsDone;
    total += entry.postsTotal;
  }
  const headline = useMemo(
    () =>
      syncHeadline(
        {
          accounts,
          profiles,
          connectivity,
          states: Object.values(states),
          paused,
          pausedAt,
          keyProblem,
          lastProblem: problem,
          failing,
          postsDone: done,
          postsTotal: total,
          fetched: Object.values(fetched),
          loaded,
        },
        fmt,
      ),
    [accounts, profiles, connectivity, states, paused, pausedAt, keyProblem, problem, failing, done, total, fetched, loaded],
  );
  const share = total === 0 ? 1 : done / total;
  const barRef = useCssVars<HTMLDivElement>({ '--progress': `${Math.round(share * 100)}%` });
  const dot = headline.tone === 'paused' ? ' is-paused' : headline.tone === 'busy' ? ' is-busy' : headline.tone === 'ok' ? '' : ' is-trouble';
  return (
    <div className="sync-status" role="group" aria-label="Sync status" aria-live="polite">
      <div className="sync-line">
        <span className={`sync-dot${dot}`} aria-hidden="true" />
        <span className="sync-text">
          {headline.text}
          {headline.who !== null && <span className="sync-who"> · {headline.who}</span>}
        </span>
        <button type="button" className="link-button" onClick={() => void setPaused(!paused)}>
          {paused ? 'Resume' : 'Pause'}
        </button>
      </div>
      {headline.tone === 'busy' && total > 0 && (
        <div ref={barRef} className="progress" role="progressbar" aria-label="Sync progress" aria-valuemin={0} aria-valuemax={total} aria-valuenow={done}>
          <div className="progress-fill" />
        </div>
      )}
      {problem && !problemSeen && (
        // A passing problem (the service failed, an odd answer), in the translator's words: it goes
        // when the sync works again; Dismiss hides the words, the line above still says it fails.
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
