// The team as this window knows it (issue 22): whether the device is in a team workspace, who this
// member is, the members one can assign to, the open item's note and history, and the notices of
// concurrent decisions. Outside a team everything here stays empty and the team's views and
// commands do not show.
import { create } from 'zustand';
import type { ResolutionNotice, TeamItem } from '../../shared/domain/teamItem.ts';
import { call, on } from '../api/bridge.ts';

interface TeamState {
  joined: boolean;
  me: string | null;
  members: string[];
  notices: ResolutionNotice[];
  /** The open item's note, assignee and history (team.itemHistory); null while none is loaded. */
  item: TeamItem | null;
  /** Bumped to ask the note field to take the focus (Add note, `n`). */
  noteFocus: number;
  load: () => Promise<void>;
  setNotices: (notices: ResolutionNotice[]) => void;
  dismiss: (id: string) => Promise<void>;
  loadItem: (key: string | null) => Promise<void>;
  focusNote: () => void;
}

export const useTeamStore = create<TeamState>((set, get) => ({
  joined: false,
  me: null,
  members: [],
  notices: [],
  item: null,
  noteFocus: 0,
  async load() {
    const [members, notices] = await Promise.all([call('team.members', {}), call('team.notices', {})]);
    if (members.ok) set({ joined: members.data.joined, me: members.data.me, members: members.data.members });
    if (notices.ok) set({ notices: notices.data.notices });
  },
  setNotices(notices) {
    set({ notices });
  },
  async dismiss(id) {
    set({ notices: get().notices.filter((notice) => notice.id !== id) });
    await call('team.dismissNotice', { id });
  },
  async loadItem(key) {
    if (key === null) {
      set({ item: null });
      return;
    }
    const result = await call('team.itemHistory', { key });
    set({ item: result.ok ? result.data : null });
  },
  focusNote() {
    set({ noteFocus: get().noteFocus + 1 });
  },
}));

/** Whether this window is in a team (the keymap's and the palette's context read it when a key arrives). */
export function inTeam(): boolean {
  return useTeamStore.getState().joined;
}

/** The team's notices, and the open item's note, assignee and history when its state changed anywhere (stores/liveUpdates.ts starts this). */
export function listenForTeam(): (() => void)[] {
  return [
    on('team.noticesChanged', ({ notices }) => useTeamStore.getState().setNotices(notices)),
    on('items.stateChanged', ({ items, more }) => {
      const open = useTeamStore.getState().item?.key;
      if (open !== undefined && (more || items.some((item) => item.key === open))) void useTeamStore.getState().loadItem(open);
    }),
  ];
}
