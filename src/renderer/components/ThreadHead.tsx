// The open item's head: whose client it is, on which network, who else in the team is replying to
// it, and the close button.
import type { Network } from '../../shared/networks.ts';
import { NETWORK_LABELS } from '../logic/composerRules.ts';
import { useInboxStore } from '../stores/inboxStore.ts';
import { profileColor, profileTitle, useProfilesStore } from '../stores/profilesStore.ts';
import { ClientDot } from './ClientDot.tsx';
import { NetworkIcon } from './NetworkIcon.tsx';
import { PresenceLine } from './PresenceLine.tsx';

export function ThreadHead({ item }: { item: { key?: string; profileId: string; platform: Network } | null }) {
  const profiles = useProfilesStore((state) => state.profiles);
  const open = useInboxStore((state) => state.open);
  return (
    <header className="thread-head">
      {item && (
        <>
          <ClientDot color={profileColor(profiles, item.profileId)} />
          <span className="thread-client">{profileTitle(profiles, item.profileId)}</span>
          <span className="thread-network">
            <NetworkIcon network={item.platform} size={16} /> {NETWORK_LABELS[item.platform]}
          </span>
          {item.key !== undefined && <PresenceLine itemKey={item.key} />}
        </>
      )}
      <button type="button" className="icon-button close" aria-label="Close the conversation" title="Close (Esc)" onClick={() => open(null)}>
        ×
      </button>
    </header>
  );
}
