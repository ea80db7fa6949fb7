// The team as this window knows it: who this device is (team.status, read once), and who else is
// replying to what (team.presenceChanged keeps it live). Outside a team `me` stays null, and the
// composer tells main nothing.
import { create } from 'zustand';
import type { TeamPresenceView } from '../../shared/domain/teamStatus.ts';
import { call, on } from '../api/bridge.ts';
import type { TeamMe } from '../logic/presenceWords.ts';

interface PresenceState {
  me: TeamMe | null;
  present: TeamPresenceView[];
  load: () => Promise<void>;
  setPresent: (present: TeamPresenceView[]) => void;
}

export const usePresenceStore = create<PresenceState>((set) => ({
  me: null,
  present: [],
  async load() {
    const result = await call('team.status', {});
    if (!result.ok) return;
    const { joined, member, device, present } = result.data;
    set({ me: joined && member !== null && device !== null ? { member, device } : null, present });
  },
  setPresent(present) {
    set({ present });
  },
}));

/** Who else in the team is replying to what (issue 22; stores/liveUpdates.ts starts this). */
export function listenForPresence(): (() => void)[] {
  return [on('team.presenceChanged', ({ present }) => usePresenceStore.getState().setPresent(present))];
}
