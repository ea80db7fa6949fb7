// The Messages list of a client whose messaging is off at the service is not "inbox zero": nothing
// can come in. It says so, for which networks, and how to turn it on (the core learns it from the
// sync: inbox.messagingOff).
import { useEffect, useState } from 'react';
import { MESSAGE_NETWORKS, type Network } from '../../../shared/networks.ts';
import { call } from '../../api/bridge.ts';
import { NETWORK_LABELS } from '../../logic/networkLabels.ts';
import { useCountsStore } from '../../stores/countsStore.ts';
import { useProfilesStore } from '../../stores/profilesStore.ts';

/** Whether this client's messaging is off, asked again when the counts change (the sync did something); null while asked. */
export function useMessagingOff(profileId: string | null): boolean | null {
  const counts = useCountsStore((state) => state.counts);
  const [answer, setAnswer] = useState<{ profileId: string; off: boolean } | null>(null);
  useEffect(() => {
    if (profileId === null) return;
    let current = true;
    void call('inbox.messagingOff', {}).then((result) => {
      if (current && result.ok) setAnswer({ profileId, off: result.data.profiles.some((profile) => profile.profileId === profileId) });
    });
    return () => {
      current = false;
    };
  }, [profileId, counts]);
  return profileId !== null && answer?.profileId === profileId ? answer.off : null;
}

/** "Instagram", "Facebook and Instagram", "Facebook, Instagram and X". */
function networkList(networks: readonly Network[]): string {
  const names = networks.map((network) => NETWORK_LABELS[network]);
  if (names.length <= 1) return names[0] ?? 'direct messages';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1] ?? ''}`;
}

export function MessagingOffNote({ profileId }: { profileId: string }) {
  const profile = useProfilesStore((state) => state.profiles.find((p) => p.profileId === profileId));
  const networks = MESSAGE_NETWORKS.filter((network) => profile?.linkedNetworks.includes(network) ?? false);
  return (
    <div className="messaging-off" role="note">
      <p className="messaging-off-title">Messaging is off for this client’s {networkList(networks)}</p>
      <p>
        The service does not pass on {profile ? `${profile.title}’s` : 'this client’s'} direct messages until messaging is turned on: in the service’s
        dashboard, open this client’s profile and switch on “Messaging Active”. The app asks again within a few hours, and their conversations then appear here.
      </p>
    </div>
  );
}
