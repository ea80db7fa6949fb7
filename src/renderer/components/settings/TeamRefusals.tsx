// Settings → Team's list of what this device refused from the team (decision 0064): documents a
// member's device wrote that it may not write (content for a client it did not poll, a rewritten
// history entry, a stamp far ahead). Shown only when there is something to show.
import type { TeamRefusalView } from '../../../shared/domain/teamStatus.ts';
import { refusalLine } from '../../logic/teamRefusals.ts';
import { useProfilesStore } from '../../stores/profilesStore.ts';

export function TeamRefusals({ refused }: { refused: readonly TeamRefusalView[] }) {
  const profiles = useProfilesStore((state) => state.profiles);
  if (refused.length === 0) return null;
  const title = (profileId: string) => profiles.find((profile) => profile.profileId === profileId)?.title ?? null;
  return (
    <section className="settings-section" aria-labelledby="team-refused-heading">
      <h3 id="team-refused-heading">Left out from the team</h3>
      <p className="muted small">
        This device left these out: they came through the team server but were not written by a device that may write them. Nothing here changed your inbox or
        its history.
      </p>
      <ul className="team-refused">
        {refused.map((group) => {
          const line = refusalLine(group, title);
          return <li key={line}>{line}</li>;
        })}
      </ul>
    </section>
  );
}
