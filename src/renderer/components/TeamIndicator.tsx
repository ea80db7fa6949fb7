// The sidebar's team line (issue 22): when this device is in a team (or set to join one and cannot),
// one short line under the sync line: "Team: up to date", "Team server unreachable since 14:02",
// "Team: password refused". It opens Settings → Team, where the whole sentence is. Nothing when the
// device works on its own.
import { fmt } from '../logic/format.ts';
import { teamHeadline } from '../logic/teamHeadline.ts';
import { useClock } from '../stores/clockStore.ts';
import { useTeamStatus, useTeamStatusStore } from '../stores/teamStatusStore.ts';
import { useUiStore } from '../stores/uiStore.ts';
import './settings/teamSettings.css';

const MINUTE_MS = 60_000;

export function TeamIndicator() {
  const status = useTeamStatus();
  const minute = useClock((now) => Math.floor(now / MINUTE_MS) * MINUTE_MS);
  const setOverlay = useUiStore((state) => state.setOverlay);
  const setOpenOnTeam = useTeamStatusStore((state) => state.setOpenOnTeam);
  if (status === null) return null;
  const headline = teamHeadline(status, fmt, minute);
  if (headline.tone === 'alone') return null;
  return (
    <button
      type="button"
      className={`team-indicator is-${headline.tone}`}
      title={headline.warning === null ? headline.text : `${headline.text} ${headline.warning}`}
      aria-label={`${headline.text} Open the team settings.`}
      onClick={() => {
        setOpenOnTeam(true);
        setOverlay('settings');
      }}
    >
      <span className="team-dot" aria-hidden="true" />
      <span className="team-indicator-short" aria-hidden="true">
        Team
      </span>
      <span className="team-indicator-text">
        {headline.short}
        {headline.warning !== null && ' · a reply went without checking'}
      </span>
    </button>
  );
}
